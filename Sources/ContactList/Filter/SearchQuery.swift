/// A filter query folded once, with what the byte search needs.
struct SearchQuery: Hashable, Sendable {
    /// The query as typed.
    let text: String
    /// The folded query (`SearchText.fold`).
    let folded: String
    /// The folded query's UTF-8.
    let bytes: [UInt8]
    /// Whether the folded query is printable ASCII only: then, in a row whose folded text
    /// is ASCII, a byte match is exactly a match of the text, so no `String` is compared.
    let isPlain: Bool

    init(_ text: String) {
        self.text = text
        folded = SearchText.fold(text)
        bytes = Array(folded.utf8)
        isPlain = bytes.allSatisfy { (0x20...0x7E).contains($0) }
    }

    /// Whether every row this query matches also matches `other`, because the query contains it.
    func implies(_ other: SearchQuery) -> Bool {
        if other.bytes.isEmpty { return true }
        if isPlain && other.isPlain { return SearchIndex.find(other.bytes, in: bytes[...]) }
        return SearchText.contains(folded, other.folded)
    }
}
