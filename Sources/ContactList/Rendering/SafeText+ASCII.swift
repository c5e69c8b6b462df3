extension SafeText {
    /// Sanitised text as an ASCII-only terminal can draw it, column for column: the
    /// app's own symbols become their ASCII look-alikes, and any other grapheme that is
    /// not ASCII becomes one `?` per column it takes (two for a wide CJK character).
    public static func asciiFallback(_ text: String) -> String {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for grapheme in text {
            if grapheme.isASCII {
                result.append(grapheme)
            } else if let lookAlike = asciiLookAlikes[grapheme] {
                result.append(lookAlike)
            } else {
                result += String(repeating: "?", count: DisplayWidth.of(grapheme))
            }
        }
        return result
    }

    /// One-column symbols of the app's own frames and their ASCII stand-ins.
    private static let asciiLookAlikes: [Character: Character] = [
        "…": ".", "·": "-", "—": "-", "×": "x", "─": "-", "│": "|", "┌": "+", "┐": "+", "└": "+", "┘": "+",
        "▏": "|", "↑": "^", "↓": "v", "←": "<", "→": ">", "▲": "^", "▼": "v", "█": "#", "░": ".",
        "⠋": "|", "⠙": "/", "⠹": "-", "⠸": "\\", "⠼": "|", "⠴": "/", "⠦": "-", "⠧": "\\", "⠇": "|", "⠏": "/",
    ]
}
