/// The hashed byte pairs and triples of some text: those made of digits alone in 256 bits of
/// their own, all others in 512, so that the digits a contact's text is full of (two phones, a
/// postal code, a street number) fill neither half for the other. Search terms are runs of letters
/// and digits, so pairs and triples across an ASCII space or punctuation are never asked for and
/// not set.
struct SearchBits: Equatable {
    var text = SIMD8<UInt64>()
    var digits = SIMD4<UInt64>()

    init() {}

    /// The bits of bytes folded already (lowercased, NFC).
    init(folded bytes: some Collection<UInt8>) {
        self = Self.collecting { words in
            var stream = Stream()
            for byte in bytes { stream.add(byte, to: words) }
        }
    }

    /// Adds the bits of text made of ASCII and Latin-1 letters (U+00C0-U+00FF), lowercased on the
    /// fly, and of its digits alone when `digitsToo` (a phone number, which matches by its digits).
    /// Such text is its own NFC, and lowercasing moves each letter by itself. Returns false at the
    /// first byte of any other text, which must be folded whole; the bits added until then are
    /// extra ones, which rule out fewer rows but never one that matches.
    static func addPlain(
        _ utf8: UnsafeBufferPointer<UInt8>, digitsToo: Bool, to words: UnsafeMutablePointer<UInt64>
    )
        -> Bool
    {
        var text = Stream()
        var digits = Stream()
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte < 0x80 {
                text.add(byte &- 65 < 26 ? byte | 0x20 : byte, to: words)
                if digitsToo && isDigit(byte) { digits.add(byte, to: words) }
                index += 1
            } else if byte == 0xC3 {
                // À-Þ (C3 80-9E) lowercase to à-þ, 0x20 further on; × (C3 97) has no case.
                let next = utf8[index + 1]
                text.add(byte, to: words)
                text.add(next &- 0x80 < 0x1F && next != 0x97 ? next + 0x20 : next, to: words)
                index += 2
            } else {
                return false
            }
        }
        return true
    }

    /// Sets the bits of `bits` in `words`.
    static func add(_ bits: SearchBits, to words: UnsafeMutablePointer<UInt64>) {
        for lane in 0..<8 { words[lane] |= bits.text[lane] }
        for lane in 0..<4 { words[8 + lane] |= bits.digits[lane] }
    }

    /// Whether every bit of `wanted` is set here.
    @inline(__always)
    func holds(_ wanted: SearchBits) -> Bool {
        // OR-ed down in vector halves: SIMD's `==` compares lane by lane through memory.
        let missing = wanted.text & ~text
        let either = missing.lowHalf | missing.highHalf | (wanted.digits & ~digits)
        let pair = either.lowHalf | either.highHalf
        return pair[0] | pair[1] == 0
    }

    static func |= (bits: inout SearchBits, other: SearchBits) {
        bits.text |= other.text
        bits.digits |= other.digits
    }

    /// The bits `body` sets in 12 plain words (8 for text, 4 for digits), which are faster to set
    /// one by one than a SIMD vector's lanes.
    static func collecting(_ body: (UnsafeMutablePointer<UInt64>) -> Void) -> SearchBits {
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 12) { buffer in
            let words = buffer.baseAddress!
            words.initialize(repeating: 0, count: 12)
            body(words)
            var bits = SearchBits()
            for lane in 0..<8 { bits.text[lane] = words[lane] }
            for lane in 0..<4 { bits.digits[lane] = words[8 + lane] }
            return bits
        }
    }

    /// The last two bytes of a text, to make pairs and triples of each byte added.
    private struct Stream {
        var count = 0
        var previous: UInt32 = 0
        var beforePrevious: UInt32 = 0
        /// Whether `previous` and `beforePrevious` are digits.
        var previousIsDigit = false
        var beforePreviousIsDigit = false

        @inline(__always)
        mutating func add(_ byte: UInt8, to words: UnsafeMutablePointer<UInt64>) {
            guard byte >= 0x80 || SearchBits.isDigit(byte) || (byte | 0x20) &- 97 < 26 else {
                count = 0
                return
            }
            let value = UInt32(byte)
            let isDigit = SearchBits.isDigit(byte)
            if count >= 1 {
                SearchBits.set(previous << 8 | value, digitsOnly: previousIsDigit && isDigit, in: words)
                if count >= 2 {
                    SearchBits.set(
                        0x0100_0000 | beforePrevious << 16 | previous << 8 | value,
                        digitsOnly: beforePreviousIsDigit && previousIsDigit && isDigit, in: words)
                }
            }
            count += 1
            beforePrevious = previous
            beforePreviousIsDigit = previousIsDigit
            previous = value
            previousIsDigit = isDigit
        }
    }

    /// Sets the bit of a pair or triple: one of 512 text bits (words 0-7), or of 256 digit bits
    /// (words 8-11).
    @inline(__always)
    private static func set(_ key: UInt32, digitsOnly: Bool, in words: UnsafeMutablePointer<UInt64>) {
        let hash = key &* 2_654_435_761
        let bit = digitsOnly ? 512 + Int(hash >> 24) : Int(hash >> 23)
        words[bit >> 6] |= 1 << UInt64(bit & 63)
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool { byte &- 48 < 10 }
}
