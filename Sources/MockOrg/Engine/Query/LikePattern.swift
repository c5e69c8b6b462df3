/// A SOQL `LIKE` pattern: case-insensitive, `%` for any run, `_` for one character, `\%` and `\_` literal.
struct LikePattern: Sendable {
    enum Piece: Sendable, Equatable {
        case literal(Character)
        case one
        case any
    }

    let pieces: [Piece]
    /// For patterns without `_`: the lower-cased UTF-8 literal runs between `%`s.
    private let segments: [[UInt8]]?
    private let anchoredStart: Bool
    private let anchoredEnd: Bool
    /// The pieces with ASCII literals as bytes (0 stands for `_`, 1 for `%`), for ASCII text; nil when a literal is not ASCII.
    private let asciiPieces: [UInt8]?

    init(_ pattern: String) {
        var pieces = [Piece]()
        var escaping = false
        for character in pattern.lowercased() {
            if escaping {
                pieces.append(.literal(character))
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == "%" {
                if pieces.last != .any { pieces.append(.any) }
            } else if character == "_" {
                pieces.append(.one)
            } else {
                pieces.append(.literal(character))
            }
        }
        self.pieces = pieces
        anchoredStart = pieces.first != .any
        anchoredEnd = pieces.last != .any
        var segments: [[UInt8]] = [[]]
        var hasOne = false
        for piece in pieces {
            switch piece {
            case .literal(let character):
                segments[segments.count - 1].append(contentsOf: String(character).utf8)
            case .any:
                segments.append([])
            case .one:
                hasOne = true
            }
        }
        self.segments = hasOne ? nil : segments.filter { !$0.isEmpty }
        var asciiPieces: [UInt8]? = []
        for piece in pieces {
            switch piece {
            case .one: asciiPieces?.append(Self.oneByte)
            case .any: asciiPieces?.append(Self.anyByte)
            case .literal(let character):
                // One byte that is not a marker (CR LF is one Character of two bytes).
                guard character.utf8.count == 1, let byte = character.utf8.first, byte > Self.anyByte, byte < 0x80
                else {
                    asciiPieces = nil
                    break
                }
                asciiPieces?.append(byte)
            }
        }
        self.asciiPieces = asciiPieces
    }

    private static let oneByte: UInt8 = 0
    private static let anyByte: UInt8 = 1

    /// Whether `text` matches. Text with a non-ASCII character that changes when lower-cased is
    /// lower-cased as Unicode first; otherwise ASCII letters are folded as the bytes are compared.
    func matches(_ text: String) -> Bool {
        var folded = text
        folded.makeContiguousUTF8()
        let isASCII = folded.utf8.withContiguousStorageIfAvailable { !$0.contains(where: { $0 >= 0x80 }) } ?? false
        if !isASCII && Self.needsLowering(folded) {
            folded = folded.lowercased()
            folded.makeContiguousUTF8()
        }
        let decided = folded.utf8.withContiguousStorageIfAvailable {
            matches(folded: $0, isASCII: isASCII)
        }
        if let decided = decided ?? nil { return decided }
        return Self.match(Array(text.lowercased())[...], pieces[...])
    }

    /// Matches text given as UTF-8 bytes that are already lower-cased wherever Unicode lower-casing
    /// changes a non-ASCII character (see `matches(_:)`); nil when only the String can tell, which
    /// is for `_` on non-ASCII text, where a character may be several bytes.
    func matches(folded bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> Bool? {
        guard let segments else {
            if let asciiPieces, isASCII { return Self.asciiMatch(bytes[...], asciiPieces[...]) }
            return nil
        }
        return Self.segmentsMatch(bytes, segments, anchoredStart: anchoredStart, anchoredEnd: anchoredEnd)
    }

    /// Whether some non-ASCII character of `text` changes when lower-cased.
    static func needsLowering(_ text: String) -> Bool {
        text.unicodeScalars.contains { !$0.isASCII && $0.properties.changesWhenLowercased }
    }

    /// Matches `%`-separated literal runs against bytes, folding ASCII letters; the runs are lower-case already.
    private static func segmentsMatch(
        _ bytes: UnsafeBufferPointer<UInt8>, _ segments: [[UInt8]], anchoredStart: Bool, anchoredEnd: Bool
    ) -> Bool {
        func matchesAt(_ start: Int, _ needle: [UInt8]) -> Bool {
            for offset in 0..<needle.count where lower(bytes[start + offset]) != needle[offset] { return false }
            return true
        }
        func find(_ needle: [UInt8], from start: Int) -> Int? {
            guard needle.count <= bytes.count else { return nil }
            var index = start
            while index <= bytes.count - needle.count {
                if lower(bytes[index]) == needle[0] && matchesAt(index, needle) { return index }
                index += 1
            }
            return nil
        }
        if segments.isEmpty { return !(anchoredStart && anchoredEnd) || bytes.isEmpty }
        var low = 0
        var high = bytes.count
        var middle = segments[...]
        if anchoredStart {
            let first = middle.removeFirst()
            guard first.count <= high, matchesAt(0, first) else { return false }
            low = first.count
            if middle.isEmpty && anchoredEnd { return low == bytes.count }
        }
        if anchoredEnd, let last = middle.popLast() {
            guard last.count <= high - low, matchesAt(high - last.count, last) else { return false }
            high -= last.count
        }
        for segment in middle {
            guard let found = find(segment, from: low), found + segment.count <= high else { return false }
            low = found + segment.count
        }
        return true
    }

    /// An ASCII letter's lower-case byte; any other byte as it is.
    @inline(__always) private static func lower(_ byte: UInt8) -> UInt8 {
        byte >= 65 && byte <= 90 ? byte | 0x20 : byte
    }

    /// What a pattern element is to the backtracking matcher.
    private enum Wildcard {
        case any, one, literal
    }

    /// The matcher for patterns with `_`, over characters or, for ASCII text, over bytes:
    /// `wildcard` tells what a pattern element is, `equals` compares a text element with a literal.
    ///
    /// Greedy, and when a literal fails it backtracks only to the latest `%`, one text element
    /// further: a match found after a later `%` never needs an earlier one to take more, so the
    /// work is at most text times pattern, never exponential (`%_%_%_%_#` once took minutes).
    private static func match<Text: RandomAccessCollection, Pattern: RandomAccessCollection>(
        _ text: Text, _ pattern: Pattern, wildcard: (Pattern.Element) -> Wildcard,
        equals: (Text.Element, Pattern.Element) -> Bool
    ) -> Bool where Text.Index == Int, Pattern.Index == Int {
        var t = text.startIndex
        var p = pattern.startIndex
        // Where the latest `%` stands in the pattern, and where in the text its run ends now.
        var anyAt: Int?
        var anyEnd = t
        while t < text.endIndex {
            if p < pattern.endIndex {
                let piece = pattern[p]
                switch wildcard(piece) {
                case .any:
                    anyAt = p
                    anyEnd = t
                    p += 1
                    continue
                case .one:
                    t += 1
                    p += 1
                    continue
                case .literal where equals(text[t], piece):
                    t += 1
                    p += 1
                    continue
                case .literal:
                    break
                }
            }
            // A mismatch or the pattern's end: the latest `%` takes one more element.
            guard let anyAt else { return false }
            p = anyAt + 1
            anyEnd += 1
            t = anyEnd
        }
        while p < pattern.endIndex, wildcard(pattern[p]) == .any { p += 1 }
        return p == pattern.endIndex
    }

    /// `match` on ASCII bytes, folding ASCII letters; the pattern's literals are lower-case already.
    private static func asciiMatch(_ text: Slice<UnsafeBufferPointer<UInt8>>, _ pattern: ArraySlice<UInt8>) -> Bool {
        match(
            text, pattern,
            wildcard: { $0 == anyByte ? .any : $0 == oneByte ? .one : .literal },
            equals: { (byte, literal) in lower(byte) == literal })
    }

    /// `match` on lower-cased characters.
    private static func match(_ text: ArraySlice<Character>, _ pattern: ArraySlice<Piece>) -> Bool {
        match(
            text, pattern,
            wildcard: { piece in
                switch piece {
                case .any: .any
                case .one: .one
                case .literal: .literal
                }
            },
            equals: { (character, piece) in piece == .literal(character) })
    }
}
