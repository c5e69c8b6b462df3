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
    /// Whether every literal is ASCII, so ASCII text needs no Unicode lower-casing.
    private let asciiOnly: Bool

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
        var asciiOnly = true
        var segments: [[UInt8]] = [[]]
        var hasOne = false
        for piece in pieces {
            switch piece {
            case .literal(let character):
                asciiOnly = asciiOnly && character.isASCII
                segments[segments.count - 1].append(contentsOf: String(character).utf8)
            case .any:
                segments.append([])
            case .one:
                hasOne = true
            }
        }
        self.segments = hasOne ? nil : segments.filter { !$0.isEmpty }
        self.asciiOnly = asciiOnly
    }

    func matches(_ text: String) -> Bool {
        guard let segments else {
            return Self.match(Array(text.lowercased())[...], pieces[...])
        }
        var contiguous = text
        contiguous.makeContiguousUTF8()
        let result = contiguous.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            // ASCII text (or an ASCII pattern, which non-ASCII bytes can never match) compares with ASCII folding.
            if asciiOnly || !bytes.contains(where: { $0 >= 0x80 }) {
                return Self.segmentsMatch(bytes, segments, anchoredStart: anchoredStart, anchoredEnd: anchoredEnd)
            }
            return nil
        }
        if let decided = result ?? nil { return decided }
        var lowered = text.lowercased()
        lowered.makeContiguousUTF8()
        return lowered.utf8.withContiguousStorageIfAvailable {
            Self.segmentsMatch($0, segments, anchoredStart: anchoredStart, anchoredEnd: anchoredEnd)
        } ?? false
    }

    /// Matches `%`-separated literal runs against bytes, folding ASCII letters; the runs are lower-case already.
    private static func segmentsMatch(
        _ bytes: UnsafeBufferPointer<UInt8>, _ segments: [[UInt8]], anchoredStart: Bool, anchoredEnd: Bool
    ) -> Bool {
        @inline(__always) func lower(_ byte: UInt8) -> UInt8 { byte >= 65 && byte <= 90 ? byte | 0x20 : byte }
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

    private static func match(_ text: ArraySlice<Character>, _ pattern: ArraySlice<Piece>) -> Bool {
        var text = text
        var pattern = pattern
        while let piece = pattern.first {
            switch piece {
            case .any:
                let rest = pattern.dropFirst()
                if rest.isEmpty { return true }
                var candidate = text
                while true {
                    if match(candidate, rest) { return true }
                    guard !candidate.isEmpty else { return false }
                    candidate = candidate.dropFirst()
                }
            case .one:
                guard !text.isEmpty else { return false }
                text = text.dropFirst()
            case .literal(let character):
                guard text.first == character else { return false }
                text = text.dropFirst()
            }
            pattern = pattern.dropFirst()
        }
        return text.isEmpty
    }
}
