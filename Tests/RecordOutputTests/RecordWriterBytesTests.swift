import SOQL
import Testing

@testable import RecordOutput
@testable import RestCore

/// The byte-level TSV path gives exactly what the value path gives.
@Suite struct RecordWriterBytesTests {
    static let page = #"""
        {"totalSize":6,"done":false,"nextRecordsUrl":"/services/data/v66.0/query/01gX-6",
         "records":[
          {"attributes":{"type":"Contact","url":"/x"},"Id":"003A","Name":"Zo\u00eb \"Z\" \\ O\/Brien\ttab\nline",
           "Account":{"attributes":{"type":"Account"},"Name":"Acme 日本 \ud83d\ude00","Owner":{"Name":"Ann"}},
           "Age":42,"Score":2.50,"Big":1e3,"Active":true,"Title":null},
          {"Id":"003B","Name":"plain","Account":null,"Age":-0,"Active":false},
          {"id":"003C","NAME":"Case","account":{"name":"lower"},"Cases":{"totalSize":1,"done":true,"records":[{"Id":"500A"}]}},
          {"Id":"003D","Name":"Ünïcødé ✓","Account":{"Name":"\u0009tab\u000A"},"Extra":[1,{"a":[2]}]},
          {"Id":"003E"},
          {"Id" : "003F" , "Name" : "spaced" , "Account" : { "Name" : "Sp" } }
         ]}
        """#

    static let soql =
        "SELECT Id, Name, Account.Name, Account.Owner.Name, Age, Score, Big, Active, Title, Cases, Id FROM Contact"

    @Test func bytesAndValuesGiveTheSameTSV() throws {
        let body = Array(Self.page.utf8)
        let bytesPage = try QueryPageBytes(body: body)
        #expect(bytesPage.totalSize == 6)
        #expect(bytesPage.done == false)
        #expect(bytesPage.nextRecordsUrl == "/services/data/v66.0/query/01gX-6")
        #expect(bytesPage.records.count == 6)

        var fast = RecordWriter(format: .tsv, selectList: SelectList(soql: Self.soql))
        var fastOutput: [UInt8] = []
        try fast.write(bytesPage, into: &fastOutput)

        let valuesPage = try QueryResult(json: JSONParser.parse(body))
        var slow = RecordWriter(format: .tsv, selectList: SelectList(soql: Self.soql))
        var slowOutput: [UInt8] = []
        slow.write(valuesPage.records, into: &slowOutput)

        #expect(String(decoding: fastOutput, as: UTF8.self) == String(decoding: slowOutput, as: UTF8.self))
        let lines = String(decoding: fastOutput, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 8)
        #expect(
            lines[1].hasPrefix(
                "003A\tZoë \"Z\" \\\\ O/Brien\\ttab\\nline\tAcme 日本 😀\tAnn\t42\t2.5\t1000\ttrue\t\t\t003A"))
        #expect(lines[3].contains("Case\tlower"))
    }

    @Test func jsonFormatFromBytesMatchesValues() throws {
        let body = Array(Self.page.utf8)
        var fromBytes = RecordWriter(format: .json, selectList: SelectList(soql: Self.soql))
        var bytesOutput: [UInt8] = []
        try fromBytes.write(try QueryPageBytes(body: body), into: &bytesOutput)
        var fromValues = RecordWriter(format: .json, selectList: SelectList(soql: Self.soql))
        var valuesOutput: [UInt8] = []
        fromValues.write(try QueryResult(json: JSONParser.parse(body)).records, into: &valuesOutput)
        #expect(bytesOutput == valuesOutput)
    }

    @Test(arguments: [
        #"{"totalSize":1,"done":true,"records":[{"Id":"003"#,
        #"{"totalSize":1,"done":true,"records":[{"Id":"003A"}]"#,
        #"{"totalSize":1,"done":true,"records":[{"Id":"003A"},]}"#,
        #"{"totalSize":1,"done":true,"records":[{"Id":tru}]}"#,
        #"{"totalSize":1,"done":true,"records":[]} trailing"#,
        "<html>oops</html>",
    ])
    func malformedPagesAreSerializationErrors(text: String) {
        let error = #expect(throws: RestClientError.self) { try QueryPageBytes(body: Array(text.utf8)) }
        guard case .jsonSerialization = error else {
            Issue.record("expected jsonSerialization, got \(String(describing: error))")
            return
        }
    }

    @Test(arguments: [#"[1,2]"#, #"{"done":true,"records":[]}"#, #"{"totalSize":1,"done":"yes","records":[]}"#])
    func wrongShapesAreDecodingErrors(text: String) {
        let error = #expect(throws: RestClientError.self) { try QueryPageBytes(body: Array(text.utf8)) }
        guard case .decodingFailed = error else {
            Issue.record("expected decodingFailed, got \(String(describing: error))")
            return
        }
    }
}
