import Testing

@testable import MockOrg

@Suite struct FormDecodingTests {
    @Test(arguments: [
        ("SELECT+Id+FROM+Contact", "SELECT Id FROM Contact"),
        ("SELECT%20Id%2C%20Name", "SELECT Id, Name"),
        ("caf%C3%A9+%E2%82%AC", "café €"),
        ("100%25", "100%"),
        ("plain", "plain"),
        ("", ""),
        // A malformed escape or bytes that are not UTF-8: the text as it came, `+` as a space.
        ("50%+off", "50% off"),
        ("%zz", "%zz"),
        ("%4", "%4"),
        ("%FF%FE", "%FF%FE"),
    ])
    func decodesLikeAFormDecoder(_ encoded: String, _ decoded: String) {
        #expect(FormDecoding.decode(encoded) == decoded)
    }

    @Test func findsTheFirstParameterOfAName() {
        let query = "a=1&q=SELECT+Id&q=second&flag&na%6De=x"
        #expect(FormDecoding.value("q", inQuery: query) == "SELECT Id")
        #expect(FormDecoding.value("flag", inQuery: query) == "")
        #expect(FormDecoding.value("name", inQuery: query) == "x")
        #expect(FormDecoding.value("missing", inQuery: query) == nil)
        #expect(FormDecoding.pairs(query).map(\.name) == ["a", "q", "q", "flag", "name"])
    }

    @Test(
        arguments: [
            ("Bearer abc", "abc"),
            ("bearer   abc  ", "abc"),
            ("OAuth 00D!x.y", "00D!x.y"),
            ("Basic abc", nil),
            ("Bearer", nil),
            ("Bearer    ", nil),
            ("", nil),
        ] as [(String, String?)])
    func readsTheSessionTokenOfAnAuthorizationHeader(_ header: String, _ token: String?) {
        #expect(AuthenticationMiddleware.sessionToken(in: header) == token)
    }
}
