import SOQL
import Testing

@testable import RecordOutput
@testable import RestCore

/// `list --bulk`'s direct path: CSV bytes to TSV and JSON lines with no record in between, the
/// same bytes as the records `BulkCSVRecords` reads, written by `RecordWriter`.
@Suite struct BulkCSVLayoutTests {
    static let soql = "SELECT Id, Name, Description, Account.Name FROM Contact"

    static func direct(
        _ csv: [UInt8], _ format: RecordWriter.Format, soql: String = soql,
        reading records: BulkCSVRecords = .init(kinds: [:])
    ) throws -> String {
        var writer = RecordWriter(format: format, selectList: SelectList(soql: soql))
        var output: [UInt8] = []
        try writer.write(bulkCSV: csv, reading: records, into: &output)
        writer.finish(into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    static func throughRecords(
        _ csv: [UInt8], _ format: RecordWriter.Format, soql: String = soql,
        reading records: BulkCSVRecords = .init(kinds: [:])
    ) throws -> String {
        var writer = RecordWriter(format: format, selectList: SelectList(soql: soql))
        var output: [UInt8] = []
        writer.write(try records.records(fromCSV: csv), into: &output)
        writer.finish(into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    static let csv = Array(
        ("\"Id\",\"Name\",\"Description\",\"Account.Name\"\r\n"
            + "\"1\",\"say \"\"hi\"\", ok\",\"two\nlines\r\nend\",\"Zoë 東京\"\r\n"
            + "\"2\",\"\",\"\",\"\"\r\n"
            + "\"3\",,\"a\tb\\c\",\"שלום 😀\"\r\n").utf8)

    @Test func quotesCommasLineBreaksNullsAndNonASCIIAsTSV() throws {
        #expect(
            try Self.direct(Self.csv, .tsv)
                == "Id\tName\tDescription\tAccount.Name\n"
                + "1\tsay \"hi\", ok\ttwo\\nlines\\r\\nend\tZoë 東京\n"
                + "2\t\t\t\n"
                + "3\t\ta\\tb\\\\c\tשלום 😀\n")
    }

    @Test func quotesCommasLineBreaksNullsAndNonASCIIAsJSON() throws {
        #expect(
            try Self.direct(Self.csv, .json)
                == #"{"Id":"1","Name":"say \"hi\", ok","Description":"two\nlines\r\nend","Account":{"Name":"Zoë 東京"}}"#
                + "\n" + #"{"Id":"2","Name":null,"Description":null,"Account":null}"# + "\n"
                + #"{"Id":"3","Name":null,"Description":"a\tb\\c","Account":{"Name":"שלום 😀"}}"# + "\n")
    }

    @Test(arguments: RecordWriter.Format.allCases)
    func bytesThatAreNotUTF8AreReplacedAsAStringReplacesThem(_ format: RecordWriter.Format) throws {
        let csv =
            Array("\"Id\",\"Name\",\"Description\",\"Account.Name\"\n\"1\",\"a".utf8) + [0xFF, 0xC2]
            + Array("b\",\"\u{1B}[31m\",\"".utf8) + [0xC2, 0x9B] + Array("x\"\n".utf8)
        let direct = try Self.direct(csv, format)
        #expect(direct == (try Self.throughRecords(csv, format)))
        #expect(direct.contains("a\u{FFFD}\u{FFFD}b"))
        #expect(!direct.contains("\u{1B}") && !direct.contains("\u{9B}"))
    }

    @Test func aCompoundAddressIsPutTogetherFromItsParts() throws {
        let soql = "SELECT Id, mailingaddress, MailingCity FROM Contact"
        let records = BulkCSVRecords(
            kinds: ["MailingLatitude": .number], addresses: [Self.mailingAddress],
            hiddenColumns: ["MailingStreet", "MailingPostalCode", "MailingState", "MailingCountry", "MailingLatitude"])
        let text: String =
            #""Id","MailingCity","MailingStreet","MailingPostalCode","MailingState","MailingCountry","MailingLatitude""#
            + "\n" + #""1","Lyon","1 rue ""A"", B","69001","","France","45.75""# + "\n"
            + #""2","","","","","","""# + "\n" + #""3","","","","","","1.5""# + "\n"
        let csv = Array(text.utf8)
        #expect(
            try Self.direct(csv, .tsv, soql: soql, reading: records)
                == "Id\tMailingAddress\tMailingCity\n1\t1 rue \"A\", B, Lyon, 69001, France\tLyon\n2\t\t\n3\t\t\n")
        #expect(
            try Self.direct(csv, .json, soql: soql, reading: records)
                == #"{"Id":"1","MailingAddress":{"city":"Lyon","country":"France","geocodeAccuracy":null,"latitude":45.75,"longitude":null,"postalCode":"69001","state":null,"street":"1 rue \"A\", B"},"MailingCity":"Lyon"}"#
                + "\n" + #"{"Id":"2","MailingAddress":null,"MailingCity":null}"# + "\n"
                + #"{"Id":"3","MailingAddress":{"city":null,"country":null,"geocodeAccuracy":null,"latitude":1.5,"longitude":null,"postalCode":null,"state":null,"street":null},"MailingCity":null}"#
                + "\n")
        for format in RecordWriter.Format.allCases {
            #expect(
                try Self.direct(csv, format, soql: soql, reading: records)
                    == Self.throughRecords(csv, format, soql: soql, reading: records))
        }
    }

