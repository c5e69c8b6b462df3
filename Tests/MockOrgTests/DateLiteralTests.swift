import Foundation
import SOQL
import Testing

@testable import MockOrg

/// SOQL's relative date literals, against a pinned clock: the days each covers, the rows each
/// selects on a date and on a datetime field, and the errors for literals the org does not know.
@Suite struct DateLiteralTests {
    /// Wednesday 2024-02-14, a leap year's February.
    static let wednesday = Int64(CivilDate.days(year: 2024, month: 2, day: 14))

    static func day(_ year: Int, _ month: Int, _ day: Int) -> Int64 {
        Int64(CivilDate.days(year: year, month: month, day: day))
    }

    @Test(
        arguments: [
            ("TODAY", nil, day(2024, 2, 14), day(2024, 2, 15)),
            ("YESTERDAY", nil, day(2024, 2, 13), day(2024, 2, 14)),
            ("TOMORROW", nil, day(2024, 2, 15), day(2024, 2, 16)),
            // Weeks start on Sunday.
            ("THIS_WEEK", nil, day(2024, 2, 11), day(2024, 2, 18)),
            ("LAST_WEEK", nil, day(2024, 2, 4), day(2024, 2, 11)),
            ("NEXT_WEEK", nil, day(2024, 2, 18), day(2024, 2, 25)),
            ("THIS_MONTH", nil, day(2024, 2, 1), day(2024, 3, 1)),
            ("LAST_MONTH", nil, day(2024, 1, 1), day(2024, 2, 1)),
            ("THIS_YEAR", nil, day(2024, 1, 1), day(2025, 1, 1)),
            ("LAST_N_DAYS", 3, day(2024, 2, 11), day(2024, 2, 15)),
            ("NEXT_N_DAYS", 3, day(2024, 2, 14), day(2024, 2, 18)),
        ] as [(String, Int?, Int64, Int64)])
    func aLiteralCoversItsDays(literal: String, count: Int?, first: Int64, end: Int64) {
        #expect(DateLiteral.dayRange(literal, count: count, today: Self.wednesday) == first..<end)
    }

