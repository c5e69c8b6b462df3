import Testing

@testable import MockOrg

/// The exact test of a search term against a field's text, which decides every match the search
/// bits let through.
@Suite struct SearchTermTests {
    @Test(arguments: [
        ("742 market street", "market", true),
        ("742 market street", "street", true),
        ("742 market street", "streets", false),
        ("aab", "ab", true),
        ("a", "ab", false),
        ("", "a", false),
        ("smith", "", false),
        ("café", "", false),
        // Not ASCII: found by canonical equivalence, composed or not on either side.
        ("a\u{30A}ngstro\u{308}m", "ångström", true),
        ("ångström", "a\u{30A}ngstro\u{308}m", true),
        ("müller", "muller", false),
        ("cafe", "café", false),
        ("café au lait", "lait", true),
        ("山田 太郎", "田", true),
    ])
    func findsATokenInText(text: String, token: String, found: Bool) {
        #expect(SearchTerm.text(text, contains: token) == found)
    }

    @Test func aPhoneMatchesByItsDigitsAlone() throws {
        let term = try #require(SearchTerm.parse("555-0199").first)
        let prefix = try #require(SearchTerm.parse("415555*").first)
        #expect(term.matchesPhone("5550199"))
        #expect(term.matchesPhone("555 0199"))
        #expect(!term.matchesPhone("(415) 555-0199"))
        #expect(prefix.matchesPhone("(415) 555-0199"))
        #expect(!prefix.matchesPhone("(416) 555-0199"))
        // Digits that are not ASCII are digits too, matched as they are written.
        let arabicIndic = try #require(SearchTerm.parse("٥٥٥-٠١٩٩").first)
        #expect(arabicIndic.matchesPhone("٥٥٥ ٠١٩٩"))
        #expect(!arabicIndic.matchesPhone("٥٥٥ ٠١٩٨"))
        #expect(!term.matchesPhone("٥٥٥-٠١٩٩"))
    }
}
