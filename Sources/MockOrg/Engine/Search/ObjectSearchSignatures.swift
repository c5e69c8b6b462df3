import Foundation

/// The search bits of one object's rows. Only used under `OrgStore`'s lock once built.
final class ObjectSearchSignatures {
    private let object: SObjectType
    private var maker: RowBitsMaker
    private(set) var rows: [SearchBits] = []

    init(_ object: SObjectType) {
        self.object = object
        maker = RowBitsMaker(object)
    }

    /// The rows of a range that may hold every term, in row order; every other row holds none of
    /// them in full for sure. A tight pass over the bits, a block of rows at a time (a scan that
    /// stops early reads no more than it needs): the terms that need their tokens' bits alone are
    /// one test.
    func candidates(_ terms: [TermBits]) -> (Range<Int>) -> [Int32] {
        let rows = self.rows
        let tokens = terms.filter { $0.digits == nil }.reduce(into: SearchBits()) { $0 |= $1.tokens }
        let either = terms.filter { $0.digits != nil }
        return { range in
            var found: [Int32] = []
            rows.withUnsafeBufferPointer { rows in
                for row in range.clamped(to: rows.indices) {
                    let have = rows[row]
                    if have.holds(tokens) && either.allSatisfy({ $0.isMet(by: have) }) { found.append(Int32(row)) }
                }
            }
            return found
        }
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
