import Foundation

/// The search bits of one object's rows.
///
/// Unchecked: used by the one thread that builds it until it is kept under `OrgStore`'s lock,
/// and only under that lock from then on.
final class ObjectSearchSignatures: @unchecked Sendable {
    private let object: SObjectType
    private let fields: [FieldSpec]
    private(set) var rows: [SearchBits] = []
    /// The bits of non-ASCII texts, which repeat across rows (names, cities) and cost the most to fold.
    private var folded: [UTF8Key: SearchBits] = [:]

    init(_ object: SObjectType) {
        self.object = object
        fields = OrgStore.searchedFields(of: object, scope: .all)
    }

    var rowCount: Int { rows.count }

    /// Whether the row may hold every term (false: it holds none of them in full for sure).
    func mayMatch(row: Int, _ terms: [TermBits]) -> Bool {
        guard row < rows.count else { return true }
        let have = rows[row]
        return terms.allSatisfy { $0.isMet(by: have) }
    }

    /// Makes the bits of the rows past the last one made, up to `count`.
    func extend(to count: Int, tables: OrgTables) {
        guard rows.count < count else { return }
        appendBits(of: rows.count..<count, tables: tables)
        if folded.count > 100_000 { folded.removeAll() }
    }

    /// Appends the bits of `rows` of `tables`, in order.
    private func appendBits(of range: Range<Int>, tables: OrgTables) {
        rows.reserveCapacity(rows.count + range.count)
        for row in range { rows.append(bits(of: row, tables: tables)) }
    }

    /// From this many rows on, `build` makes the second half on a thread of its own, when there are
    /// two cores to share the work.
    static let splitRowCount = ProcessInfo.processInfo.activeProcessorCount > 1 ? 100_000 : Int.max

    /// Makes the bits of every row of `tables`, a snapshot that nothing changes meanwhile: the
    /// second half on a thread of its own from `splittingFrom` rows on.
    func build(from tables: OrgTables, splittingFrom splitRowCount: Int = splitRowCount) {
        let count = tables.rowCount(of: object)
        guard count >= splitRowCount else {
            extend(to: count, tables: tables)
            return
        }
        let middle = count / 2
        let secondHalf = ObjectSearchSignatures(object)
        // Only read, by both threads, while neither changes it.
        nonisolated(unsafe) let snapshot = tables
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            secondHalf.appendBits(of: middle..<count, tables: snapshot)
            done.signal()
        }
        thread.name = "mock-org search bits"
        thread.start()
        extend(to: middle, tables: tables)
        done.wait()
        rows.append(contentsOf: secondHalf.rows)
    }

    /// Makes the bits of `row` again, if it has them.
    func update(row: Int, tables: OrgTables) {
        guard row < rows.count else { return }
        rows[row] = bits(of: row, tables: tables)
    }

    private func bits(of row: Int, tables: OrgTables) -> SearchBits {
        var bits = SearchBits()
        for field in fields {
            guard case .string(var text) = field.read(tables, row) else { continue }
            let isPhone = field.type == .phone
            text.makeContiguousUTF8()
            if let ascii = text.utf8.withContiguousStorageIfAvailable({ SearchBits(ascii: $0, digitsToo: isPhone) }),
                let ascii
            {
                bits |= ascii
                continue
            }
            bits |= foldedBits(text)
            if isPhone { bits |= foldedBits(String(text.filter(\.isNumber))) }
        }
        return bits
    }

    private func foldedBits(_ text: String) -> SearchBits {
        let key = UTF8Key(text: text)
        if let kept = folded[key] { return kept }
        let bits = SearchBits(folded: Self.fold(text).utf8)
        folded[key] = bits
        return bits
    }

    /// A text compared and hashed by its bytes: `String`'s own Unicode-aware equality and
    /// hashing cost more than folding saves.
    private struct UTF8Key: Hashable {
        let text: String

        static func == (left: UTF8Key, right: UTF8Key) -> Bool { left.text.utf8.elementsEqual(right.text.utf8) }

        func hash(into hasher: inout Hasher) {
            var text = text
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }

    /// Text as the search compares it: lowercased, then in NFC.
    static func fold(_ text: String) -> String {
        text.lowercased().precomposedStringWithCanonicalMapping
    }
}
