/// Breaks text into lines of at most a given display width, at spaces where it can.
enum TextWrap {
    static func lines(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = String(word)
            var wordWidth = DisplayWidth.of(word)
            // A word longer than a line is cut into pieces of the line's width.
            while wordWidth > width {
                if !line.isEmpty {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                }
                var piece = ""
                var pieceWidth = 0
                var rest = Substring(word)
                while let next = rest.first, pieceWidth + DisplayWidth.of(next) <= width {
                    piece.append(next)
                    pieceWidth += DisplayWidth.of(next)
                    rest = rest.dropFirst()
                }
                if piece.isEmpty { break }
                lines.append(piece)
                word = String(rest)
                wordWidth = DisplayWidth.of(word)
            }
            if word.isEmpty { continue }
            let needed = line.isEmpty ? wordWidth : lineWidth + 1 + wordWidth
            if needed > width {
                lines.append(line)
                line = word
                lineWidth = wordWidth
            } else {
                line += line.isEmpty ? word : " " + word
                lineWidth = needed
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
