import SOQL
import Testing

@testable import MockOrg

@Suite struct ParsedStatementsTests {
    static let day: Int64 = 86_400_000

    /// The lower bound of the first date range in a query's filter.
    static func rangeStart(_ query: SOQLQuery) -> Int64? {
        guard case .compareRange(_, _, let lower, _) = query.filter else { return nil }
        return lower
    }

    @Test func aStatementIsParsedAgainOnAnotherDay() throws {
        let statements = ParsedStatements()
        let soql = "SELECT Id FROM Contact WHERE CreatedDate = TODAY"
        let monday = 20_000 * Self.day + 3_600_000
        let first = try statements.query(soql, now: monday)
        #expect(Self.rangeStart(first) == 20_000 * Self.day)
        // Later the same day: the same range.
        #expect(Self.rangeStart(try statements.query(soql, now: monday + 20 * 3_600_000)) == 20_000 * Self.day)
        // The next day: TODAY has moved.
        #expect(Self.rangeStart(try statements.query(soql, now: monday + Self.day)) == 20_001 * Self.day)
    }

    @Test func aStatementThatFailsFailsEveryTime() {
        let statements = ParsedStatements()
        for _ in 0..<2 {
            #expect(throws: SOQLError.self) { try statements.query("SELECT Nope FROM Contact", now: 0) }
        }
    }

    @Test func manyStatementsStillParseRight() throws {
        let statements = ParsedStatements()
        for limit in 1...(ParsedStatements.capacity * 2 + 3) {
            let query = try statements.query("SELECT Id FROM Contact LIMIT \(limit)", now: 0)
            #expect(query.limit == limit)
        }
    }
}
