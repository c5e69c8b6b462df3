import Testing

@testable import SOQL

@Suite("COUNT() of a SELECT's rows")
struct SOQLCountRewriterTests {
    @Test(
        "the SELECT list becomes COUNT(); FROM, WHERE, WITH, USING SCOPE and LIMIT stay; ORDER BY, OFFSET, FOR and UPDATE go",
        arguments: [
            ("SELECT Id, Name FROM Contact", "SELECT COUNT() FROM Contact"),
            (
                "SELECT Id, Name, Account.Name FROM Contact WHERE Name LIKE 'ORDER BY%' order by Name LIMIT 50",
                "SELECT COUNT() FROM Contact WHERE Name LIKE 'ORDER BY%' LIMIT 50"
            ),
            (
                "SELECT Id, (SELECT Id FROM Cases ORDER BY CreatedDate LIMIT 1) FROM Contact ORDER BY Name DESC NULLS LAST",
                "SELECT COUNT() FROM Contact"
            ),
            (
                "SELECT Id FROM Contact WHERE AccountId IN (SELECT Id FROM Account LIMIT 5) LIMIT 10 OFFSET 3",
                "SELECT COUNT() FROM Contact WHERE AccountId IN (SELECT Id FROM Account LIMIT 5) LIMIT 10"
            ),
            (
                "SELECT Id FROM Contact USING SCOPE mine WITH SECURITY_ENFORCED FOR VIEW",
                "SELECT COUNT() FROM Contact USING SCOPE mine WITH SECURITY_ENFORCED"
            ),
            ("SELECT Id FROM Contact LIMIT 7 UPDATE TRACKING", "SELECT COUNT() FROM Contact LIMIT 7"),
        ])
    func counting(_ soql: String, _ expected: String) {
        #expect(SOQLCountRewriter.counting(soql) == expected)
    }

    @Test(
        "text that is not a SELECT with a FROM has no count",
        arguments: ["", "DELETE FROM Contact", "SELECT Id", "SELECT 'x"])
    func noCount(_ soql: String) {
        #expect(SOQLCountRewriter.counting(soql) == nil)
    }
}
