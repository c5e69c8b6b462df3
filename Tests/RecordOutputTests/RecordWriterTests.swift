import SOQL
import Testing

@testable import RecordOutput
@testable import RestCore

@Suite struct RecordWriterTests {
    static let records: [JSONValue] = [
        .object([
            "attributes": .object(["type": .string("Contact")]),
            "Id": .string("003A"), "Name": .string("Zoë\tO'Brien\nJr \\"), "Age": .number(42),
            "Account": .object(["attributes": .object([:]), "Name": .string("Acme 日本")]),
        ]),
        .object(["Id": .string("003B"), "Name": .null, "Age": .number(2.5), "Account": .null]),
    ]

    @Test func tsvHasAHeaderRowAndFlattensRelationships() throws {
        var writer = RecordWriter(
            format: .tsv, selectList: SelectList(soql: "SELECT Id, Name, Age, account.name FROM Contact"))
        var output: [UInt8] = []
        writer.write(Self.records, into: &output)
        writer.write([], into: &output)
        #expect(
            String(decoding: output, as: UTF8.self) == """
                Id\tName\tAge\tAccount.Name
                003A\tZoë\\tO'Brien\\nJr \\\\\t42\tAcme 日本
                003B\t\t2.5\t

                """)
    }

    @Test func tsvOfNoRecordsIsTheHeaderOnly() {
        var writer = RecordWriter(format: .tsv, selectList: SelectList(soql: "SELECT Id, Name FROM Contact"))
        var output: [UInt8] = []
        writer.finish(into: &output)
        #expect(String(decoding: output, as: UTF8.self) == "Id\tName\n")
    }

    @Test func jsonLinesFollowTheSelectOrderWithoutAttributes() throws {
        var writer = RecordWriter(
            format: .json, selectList: SelectList(soql: "SELECT Name, Id, Account.Name, Age FROM Contact"))
        var output: [UInt8] = []
        writer.write(Self.records, into: &output)
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n")
        #expect(
            lines == [
                #"{"Name":"Zoë\tO'Brien\nJr \\","Id":"003A","Account":{"Name":"Acme 日本"},"Age":42}"#,
                #"{"Name":null,"Id":"003B","Account":null,"Age":2.5}"#,
            ])
        for line in lines {
            let parsed = try JSONParser.parse(Array(line.utf8))
            #expect(parsed["attributes"] == nil)
        }
    }

    @Test func withoutASelectListTheFirstRecordsFieldsAreUsed() {
        var writer = RecordWriter(format: .tsv, selectList: nil)
        var output: [UInt8] = []
        writer.write([Self.records[1]], into: &output)
        #expect(String(decoding: output, as: UTF8.self) == "Account\tAge\tId\tName\n\t2.5\t003B\t\n")
    }
}

/// A query whose fields are spelled in lower case still finds Salesforce's canonical keys,
/// on the value path and the byte path alike; the header keeps the query's spelling.
@Suite struct RecordWriterFieldCaseTests {
    static let soql = "select id, name, email, account.name from contact"
    static let page = #"""
        {"totalSize":2,"done":true,"records":[
          {"attributes":{"type":"Contact"},"Id":"003A","Name":"Ann","Email":"ann@example.com",
           "Account":{"attributes":{"type":"Account"},"Name":"Acme"}},
          {"attributes":{"type":"Contact"},"Id":"003B","Name":"Bo","Email":null,"Account":null}
        ]}
        """#
    /// The header takes the org's spelling from the records.
    static let expectedTSV = "Id\tName\tEmail\tAccount.Name\n003A\tAnn\tann@example.com\tAcme\n003B\tBo\t\t\n"

    @Test func valuesPathFindsCanonicalKeys() throws {
        var writer = RecordWriter(format: .tsv, selectList: SelectList(soql: Self.soql))
        var output: [UInt8] = []
        writer.write(try QueryPageBytes(body: Array(Self.page.utf8)).parsedRecords(), into: &output)
        #expect(String(decoding: output, as: UTF8.self) == Self.expectedTSV)
    }

    @Test func bytesPathFindsCanonicalKeys() throws {
        var writer = RecordWriter(format: .tsv, selectList: SelectList(soql: Self.soql))
        var output: [UInt8] = []
        try writer.write(try QueryPageBytes(body: Array(Self.page.utf8)), into: &output)
        #expect(String(decoding: output, as: UTF8.self) == Self.expectedTSV)
    }

    @Test func jsonLinesKeepTheAnswersKeysInSelectOrder() throws {
        var writer = RecordWriter(format: .json, selectList: SelectList(soql: "select name, id from contact"))
        var output: [UInt8] = []
        try writer.write(try QueryPageBytes(body: Array(Self.page.utf8)), into: &output)
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n")
        #expect(lines.first == #"{"Name":"Ann","Id":"003A","Account":{"Name":"Acme"},"Email":"ann@example.com"}"#)
    }
}
