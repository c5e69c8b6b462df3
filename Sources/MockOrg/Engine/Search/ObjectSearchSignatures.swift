import Foundation

/// The search bits of one object's rows.
///
/// Unchecked: used by the one thread that builds it until it is kept under `OrgStore`'s lock,
/// and only under that lock from then on.
final class ObjectSearchSignatures: @unchecked Sendable {
    private let object: SObjectType
    private var maker: RowBitsMaker
    private(set) var rows: [SearchBits] = []

    init(_ object: SObjectType) {
        self.object = object
        maker = RowBitsMaker(object)
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
        for row in rows.count..<count { rows.append(maker.bits(of: row, tables: tables)) }
        maker.trimCache()
    }

    /// Makes the bits of every row of `tables`, which nothing changes meanwhile: in two halves at
    /// once from `halvingFrom` rows on.
    func build(from tables: OrgTables, halvingFrom: Int = [SearchBits].halvingCount) {
        let object = self.object
        // Only read, by both halves' threads, while nothing changes it.
        nonisolated(unsafe) let tables = tables
        rows = [SearchBits](count: tables.rowCount(of: object), halvingFrom: halvingFrom) {
            var maker = RowBitsMaker(object)
            return { row in maker.bits(of: row, tables: tables) }
        }
    }

    /// Makes the bits of `row` again, if it has them.
    func update(row: Int, tables: OrgTables) {
        guard row < rows.count else { return }
        rows[row] = maker.bits(of: row, tables: tables)
    }

    /// Text as the search compares it: lowercased, then in NFC.
    static func fold(_ text: String) -> String {
        text.lowercased().precomposedStringWithCanonicalMapping
    }
}
