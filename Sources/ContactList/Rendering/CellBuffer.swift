/// A rectangle of cells that views draw into (each widget into its own `Rect` of it).
///
/// The UI is rendered into a buffer and only then copied to the terminal, so
/// every frame can be inspected as text in tests without a terminal.
public struct CellBuffer: Hashable, Sendable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]
    /// What the terminal can draw; text outside it is replaced as it is written.
    public let repertoire: CharacterRepertoire

    public init(width: Int, height: Int, repertoire: CharacterRepertoire = .unicode) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.repertoire = repertoire
        self.cells = Array(repeating: .blank, count: self.width * self.height)
    }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set { cells[y * width + x] = newValue }
    }

    /// Writes text at (x, y), clipped to `maxWidth` columns and to the buffer.
    ///
    /// Text is sanitised first, so nothing written here can carry a control
    /// character to the terminal. When the text does not fit it ends in "…".
    /// Under an ASCII repertoire each grapheme the terminal cannot draw becomes
    /// as many `?` as the columns it takes, so the columns stay where they are.
    /// Returns the number of columns written.
    @discardableResult
    public mutating func write(
        _ text: String, x: Int, y: Int, maxWidth: Int? = nil, style: Style = .plain
    ) -> Int {
        guard y >= 0, y < height, x >= 0, x < width else { return 0 }
        let limit = min(maxWidth ?? (width - x), width - x)
        guard limit > 0 else { return 0 }
        var fitted = DisplayWidth.truncate(SafeText.sanitize(text), toWidth: limit)
        if repertoire == .ascii { fitted = SafeText.asciiFallback(fitted) }
        var column = x
        for grapheme in fitted {
            let cellWidth = DisplayWidth.of(grapheme)
            guard cellWidth > 0 else { continue }
            if column + cellWidth > x + limit { break }
            self[column, y] = Cell(grapheme: String(grapheme), style: style)
            if cellWidth == 2 { self[column + 1, y] = Cell(grapheme: "", style: style) }
            column += cellWidth
        }
        return column - x
    }

    /// The buffer as lines of text, trailing spaces kept, continuation cells skipped.
    public var lines: [String] {
        (0..<height).map { y in
            var line = ""
            for x in 0..<width where !self[x, y].isContinuation { line += self[x, y].grapheme }
            return line
        }
    }

    /// The buffer as one string, trailing spaces trimmed from each line.
    public var text: String {
        lines.map { line in
            var trimmed = Substring(line)
            while trimmed.last == " " { trimmed = trimmed.dropLast() }
            return String(trimmed)
        }.joined(separator: "\n")
    }
}
