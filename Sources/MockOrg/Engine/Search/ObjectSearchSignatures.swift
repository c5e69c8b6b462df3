import Foundation

/// The search bits of one object's rows.
///
/// Unchecked: used by the one thread that builds it until it is kept under `OrgStore`'s lock,
/// and only under that lock from then on.
final class ObjectSearchSignatures: @unchecked Sendable {
    private let fields: [FieldSpec]
    private var rows: [SearchBits] = []
    /// The bits of non-ASCII texts, which repeat across rows (names, cities) and cost the most to fold.
    private var folded: [String: SearchBits] = [:]

    init(_ object: SObjectType) {
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
        rows.reserveCapacity(count)
        for row in rows.count..<count { rows.append(bits(of: row, tables: tables)) }
        if folded.count > 100_000 { folded.removeAll() }
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
        if let kept = folded[text] { return kept }
        let bits = SearchBits(folded: Self.fold(text).utf8)
        folded[text] = bits
        return bits
    }

    /// Text as the search compares it: lowercased, then in NFC.
    static func fold(_ text: String) -> String {
        text.lowercased().precomposedStringWithCanonicalMapping
    }
}
