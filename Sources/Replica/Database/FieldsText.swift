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

    static func decode(_ text: String) throws -> [String: JSONValue] {
        try JSONDecoder().decode([String: JSONValue].self, from: Data(text.utf8))
    }
}
