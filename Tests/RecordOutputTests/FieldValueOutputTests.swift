import SOQL
import Testing

@testable import RecordOutput
@testable import RestCore

/// `list`'s output of values as Salesforce sends them: headers in the org's spelling, a compound
/// address as one TSV field (an object in JSON lines), a null relationship as an empty field.
@Suite struct FieldValueOutputTests {
    static let page = #"""
        {"totalSize":2,"done":true,"records":[
          {"attributes":{"type":"Contact","url":"/x"},"Id":"003A","Name":"Ann","Account":null,
           "MailingAddress":{"city":"Paris","country":"France","geocodeAccuracy":null,"latitude":null,
             "longitude":null,"postalCode":"75001","state":null,"street":"1 Rue de Rivoli\nBât. B"}},
          {"attributes":{"type":"Contact","url":"/y"},"Id":"003B","Name":"Bob",
           "Account":{"attributes":{"type":"Account","url":"/z"},"Name":"Acme"},"MailingAddress":null}
        ]}
        """#

    /// The TSV of `page` for `soql`, from the page's bytes and from parsed values (they must agree).
    static func tsv(_ soql: String) throws -> String {
        let body = Array(page.utf8)
        var fast = RecordWriter(format: .tsv, selectList: SelectList(soql: soql))
        var fastOutput: [UInt8] = []
        try fast.write(try QueryPageBytes(body: body), into: &fastOutput)
        var slow = RecordWriter(format: .tsv, selectList: SelectList(soql: soql))
        var slowOutput: [UInt8] = []
        slow.write(try QueryResult(json: JSONParser.parse(body)).records, into: &slowOutput)
        #expect(fastOutput == slowOutput)
        return String(decoding: fastOutput, as: UTF8.self)
    }

    @Test func headersTakeTheOrgsSpellingAndValuesReadAsText() throws {
        let text = try Self.tsv("select id, name, account.name, mailingaddress, title from contact")
        #expect(
            text == """
                Id\tName\tAccount.Name\tMailingAddress\ttitle
                003A\tAnn\t\t1 Rue de Rivoli\\nBât. B, Paris, 75001, France\t
                003B\tBob\tAcme\t\t

                """)
    }

    @Test func aliasesKeepTheirSpelling() throws {
        let text = try Self.tsv("SELECT Id, Name nm FROM Contact")
        #expect(text.hasPrefix("Id\tnm\n"))
    }

    @Test func jsonLinesKeepTheAddressObject() throws {
        var writer = RecordWriter(format: .json, selectList: SelectList(soql: "SELECT Id, MailingAddress FROM Contact"))
        var output: [UInt8] = []
        try writer.write(try QueryPageBytes(body: Array(Self.page.utf8)), into: &output)
        let first = String(decoding: output, as: UTF8.self).split(separator: "\n")[0]
        #expect(first.hasPrefix(#"{"Id":"003A","MailingAddress":{"city":"Paris","country":"France","#))
    }
}
