import Testing

@testable import MockOrg

/// Parsing SOSL: the search text's terms, the scope, RETURNING clauses handed to SOQL, the limit,
/// and `MALFORMED_SEARCH` for what the org does not take.
@Suite struct SOSLSearchTests {
    @Test func everyClauseIsRead() throws {
        let search = try SOSLSearch(
            parsing: "find {Jo* \"Ann Lee\"} in name fields RETURNING Contact(Id, Name WHERE Email != null "
                + "ORDER BY Name LIMIT 5), Account LIMIT 20")
        #expect(
            search.terms == [
                SearchTerm(tokens: ["jo"], isPrefix: true), SearchTerm(tokens: ["ann", "lee"], isPrefix: false),
            ])
        #expect(search.scope == .name)
        #expect(search.returning.map(\.objectName) == ["Contact", "Account"])
        #expect(
            search.returning.map(\.soql) == [
                "SELECT Id, Name FROM Contact WHERE Email != null ORDER BY Name LIMIT 5", "SELECT Id FROM Account",
            ])
        #expect(search.limit == 20)
    }

    @Test func withoutClausesEveryObjectIsSearchedInAllFieldsUpTo2000() throws {
        let search = try SOSLSearch(parsing: "FIND {smith}")
        #expect(search.scope == .all)
        #expect(search.returning.map(\.soql) == SObjectType.dataObjects.map { "SELECT Id FROM \($0.name)" })
        #expect(search.limit == 2000)
        #expect(try SOSLSearch(parsing: "FIND {smith} LIMIT 5000").limit == 2000)
    }

    @Test func bracesMayHoldEscapedBracesAndClauseWordsInQuotes() throws {
        let search = try SOSLSearch(
            parsing: #"FIND {a\}b} RETURNING Contact(Name WHERE Title = 'VP (Sales), LIMIT' LIMIT 1)"#)
        #expect(search.terms == [SearchTerm(tokens: ["a", "b"], isPrefix: false)])
        #expect(search.returning[0].soql == "SELECT Name FROM Contact WHERE Title = 'VP (Sales), LIMIT' LIMIT 1")
    }

    @Test(arguments: ["FIND {a}", "FIND {a*}", "FIND {\"*\"}", "FIND { }", "FIND {* ?}"])
    func aSearchTextOfOneCharacterIsRefused(sosl: String) {
        let error = #expect(throws: APIError.self) { try SOSLSearch(parsing: sosl) }
        #expect(error?.errorCode == "MALFORMED_SEARCH")
        #expect(error?.message == "No search term found. The search term must be longer than one character.")
    }

    @Test(arguments: [
        ("SELECT Id FROM Contact", "The search must start with FIND."),
        ("FIND smith", "The search text after FIND must be enclosed in braces: FIND {text}."),
        ("FIND {smith", "The search text after FIND must be enclosed in braces: FIND {text}."),
        ("FIND {smith} IN BODY FIELDS", "IN takes ALL FIELDS, NAME FIELDS, EMAIL FIELDS or PHONE FIELDS."),
        ("FIND {smith} RETURNING", "RETURNING needs an object name."),
        ("FIND {smith} RETURNING Contact(Id", "The field list of Contact is missing its closing parenthesis."),
        ("FIND {smith} LIMIT many", "LIMIT takes a whole number."),
        ("FIND {smith} WITH SNIPPET", "Unexpected text at \"WITH SNIPPET\"."),
    ])
    func malformedSearchesSayWhy(sosl: String, message: String) {
        let error = #expect(throws: APIError.self) { try SOSLSearch(parsing: sosl) }
        #expect(error?.statusCode == 400)
        #expect(error?.errorCode == "MALFORMED_SEARCH")
        #expect(error?.message == message)
    }

    @Test func termsMatchWholeTokensOrPrefixesAndPhrasesInARow() {
        let text = SearchTerm.tokens(of: "jane.doe-smith@example.com")
        #expect(SearchTerm.parse("doe")[0].matches(text))
        #expect(!SearchTerm.parse("do")[0].matches(text))
        #expect(SearchTerm.parse("do*")[0].matches(text))
        #expect(SearchTerm.parse("jane.doe-smith@example.com")[0].matches(text))
        #expect(SearchTerm.parse("\"doe smith\"")[0].matches(text))
        #expect(!SearchTerm.parse("\"smith doe\"")[0].matches(text))
        #expect(SearchTerm.parse("EXAMPLE")[0].matches(text))
    }

    @Test func phoneNumbersCompareByTheirDigits() {
        #expect(SearchTerm.parse("415-555-0134")[0].matchesPhone("(415) 555-0134"))
        #expect(SearchTerm.parse("415555*")[0].matchesPhone("(415) 555-0134"))
        #expect(!SearchTerm.parse("415555")[0].matchesPhone("(415) 555-0134"))
        #expect(!SearchTerm.parse("smith")[0].matchesPhone("(415) 555-0134"))
    }
}
