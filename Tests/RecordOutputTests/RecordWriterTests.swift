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
                Id\tName\tAge\taccount.name
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
