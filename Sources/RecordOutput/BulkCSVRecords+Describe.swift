import RestCore
import SOQL

/// How a job's CSV reads, from the org's describes: the fields' kinds (one describe per object a
/// column's path passes), and the compound addresses the job selects as their parts.
extension BulkCSVRecords {
    /// What a Bulk API 2.0 job runs for a query, and how its CSV reads.
    public struct Plan: Sendable {
        /// The query with each compound address replaced by its parts; the query itself when it has none.
        public let soql: String
        public let records: BulkCSVRecords
        /// The records the job will process, when a count was asked for and answered.
        public var expectedRecords: Int?
    }

    /// The plan for `soql`, whose SELECT list is `columns`, on `object`. With `counting` (a
    /// `SELECT COUNT()` of the same rows), the count is read in the describes' Composite call,
    /// at no extra API call, and a count that fails is only left out.
    public static func plan(
        for soql: String, columns: [SelectList.Column], object: String, client: RestClient,
        counting: RestRequest? = nil
    ) async throws(RestClientError) -> Plan {
        var describes = Describes(client: client)
        let count = await describes.prefetch([object] + likelyParents(of: columns), counting: counting)
        var kinds = try await kinds(of: columns, object: object, describes: &describes)
        let fields = try await describes.fields(of: object)
        let selected = Set(columns.filter { $0.isField && $0.path.count == 1 }.map { $0.path[0].lowercased() })
        var addresses: [CompoundAddressParts] = []
        var hidden: [String] = []
        var replacements: [String: [String]] = [:]
        for column in columns where column.isField && column.path.count == 1 {
            guard let field = fields.first(where: { Self.name(of: $0, matches: column.path[0]) }),
                field["type"]?.stringValue == "address", let name = field["name"]?.stringValue,
                let address = Self.parts(of: name, in: fields)
            else { continue }
            addresses.append(address)
            let added = address.parts.compactMap(\.column).filter {
                !selected.contains($0.lowercased()) && !hidden.contains($0)
            }
            hidden += added
            replacements[name] = added
            for part in address.parts where part.kind != .text {
                if let column = part.column { kinds[column] = part.kind }
            }
        }
        let rewritten = replacements.isEmpty ? soql : SOQLSelectRewriter.replacingFields(soql, replacements) ?? soql
        return Plan(
            soql: rewritten,
            records: BulkCSVRecords(kinds: kinds, addresses: addresses, hiddenColumns: Set(hidden)),
            expectedRecords: count)
    }

    /// The objects the relationship paths of `columns` most likely reach, guessed from the names
    /// alone (`Account.Name` reaches Account, `Parent__r.Name` Parent__c), so that their
    /// describes can be read with the query object's in one call; the describe's `referenceTo`
    /// still decides, and a wrong guess only costs its place in that call.
    static func likelyParents(of columns: [SelectList.Column]) -> [String] {
        var parents: [String] = []
        for column in columns where column.isField {
            for name in column.path.dropLast() {
                let object = name.hasSuffix("__r") ? name.dropLast(3) + "__c" : name
                if !parents.contains(where: { $0.lowercased() == object.lowercased() }) { parents.append(object) }
            }
        }
        return parents
    }

    /// Kinds for `columns` of a query on `object`, read from the describes of `object` and of
    /// the parents its relationship paths reach (the first object a polymorphic reference names).
    private static func kinds(
        of columns: [SelectList.Column], object: String, describes: inout Describes
    ) async throws(RestClientError) -> [String: Kind] {
        var kinds: [String: Kind] = [:]
        for column in columns where column.isField {
            var current = object
            var kind: Kind?
            for (index, part) in column.path.enumerated() {
                let list = try await describes.fields(of: current)
                if index == column.path.count - 1 {
                    let field = list.first { name(of: $0, matches: part) }
                    kind = field?["type"]?.stringValue.map(Self.kind(ofType:))
                } else {
                    let reference = list.first {
                        $0["relationshipName"]?.stringValue.map { FieldLookup.keyMatches($0, part) } ?? false
                    }
                    guard let parent = reference?["referenceTo"]?.arrayValue?.first?.stringValue else { break }
                    current = parent
                }
            }
            if let kind { kinds[column.path.joined(separator: ".")] = kind }
        }
        return kinds
    }

