import Testing

@testable import MockOrg

/// A job's CSV lines: ids and text read straight from the tables write what their values write,
/// and lines written in parts at once are the lines written in one.
@Suite struct BulkCSVLinesTests {
    static let soql =
        "SELECT Id, Name, Title, Email, Phone, Birthdate, CreatedDate, AccountId, Account.Id, Account.Name, "
        + "Account.AnnualRevenue FROM Contact ORDER BY Name"

    static func store() -> OrgStore { OrgStore(generator: SeedGenerator(seed: 7, contactCount: 3000)) }

    @Test func idsAndTextReadFromTheirColumnsAreWhatTheirValuesWrite() throws {
        let store = Self.store()
        let query = try store.bulkQuery(Self.soql, now: 0)
        guard case .fields(let paths) = query.selection else { throw APIError.notFound }
        let rows = try store.bulkRows(query, includeDeleted: false)
        let direct = paths.map { BulkCSVLines.Column($0, of: query.object) }
        // The Ids and the names take the direct ways; every path taken as a value is the oracle.
        #expect(direct.filter { if case .id = $0 { true } else { false } }.count == 2)
        #expect(direct.filter { if case .text = $0 { true } else { false } }.count >= 2)
        let (fast, oracle) = store.state.withLock { state in
            (
                BulkCSVLines(direct, rows: rows[...], tables: state.tables, delimiter: 44, lineEnding: [10]),
                BulkCSVLines(
                    paths.map { BulkCSVLines.Column.value($0) }, rows: rows[...], tables: state.tables, delimiter: 44,
                    lineEnding: [10])
            )
        }
        #expect(fast.ends.count == 3000)
        #expect(fast.ends == oracle.ends)
        #expect(fast.bytes == oracle.bytes)
    }

    @Test(arguments: [1, 2, 3, 7])
    func linesWrittenInPartsAtOnceAreTheLinesWrittenInOne(_ parts: Int) throws {
        let store = Self.store()
        let query = try store.bulkQuery(Self.soql, now: 0)
        let rows = try store.bulkRows(query, includeDeleted: false)
        let one = store.bulkCSVLines(query, rows: rows[...], delimiter: 59, lineEnding: [13, 10], parts: 1)
        let several = store.bulkCSVLines(query, rows: rows[...], delimiter: 59, lineEnding: [13, 10], parts: parts)
        #expect(one.count == 1)
        #expect(several.count == parts)
        #expect(several.flatMap(\.bytes) == one[0].bytes)
        var base = 0
        var ends: [Int] = []
        for part in several {
            ends += part.ends.map { base + $0 }
            base += part.bytes.count
        }
        #expect(ends == one[0].ends)
        #expect(ends.count == 3000)
    }

    @Test(arguments: [
        ("", #""""#), ("plain", #""plain""#), (#"""#, #""""""#), (#""a""b""#, #""""a""""b""""#),
        ("O\"Brien \u{1F600}\n", "\"O\"\"Brien \u{1F600}\n\""),
    ])
    func textIsQuotedWithEachQuoteDoubled(_ text: String, _ expected: String) {
        var bytes: [UInt8] = []
        BulkCSVLines.appendQuoted(text, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
    }
}
