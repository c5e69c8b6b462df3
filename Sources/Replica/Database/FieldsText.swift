import Foundation
import RestCore

/// A record's fields as the JSON text a row stores: sorted keys, so the same fields always give
/// the same bytes.
enum FieldsText {
    static func encode(_ fields: [String: JSONValue]) throws -> String {
        String(decoding: try RestClient.sortedJSON(fields), as: UTF8.self)
    }

    /// Read with RestCore's parser, as query pages are: a start reads every row of a list, and
    /// Foundation's decoder took seconds for 100,000.
    static func decode(_ text: String) throws -> [String: JSONValue] {
        guard let fields = try JSONParser.parse(Array(text.utf8)).objectValue else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "a row's fields are not an object"))
        }
        return fields
    }
}
