/// Drawing confined to a rectangle: what widgets use, so that none can write
/// outside the area it was given. Text still goes through `write`, the one
/// place that sanitises it.
extension CellBuffer {
    /// The whole buffer.
    public var area: Rect { Rect(width: width, height: height) }

    /// Fills the part of `rect` inside the buffer with blanks in the given style.
    public mutating func fill(_ rect: Rect, style: Style = .plain) {
        let shown = rect.intersection(area)
        for y in shown.y..<shown.bottom {
            for x in shown.x..<shown.right { self[x, y] = Cell(grapheme: " ", style: style) }
        }
    }

    /// Writes text at (x, y) clipped to `rect` (and to `maxWidth` columns when given);
    /// nothing is written when (x, y) lies outside it. Returns the number of columns written.
    @discardableResult
    public mutating func write(
        _ text: String, x: Int, y: Int, in rect: Rect, maxWidth: Int? = nil, style: Style = .plain
    ) -> Int {
        guard rect.contains(x: x, y: y) else { return 0 }
        let room = rect.right - x
        return write(text, x: x, y: y, maxWidth: min(maxWidth ?? room, room), style: style)
    }
}
