import SOQL
import Testing

@testable import RecordOutput
@testable import RestCore

/// Aggregate answers in TSV and JSON: `COUNT()` as its total, aggregate columns under their names.
@Suite struct AggregateOutputTests {
    static func written(_ body: String, soql: String, format: RecordWriter.Format) throws -> String {
        var writer = RecordWriter(format: format, selectList: SelectList(soql: soql))
        var output: [UInt8] = []
        try writer.write(try QueryPageBytes(body: Array(body.utf8)), into: &output)
        writer.finish(into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    static let countPage = #"{"totalSize":4217,"done":true,"records":[]}"#

    @Test func countAloneWritesTheTotal() throws {
        let soql = "SELECT COUNT() FROM Contact"
        #expect(try Self.written(Self.countPage, soql: soql, format: .tsv) == "totalSize\n4217\n")
        #expect(try Self.written(Self.countPage, soql: soql, format: .json) == #"{"totalSize":4217}"# + "\n")
    }

    static let groupedPage = #"""
        {"totalSize":2,"done":true,"records":[
         {"attributes":{"type":"AggregateResult"},"Name":"Acme","expr0":3,"newest":"Zed","expr1":2.5},
         {"attributes":{"type":"AggregateResult"},"Name":null,"expr0":1,"newest":null,"expr1":null}]}
        """#
    static let groupedSOQL =
        "SELECT Account.Name, COUNT(Id), MAX(LastName) newest, AVG(Age) FROM Contact GROUP BY Account.Name"

    @Test func aggregateColumnsPrintUnderTheirNames() throws {
        #expect(
            try Self.written(Self.groupedPage, soql: Self.groupedSOQL, format: .tsv)
                == "Account.Name\texpr0\tnewest\texpr1\nAcme\t3\tZed\t2.5\n\t1\t\t\n")
        #expect(
            try Self.written(Self.groupedPage, soql: Self.groupedSOQL, format: .json)
                == #"{"Name":"Acme","expr0":3,"newest":"Zed","expr1":2.5}"# + "\n"
                + #"{"Name":null,"expr0":1,"newest":null,"expr1":null}"# + "\n")
    }
}
