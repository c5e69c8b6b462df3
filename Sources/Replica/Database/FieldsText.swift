import Foundation
import RestCore

/// A record's fields as the JSON text a row stores: sorted keys, so the same fields always give
/// the same bytes.
enum FieldsText {
    static func encode(_ fields: [String: JSONValue]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(fields), as: UTF8.self)
    }

    /// Read with RestCore's parser, as pages are: a start reads every row of a list, and
    /// Foundation's decoder took a quarter of a 50,000-row start.
    static func decode(_ text: String) throws -> [String: JSONValue] {
        guard let fields = try JSONParser.parse(Array(text.utf8)).objectValue else {
            throw DecodingError.typeMismatch(
                [String: JSONValue].self,
                DecodingError.Context(codingPath: [], debugDescription: "The row's fields are not a JSON object."))
        }
        return fields
    }
}
