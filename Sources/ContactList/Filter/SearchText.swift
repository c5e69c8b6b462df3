import Foundation

/// Folds text for case- and accent-insensitive matching: "Zoë" and "ZOE" fold alike.
public enum SearchText {
    /// The folded form of `text`; ASCII takes a fast path without Foundation.
    public static func fold(_ text: String) -> String {
        var isASCII = true
        for byte in text.utf8 where byte >= 0x80 {
            isASCII = false
            break
        }
        if isASCII { return text.lowercased() }
        return text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// Whether `text` contains the already folded `foldedQuery`.
    public static func matches(_ text: String, foldedQuery: String) -> Bool {
        foldedQuery.isEmpty || contains(fold(text), foldedQuery)
    }

    /// Whether already folded text contains the folded query: the one comparison every
    /// match that is not plain ASCII goes through (`SearchIndex` takes a byte path for those
    /// that are, with the same outcome).
    static func contains(_ foldedText: String, _ foldedQuery: String) -> Bool {
        foldedText.contains(foldedQuery)
    }
}
