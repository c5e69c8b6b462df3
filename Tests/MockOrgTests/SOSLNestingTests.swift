import Testing

@testable import MockOrg

/// One reading of quotes, escapes and parentheses for the SOSL scans.
@Suite struct SOSLNestingTests {
    /// The characters of `text` that `SOSLNesting` calls plain, and the depth it ends at.
    static func plain(_ text: String) -> (plain: String, depth: Int) {
        var nesting = SOSLNesting()
        let plain = String(text.filter { nesting.read($0) })
        return (plain, nesting.depth)
    }

    @Test func literalsAndParenthesesAreNotPlain() {
        #expect(Self.plain("a (b) 'c' d") == ("a b  d", 0))
        #expect(Self.plain("x ((y)") == ("x y", 1))
    }

    @Test func anEscapedQuoteStaysInsideTheLiteral() {
        #expect(Self.plain(#"a 'O\'Brien (' b"#) == ("a  b", 0))
    }

    @Test func aClauseEndsAtItsOwnParenthesisPastAQuotedOne() {
        var scanner = SOSLScanner(#"(Id WHERE Name = 'a)\'b' AND (Title = 'c')) rest"#)
        #expect(scanner.parenthesized() == #"Id WHERE Name = 'a)\'b' AND (Title = 'c')"#)
        #expect(scanner.remainder == " rest")
    }
}
