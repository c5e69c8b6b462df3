import SOQL
import Testing

@testable import RecordOutput
@testable import RestCore

/// Bulk API 2.0's CSV turned into records writes the same bytes as the REST page of the same
/// records, in TSV and JSON lines.
@Suite struct BulkCSVRecordsTests {
    static let soql =
        "SELECT Id, Name, Description, Email, DoNotCall, NumberOfEmployees__c, LastModifiedDate, Account.Name, Account.Rating__c FROM Contact"
    static let kinds: [String: BulkCSVRecords.Kind] = [
        "DoNotCall": .boolean, "NumberOfEmployees__c": .number, "LastModifiedDate": .dateTime,
        "Account.Rating__c": .number,
    ]

    static let restPage = #"""
        {"totalSize":3,"done":true,"records":[
        {"attributes":{"type":"Contact","url":"/c/1"},"Id":"0031","Name":"Zoë \"Z\" O'Brien, Jr.","Description":"two\nlines\tand a tab","Email":null,"DoNotCall":true,"NumberOfEmployees__c":42,"LastModifiedDate":"2024-02-03T04:05:06.000+0000","Account":{"attributes":{"type":"Account","url":"/a/1"},"Name":"東京 Acme","Rating__c":2.5}},
        {"attributes":{"type":"Contact","url":"/c/2"},"Id":"0032","Name":"שלום 😀","Description":null,"Email":"a@b.c","DoNotCall":false,"NumberOfEmployees__c":1500000.25,"LastModifiedDate":null,"Account":null},
        {"attributes":{"type":"Contact","url":"/c/3"},"Id":"0033","Name":"Plain","Description":"a, b; \"c\"","Email":null,"DoNotCall":false,"NumberOfEmployees__c":-3,"LastModifiedDate":"2023-12-31T23:59:59.999+0000","Account":{"attributes":{"type":"Account","url":"/a/2"},"Name":"Beta","Rating__c":null}}]}
        """#

    static let csv = #"""
        "Id","Name","Description","Email","DoNotCall","NumberOfEmployees__c","LastModifiedDate","Account.Name","Account.Rating__c"
        "0031","Zoë ""Z"" O'Brien, Jr.","two
        lines\#tand a tab","","true","42","2024-02-03T04:05:06.000Z","東京 Acme","2.5"
        "0032","שלום 😀","","a@b.c","false","1500000.25","","",""
        "0033","Plain","a, b; ""c""",,"false","-3","2023-12-31T23:59:59.999Z","Beta",""

        """#

    static func restOutput(_ format: RecordWriter.Format) throws -> [UInt8] {
        var writer = RecordWriter(format: format, selectList: SelectList(soql: soql))
        var output: [UInt8] = []
        try writer.write(try QueryPageBytes(body: Array(restPage.utf8)), into: &output)
        writer.finish(into: &output)
        return output
    }

    static func bulkOutput(_ format: RecordWriter.Format) throws -> [UInt8] {
        var writer = RecordWriter(format: format, selectList: SelectList(soql: soql))
        var output: [UInt8] = []
        try writer.write(bulkCSV: Array(csv.utf8), reading: BulkCSVRecords(kinds: kinds), into: &output)
        writer.finish(into: &output)
        return output
    }

    @Test(arguments: RecordWriter.Format.allCases)
    func theCSVWritesTheSameBytesAsTheRESTPage(_ format: RecordWriter.Format) throws {
        let rest = try Self.restOutput(format)
        let bulk = try Self.bulkOutput(format)
        #expect(String(decoding: bulk, as: UTF8.self) == String(decoding: rest, as: UTF8.self))
        #expect(bulk == rest)
    }

    /// The records read from the CSV, written as records: what the direct path must equal.
    static func recordsOutput(_ format: RecordWriter.Format) throws -> [UInt8] {
        var writer = RecordWriter(format: format, selectList: SelectList(soql: soql))
        var output: [UInt8] = []
        writer.write(try BulkCSVRecords(kinds: kinds).records(fromCSV: Array(csv.utf8)), into: &output)
        writer.finish(into: &output)
        return output
    }

    @Test(arguments: RecordWriter.Format.allCases)
    func theRecordsReadFromTheCSVWriteTheSameBytesToo(_ format: RecordWriter.Format) throws {
        #expect(try Self.recordsOutput(format) == Self.restOutput(format))
    }

    @Test func emptyIsNullAndAParentWithNothingIsNoParent() throws {
        let records = try BulkCSVRecords(kinds: Self.kinds).records(fromCSV: Array(Self.csv.utf8))
        #expect(records.count == 3)
        #expect(records[1]["Description"] == .null)
        #expect(records[1]["Account"] == .null)
        #expect(records[2]["Email"] == .null)
        #expect(records[2]["Account"]?["Rating__c"] == .null)
        #expect(records[0]["DoNotCall"] == .bool(true))
        #expect(records[0]["NumberOfEmployees__c"] == .number(42))
        #expect(records[0]["LastModifiedDate"] == .string("2024-02-03T04:05:06.000+0000"))
    }

    /// Collapsing works at each level: an empty grandparent under a parent with values is null,
    /// and a parent with values only further down is kept.
    @Test func anEmptyParentIsNullAtEveryLevel() throws {
        let csv = Array(
            ("\"Id\",\"Account.Name\",\"Account.Owner.Name\"\n"
                + "\"1\",\"Acme\",\"\"\n\"2\",\"\",\"\"\n\"3\",\"\",\"Ann\"\n").utf8)
        let records = try BulkCSVRecords(kinds: [:]).records(fromCSV: csv, type: "Contact")
        #expect(records.count == 3)
        #expect(records[0]["Account"] == .object(["Name": .string("Acme"), "Owner": .null]))
        #expect(records[1]["Account"] == .null)
        #expect(records[2]["Account"] == .object(["Name": .null, "Owner": .object(["Name": .string("Ann")])]))
        #expect(records[0]["attributes"] == .object(["type": .string("Contact")]))
    }

    @Test func aRowOfTheWrongWidthIsRefused() {
        let csv = Array("\"a\",\"b\"\n\"1\",\"two\nlines\"\n\"1\"\n".utf8)
        let error = #expect(throws: CSVReader.Failure.self) {
            try BulkCSVRecords(kinds: [:]).records(fromCSV: csv)
        }
        #expect(error?.line == 4)
        var writer = RecordWriter(format: .json, selectList: SelectList(soql: "SELECT a, b FROM X"))
        var output: [UInt8] = []
        let direct = #expect(throws: CSVReader.Failure.self) {
            try writer.write(bulkCSV: csv, reading: BulkCSVRecords(kinds: [:]), into: &output)
        }
        #expect(direct == error)
    }

    @Test func theDescribesTypesMapToKinds() {
        #expect(BulkCSVRecords.kind(ofType: "boolean") == .boolean)
        #expect(BulkCSVRecords.kind(ofType: "currency") == .number)
        #expect(BulkCSVRecords.kind(ofType: "int") == .number)
        #expect(BulkCSVRecords.kind(ofType: "datetime") == .dateTime)
        #expect(BulkCSVRecords.kind(ofType: "date") == .text)
        #expect(BulkCSVRecords.kind(ofType: "string") == .text)
    }
}