    @Test func weeksMonthsAndYearsTurnAtTheirEdges() {
        // A Sunday starts its own week; a Saturday ends it.
        let sunday = Self.day(2024, 2, 11)
        #expect(DateLiteral.dayRange("THIS_WEEK", count: nil, today: sunday) == sunday..<(sunday + 7))
        #expect(DateLiteral.dayRange("THIS_WEEK", count: nil, today: sunday + 6) == sunday..<(sunday + 7))
        // January's last month is December of the year before; December's month ends with the year.
        let january = Self.day(2024, 1, 10)
        #expect(
            DateLiteral.dayRange("LAST_MONTH", count: nil, today: january) == Self.day(
                2023, 12, 1)..<Self.day(2024, 1, 1))
        let december = Self.day(2023, 12, 31)
        #expect(
            DateLiteral.dayRange("THIS_MONTH", count: nil, today: december) == Self.day(
                2023, 12, 1)..<Self.day(2024, 1, 1))
        // Before 1970, the week still starts on Sunday (1969-12-28).
        #expect(DateLiteral.dayRange("THIS_WEEK", count: nil, today: -1) == -4..<3)
        #expect(DateLiteral.dayRange("THIS_WEEK", count: 3, today: 0) == nil)
        #expect(DateLiteral.dayRange("LAST_N_DAYS", count: nil, today: 0) == nil)
    }

    /// An org whose clock reads noon on `day`.
    static func org(pinnedTo day: Int64) -> TestOrg {
        var configuration = MockOrgConfiguration(contacts: 300)
        let noon = Double(day * 86_400 + 43_200)
        configuration.clock = { Date(timeIntervalSince1970: noon) }
        return TestOrg(configuration)
    }

    static func ids(_ reply: JSONReply) -> Set<String> {
        Set(reply.records.compactMap { $0["Id"] as? String })
    }

    @Test func birthdatesMatchTheLiteralsOfAPinnedDay() async throws {
        // A day in the seeded birthdates' years, so that each literal finds some of them.
        let today = Self.day(1980, 6, 18)
        let org = Self.org(pinnedTo: today)
        let contacts = org.contacts
        let literals = ["TODAY", "THIS_WEEK", "LAST_WEEK", "THIS_MONTH", "LAST_MONTH", "THIS_YEAR", "LAST_N_DAYS:40"]
        try await org.test { client in
            var found = 0
            for literal in literals {
                let parts = literal.split(separator: ":")
                let range = try #require(
                    DateLiteral.dayRange(String(parts[0]), count: parts.count > 1 ? Int(parts[1]) : nil, today: today))
                let expected = Set(
                    contacts.indices.filter { index in
                        contacts[index].birthdate.map { range.contains(Int64($0)) } ?? false
                    }.map { SalesforceID.make(keyPrefix: "003", serial: $0 + 1) })
                let reply = try await client.query(
                    "SELECT Id FROM Contact WHERE Birthdate = \(literal)", headers: org.authorization)
                #expect(reply.status == 200, "\(literal)")
                #expect(Self.ids(reply) == expected, "\(literal)")
                // And the complement: everyone with a birthdate outside it.
                let outside = try await client.query(
                    "SELECT Id FROM Contact WHERE Birthdate != \(literal) AND Birthdate != null",
                    headers: org.authorization)
                #expect(Self.ids(outside).count == contacts.filter { $0.birthdate != nil }.count - expected.count)
                found += expected.count
            }
            #expect(found > 0)
        }
    }

    @Test func createdDatesMatchThisWeekOfAPinnedDay() async throws {
        // Pinned to the week of the first contact's creation, which THIS_WEEK must then find.
        let probe = Self.org(pinnedTo: 0)
        let created = probe.contacts[0].createdDate
        let today = DateText.day(containing: created)
        let org = Self.org(pinnedTo: today)
        let range = try #require(DateLiteral.range("THIS_WEEK", count: nil, now: created))
        let expected = Set(
            org.contacts.indices.filter { range.contains(org.contacts[$0].createdDate) }
                .map { SalesforceID.make(keyPrefix: "003", serial: $0 + 1) })
        #expect(expected.contains(SalesforceID.make(keyPrefix: "003", serial: 1)))
        try await org.test { client in
            let reply = try await client.query(
                "SELECT Id FROM Contact WHERE CreatedDate = THIS_WEEK", headers: org.authorization)
            #expect(Self.ids(reply) == expected)
        }
    }

    @Test(arguments: [
        ("Birthdate = THIS_WEK", "unexpected token: 'THIS_WEK'"),
        ("Birthdate = THIS_WEEK:3", "unexpected token: ':'"),
        ("CreatedDate = LAST_N_DAYS:x", "unexpected token: 'x'"),
        ("CreatedDate = LAST_N_DAYS:-2", "unexpected token: '-"),
        ("CreatedDate = NEXT_N_DAYS", "unexpected token: '<EOF>'"),
        ("Birthdate = LAST_90_DAYS", "date literal LAST_90_DAYS is not supported by this org"),
        ("CreatedDate = LAST_N_WEEKS:2", "date literal LAST_N_WEEKS is not supported by this org"),
    ])
    func aBadLiteralIsAMalformedQuery(condition: String, reason: String) async throws {
        let org = Self.org(pinnedTo: Self.wednesday)
        try await org.test { client in
            let reply = try await client.query("SELECT Id FROM Contact WHERE " + condition, headers: org.authorization)
            #expect(reply.status == 400)
            #expect(reply.error?.code == "MALFORMED_QUERY")
            #expect(reply.error?.message.contains("ERROR at Row:1:Column:") == true)
            #expect(reply.error?.message.contains(reason) == true, "\(reply.error?.message ?? "")")
        }
    }

    @Test func aHugeDayCountStillAnswers() throws {
        let query = try SOQLResolver.query(
            "SELECT Id FROM Contact WHERE CreatedDate = LAST_N_DAYS:999999999999", now: 0)
        guard case .compareRange(_, _, let lower, _) = query.filter else {
            Issue.record("no range")
            return
        }
        #expect(lower < 0)
    }
}