    /// The parts of the compound address `name` among an object's `fields`: those whose
    /// `compoundFieldName` is `name`, or else those named after it (`MailingCity` for
    /// `MailingAddress`). The keys REST always sends are there even when the org has no field
    /// for them; nil when no part is found.
    static func parts(of name: String, in fields: [JSONValue]) -> CompoundAddressParts? {
        let components = fields.filter { $0["compoundFieldName"]?.stringValue == name }
        let prefix = name.hasSuffix("Address") ? String(name.dropLast("Address".count)) : nil
        var parts: [CompoundAddressParts.Part] = []
        for (key, suffix) in partSuffixes {
            let field =
                components.first { Self.name(of: $0, matches: (prefix ?? "") + suffix) }
                ?? prefix.flatMap { prefix in fields.first { Self.name(of: $0, matches: prefix + suffix) } }
            let kind = field?["type"]?.stringValue.map(Self.kind(ofType:)) ?? .text
            if let column = field?["name"]?.stringValue {
                parts.append(.init(key: key, column: column, kind: kind))
            } else if alwaysSent.contains(key) {
                parts.append(.init(key: key, column: nil, kind: kind))
            }
        }
        guard parts.contains(where: { $0.column != nil }) else { return nil }
        return CompoundAddressParts(name: name, parts: parts)
    }

    /// An address's keys and the ending of the field that holds each.
    private static let partSuffixes = [
        ("street", "Street"), ("city", "City"), ("state", "State"), ("postalCode", "PostalCode"),
        ("country", "Country"), ("stateCode", "StateCode"), ("countryCode", "CountryCode"),
        ("latitude", "Latitude"), ("longitude", "Longitude"), ("geocodeAccuracy", "GeocodeAccuracy"),
    ]
    /// The keys of every address REST sends; `stateCode` and `countryCode` only where the org has them.
    private static let alwaysSent: Set<String> = [
        "street", "city", "state", "postalCode", "country", "latitude", "longitude", "geocodeAccuracy",
    ]

    private static func name(of field: JSONValue, matches wanted: String) -> Bool {
        field["name"]?.stringValue.map { FieldLookup.keyMatches($0, wanted) } ?? false
    }

    /// The kind of a describe's field `type`.
    static func kind(ofType type: String) -> Kind {
        switch type {
        case "boolean": .boolean
        case "int", "double", "currency", "percent", "long": .number
        case "datetime": .dateTime
        default: .text
        }
    }
}

/// An object's describe fields, each object read once.
private struct Describes {
    let client: RestClient
    var kept: [String: [JSONValue]] = [:]

    /// Reads the describes of `objects` in one Composite call (one API call where each describe
    /// is one), when there are two or more, or one and a `counting` query, and the client's
    /// version has the resource; the query's `totalSize` is returned. An object whose describe
    /// is not answered there is left to `fields(of:)`, which reads it alone and says why it
    /// fails; so is every object when the composite itself fails.
    mutating func prefetch(_ objects: [String], counting: RestRequest?) async -> Int? {
        var wanted: [String] = []
        for object in objects where kept[object.lowercased()] == nil {
            if !wanted.contains(where: { $0.lowercased() == object.lowercased() }) { wanted.append(object) }
        }
        wanted = Array(wanted.prefix(RestClient.compositeLimit - (counting == nil ? 0 : 1)))
        let subrequests = wanted.count + (counting == nil ? 0 : 1)
        guard subrequests > 1, client.apiVersion >= RestClient.compositeVersion else { return nil }
        // An object's name is a valid reference id (letters, digits and underscores), and unique
        // here; no object's name is the count's.
        let request = client.compositeRequest(
            wanted.map { client.requestForDescribe(withObjectType: $0) } + (counting.map { [$0] } ?? []),
            refIds: wanted + (counting == nil ? [] : [Self.countReference]), allOrNone: false)
        guard let response = try? await client.send(request), let json = try? response.asJSONValue(),
            let composite = CompositeResponse(json)
        else { return nil }
        let names = Set(wanted.map { $0.lowercased() })
        var count: Int?
        for answer in composite.subResponses where answer.httpStatusCode == 200 {
            if answer.referenceId == Self.countReference {
                if case .number(let total) = answer.body["totalSize"] { count = Int(exactly: total) }
                continue
            }
            let key = answer.referenceId.lowercased()
            guard names.contains(key), let fields = answer.body["fields"]?.arrayValue else { continue }
            kept[key] = fields
        }
        return count
    }

    /// The count's reference id: an object's name has no single underscore, as this has.
    private static let countReference = "bulk_count"

    mutating func fields(of object: String) async throws(RestClientError) -> [JSONValue] {
        let key = object.lowercased()
        if let fields = kept[key] { return fields }
        let describe = try await client.send(client.requestForDescribe(withObjectType: object)).asJSONValue()
        let fields = describe["fields"]?.arrayValue ?? []
        kept[key] = fields
        return fields
    }
}
