/// One terminal cell: a grapheme and its style.
///
/// A wide grapheme (CJK, most emoji) occupies its own cell and the one to its
/// right; that second cell is a `continuation` and is never drawn itself.
public struct Cell: Hashable, Sendable {
    /// The grapheme shown; a single space for an empty cell, "" for a continuation.
    public var grapheme: String
    public var style: Style

    public init(grapheme: String = " ", style: Style = .plain) {
        self.grapheme = grapheme
        self.style = style
    }

    /// Whether this cell is the right half of a wide grapheme.
    public var isContinuation: Bool { grapheme.isEmpty }

    public static let blank = Cell()
}
