import RestCore
import SOQL

/// The fields' kinds from the org's describes: one describe per object a column's path passes.
extension BulkCSVRecords {
    /// Kinds for `columns` of a query on `object`, read from the describes of `object` and of
    /// the parents its relationship paths reach (the first object a polymorphic reference names).
    public static func kinds(
        of columns: [SelectList.Column], object: String, client: RestClient
    ) async throws(RestClientError) -> [String: Kind] {
        var describes: [String: [JSONValue]] = [:]
        func fields(of object: String) async throws(RestClientError) -> [JSONValue] {
            let key = object.lowercased()
            if let kept = describes[key] { return kept }
            let describe = try await client.send(client.requestForDescribe(withObjectType: object)).asJSONValue()
            let fields = describe["fields"]?.arrayValue ?? []
            describes[key] = fields
            return fields
        }
        var kinds: [String: Kind] = [:]
        for column in columns where column.isField {
            var current = object
            var kind: Kind?
            for (index, part) in column.path.enumerated() {
                let list = try await fields(of: current)
                if index == column.path.count - 1 {
                    let field = list.first { $0["name"]?.stringValue.map { FieldLookup.keyMatches($0, part) } ?? false }
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
