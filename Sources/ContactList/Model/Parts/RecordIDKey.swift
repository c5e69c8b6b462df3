/// A record's id as a key of the list's tables (`RecordIDTable`).
///
/// An id of up to 24 ASCII bytes (every Salesforce Id, and the list's own `row:N` and placeholder
/// ids) is kept in three words, so that a lookup among 100,000 ids compares words in the table
/// instead of following each candidate's text to the heap: the re-open bench spent a sixth of
/// the main thread's time on those comparisons ("Sync down" in docs/BENCHMARKS.md). Any other
/// id is kept as its text.
struct RecordIDKey: Hashable, Sendable {
    private var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
    /// The id itself when it does not fit the words (longer, or not ASCII); nil when it does.
    private var text: String?

    init(_ id: String) {
        var id = id
        let packed = id.withUTF8 { utf8 in Self.words(UnsafeRawBufferPointer(utf8)) }
        if let packed { words = packed } else { text = id }
    }

    /// The key of the id whose UTF-8 is `bytes` (as the replica keeps it).
    init(bytes: UnsafeRawBufferPointer) {
        if let packed = Self.words(bytes) {
            words = packed
        } else {
            text = String(decoding: bytes, as: UTF8.self)
        }
    }

    /// The id's bytes in three words; nil when it does not fit them.
    private static func words(_ utf8: UnsafeRawBufferPointer) -> (UInt64, UInt64, UInt64)? {
        guard utf8.count <= 24, !utf8.contains(where: { $0 == 0 || $0 >= 0x80 }) else { return nil }
        var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: utf8) }
        return words
    }

    /// The id this key was made of.
    var id: String {
        if let text { return text }
        return withUnsafeBytes(of: words) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    static func == (a: RecordIDKey, b: RecordIDKey) -> Bool {
        a.words.0 == b.words.0 && a.words.1 == b.words.1 && a.words.2 == b.words.2 && a.text == b.text
    }

    /// The words folded into one (each multiplied by an odd constant, a one-to-one map), so that
    /// a lookup feeds the hasher one word rather than three; keys that fold alike still compare
    /// unequal.
    func hash(into hasher: inout Hasher) {
        hasher.combine(words.0 ^ (words.1 &* 0x9E37_79B9_7F4A_7C15) ^ (words.2 &* 0xC2B2_AE3D_27D4_EB4F))
        if let text { hasher.combine(text) }
    }
}
