/// A SOQL `LIKE` pattern: case-insensitive, `%` for any run, `_` for one character, `\%` and `\_` literal.
struct LikePattern: Sendable {
    enum Piece: Sendable, Equatable {
        case literal(Character)
        case one
        case any
    }

    let pieces: [Piece]
    /// The whole pattern as lower-cased ASCII bytes, when it has no wildcard but leading or trailing `%`.
    private let asciiNeedle: [UInt8]?
    private let anchoredStart: Bool
    private let anchoredEnd: Bool

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
        // Fast path: `%text%`, `text%`, `%text`, `text` with ASCII text.
        var inner = pieces[...]
        anchoredStart = inner.first != .any
        if !anchoredStart { inner = inner.dropFirst() }
        anchoredEnd = inner.last != .any
        if !anchoredEnd { inner = inner.dropLast() }
        var needle = [UInt8]()
        var simple = true
        for piece in inner {
            guard case .literal(let character) = piece, character.isASCII, let byte = character.asciiValue else {
                simple = false
                break
            }
            needle.append(byte)
        }
        asciiNeedle = simple ? needle : nil
    }

    func matches(_ text: String) -> Bool {
        if let needle = asciiNeedle {
            var contiguous = text
            contiguous.makeContiguousUTF8()
            return contiguous.utf8.withContiguousStorageIfAvailable { bytes in
                Self.asciiMatch(bytes, needle: needle, anchoredStart: anchoredStart, anchoredEnd: anchoredEnd)
            } ?? false
        }
        return Self.match(Array(text.lowercased())[...], pieces[...])
    }

    /// Matches ASCII-case-insensitively on bytes; non-ASCII text bytes only equal themselves,
    /// which is right because the needle is ASCII — except for characters that lower-case to ASCII
    /// (like the Kelvin sign), which Salesforce also does not fold.
    private static func asciiMatch(
        _ bytes: UnsafeBufferPointer<UInt8>, needle: [UInt8], anchoredStart: Bool, anchoredEnd: Bool
    ) -> Bool {
        let n = needle.count
        let count = bytes.count
        if n > count { return false }
        @inline(__always) func lower(_ byte: UInt8) -> UInt8 { byte >= 65 && byte <= 90 ? byte | 0x20 : byte }
        func matchesAt(_ start: Int) -> Bool {
            for offset in 0..<n where lower(bytes[start + offset]) != needle[offset] { return false }
            return true
        }
        switch (anchoredStart, anchoredEnd) {
        case (true, true): return n == count && matchesAt(0)
        case (true, false): return matchesAt(0)
        case (false, true): return matchesAt(count - n)
        case (false, false):
            if n == 0 { return true }
            let first = needle[0]
            var start = 0
            while start <= count - n {
                if lower(bytes[start]) == first && matchesAt(start) { return true }
                start += 1
            }
            return false
        }
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