    static let mailingAddress = CompoundAddressParts(
        name: "MailingAddress",
        parts: [
            .init(key: "street", column: "MailingStreet"), .init(key: "city", column: "MailingCity"),
            .init(key: "state", column: "MailingState"), .init(key: "postalCode", column: "MailingPostalCode"),
            .init(key: "country", column: "MailingCountry"),
            .init(key: "latitude", column: "MailingLatitude", kind: .number),
            .init(key: "longitude", column: nil, kind: .number), .init(key: "geocodeAccuracy", column: nil),
        ])

    /// Seeded rows of hostile text under every kind, nested paths and a column the query spells
    /// otherwise: the direct path writes what the records path writes, in both formats.
    @Test(arguments: 0..<40)
    func theDirectPathWritesWhatTheRecordsPathWrites(_ seed: Int) throws {
        var random = SplitMix(seed: UInt64(seed))
        let header = [
            "Id", "Name", "Amount__c", "Flag__c", "When__c", "Account.Name", "Account.Owner.Name", "Account.Id",
        ]
        let soql =
            "SELECT id, Name, Amount__c, Flag__c, When__c, account.name, Account.Owner.Name, Account.Id FROM Contact"
        let records = BulkCSVRecords(kinds: ["Amount__c": .number, "Flag__c": .boolean, "When__c": .dateTime])
        let pieces: [[UInt8]] = [
            Array("a".utf8), Array("\"".utf8), Array(",".utf8), Array("\n".utf8), Array("\r\n".utf8), Array("\t".utf8),
            Array("\\".utf8), Array("é".utf8), Array("😀".utf8), [0x1B], [0xC2, 0x9B], [0x7F], Array("42".utf8),
            Array("-1.5".utf8), Array("true".utf8), Array("false".utf8), Array("2024-01-02T03:04:05.000Z".utf8), [0xFF],
        ]
        var csv = Array(header.map { "\"\($0)\"" }.joined(separator: ",").utf8) + [UInt8(ascii: "\n")]
        for _ in 0..<(1 + Int(random.next() % 99)) {
            for column in header.indices {
                if column > 0 { csv.append(UInt8(ascii: ",")) }
                let length = Int(random.next() % 4)
                if length == 0, random.next() % 2 == 0 { continue }  // unquoted null
                var field: [UInt8] = []
                for _ in 0..<length { field += pieces[Int(random.next() % UInt64(pieces.count))] }
                csv.append(UInt8(ascii: "\""))
                for byte in field {
                    if byte == UInt8(ascii: "\"") { csv.append(byte) }
                    csv.append(byte)
                }
                csv.append(UInt8(ascii: "\""))
            }
            csv += random.next() % 2 == 0 ? [10] : [13, 10]
        }
        for format in RecordWriter.Format.allCases {
            let direct = try Self.direct(csv, format, soql: soql, reading: records)
            #expect(direct == (try Self.throughRecords(csv, format, soql: soql, reading: records)))
            #expect(direct.split(separator: "\n", omittingEmptySubsequences: false).count > 1)
        }
    }
}

/// SplitMix64: a seeded generator, so that a failing seed can be run again.
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

/// A compound address's parts found in a describe: by `compoundFieldName`, or else by their names.
@Suite struct CompoundAddressPartsTests {
    static func field(_ name: String, _ type: String = "string", compound: String? = nil) -> JSONValue {
        var members: [String: JSONValue] = ["name": .string(name), "type": .string(type)]
        if let compound { members["compoundFieldName"] = .string(compound) }
        return .object(members)
    }

    @Test func byNameTheKeysRESTAlwaysSendsAreThereEvenWithoutAField() throws {
        let fields = [
            Self.field("MailingAddress", "address"), Self.field("MailingStreet"), Self.field("MailingCity"),
            Self.field("MailingLatitude", "double"), Self.field("OtherCity"),
        ]
        let parts = try #require(BulkCSVRecords.parts(of: "MailingAddress", in: fields))
        #expect(parts.name == "MailingAddress")
        #expect(
            parts.parts.map(\.key) == [
                "street", "city", "state", "postalCode", "country", "latitude", "longitude", "geocodeAccuracy",
            ])
        #expect(parts.parts.compactMap(\.column) == ["MailingStreet", "MailingCity", "MailingLatitude"])
        #expect(parts.parts.first { $0.key == "latitude" }?.kind == .number)
    }

    @Test func byCompoundFieldNameStateAndCountryCodesJoinWhenTheOrgHasThem() throws {
        let fields = [
            Self.field("BillingStreet", compound: "BillingAddress"),
            Self.field("BillingStateCode", "picklist", compound: "BillingAddress"),
        ]
        let parts = try #require(BulkCSVRecords.parts(of: "BillingAddress", in: fields))
        #expect(parts.parts.map(\.key).contains("stateCode"))
        #expect(!parts.parts.map(\.key).contains("countryCode"))
        #expect(BulkCSVRecords.parts(of: "ShippingAddress", in: fields) == nil)
    }
}
