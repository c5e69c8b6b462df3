import Foundation
import RecordOutput
import RestCore
import SOQL

/// `json-parse BODY_FILE`: CPU time to read one query page (as MockOrg serves it) by each of
/// RestCore's hand-written paths and by Foundation's parsers, side by side in one process.
///
/// Prints one `NAME: SECONDS` line per way, each the median of interleaved rounds (so that a
/// noisy neighbour slows every way alike), then `check: ok` once all of them read the same records.
enum JSONParsing {
    static func run(bodyFile: String) throws {
        let body = [UInt8](try Data(contentsOf: URL(fileURLWithPath: bodyFile)))
        let data = Data(body)
        let response = RestResponse(
            status: 200, headers: [.contentType: "application/json"], body: body)
        let soql = Driver.listQuery

        // The tree every way must give, from RestCore's own path.
        let expected = try QueryResult.decode(response).records
        let fromSerialization = try serializationPage(data)
        let fromDecoder = try JSONDecoder().decode(QueryResult.self, from: data).records
        guard fromSerialization == expected, fromDecoder == expected else {
            throw BenchFailure("the parsers disagree on the page")
        }
        guard try JSONDecoder().decode(QueryPage<TypedContact>.self, from: data).records.count == expected.count else {
            throw BenchFailure("the typed decoder read another number of records")
        }
        guard try tsvByScanning(response, soql: soql) == tsv(expected, soql: soql) else {
            throw BenchFailure("the TSV paths disagree on the page")
        }

        let ways: [(String, () throws -> Void)] = [
            ("tree-restcore", { _ = try QueryResult.decode(response) }),
            ("tree-jsonserialization", { _ = try serializationPage(data) }),
            ("tree-jsondecoder", { _ = try JSONDecoder().decode(QueryResult.self, from: data) }),
            ("any-jsonserialization", { _ = try JSONSerialization.jsonObject(with: data) }),
            ("typed-jsondecoder", { _ = try JSONDecoder().decode(QueryPage<TypedContact>.self, from: data) }),
            ("tsv-restcore", { _ = try tsvByScanning(response, soql: soql) }),
            ("tsv-jsonserialization", { _ = tsv(try serializationPage(data), soql: soql) }),
        ]
        var samples = [[Double]](repeating: [], count: ways.count)
        for _ in 0..<15 {
            for (index, way) in ways.enumerated() {
                let start = Proc.threadCPUSeconds()
                try way.1()
                samples[index].append(Proc.threadCPUSeconds() - start)
            }
        }
        for (index, way) in ways.enumerated() {
            let sorted = samples[index].sorted()
            Modes.say("\(way.0): \(sorted[sorted.count / 2])")
        }
        Modes.say("records: \(expected.count)")
        Modes.say("check: ok")
    }

    /// `list`'s path: the page scanned in place, the wanted fields copied out as TSV.
    private static func tsvByScanning(_ response: RestResponse, soql: String) throws -> [UInt8] {
        var writer = RecordWriter(format: .tsv, selectList: SelectList(soql: soql))
        var output: [UInt8] = []
        try writer.write(try QueryPageBytes.decodePage(from: response), into: &output)
        return output
    }

    private static func tsv(_ records: [JSONValue], soql: String) -> [UInt8] {
        var writer = RecordWriter(format: .tsv, selectList: SelectList(soql: soql))
        var output: [UInt8] = []
        writer.write(records, into: &output)
        return output
    }

    /// The records of a page read by `JSONSerialization`, turned into `JSONValue`s.
    private static func serializationPage(_ data: Data) throws -> [JSONValue] {
        let root = try JSONSerialization.jsonObject(with: data)
        guard let page = root as? [String: Any], let records = page["records"] as? [Any] else {
            throw BenchFailure("not a query page")
        }
        return records.map(value)
    }

    private static func value(_ any: Any) -> JSONValue {
        switch any {
        case let text as String: return .string(text)
        case let number as NSNumber:
            // Booleans come back as NSNumbers too; their type encoding tells them apart.
            if String(cString: number.objCType) == "c" { return .bool(number.boolValue) }
            return .number(number.doubleValue)
        case let members as [String: Any]: return .object(members.mapValues(value))
        case let elements as [Any]: return .array(elements.map(value))
        default: return .null
        }
    }
}

/// The page's records as a fixed type: what `JSONDecoder` does at its best, for comparison only
/// (the app's columns come from the user's query at run time, so its records cannot be typed).
private struct TypedContact: Decodable, Sendable {
    struct Account: Decodable, Sendable {
        var Name: String?
    }

    var Id: String
    var Name: String?
    var Title: String?
    var Email: String?
    var Phone: String?
    var Account: Account?
}
