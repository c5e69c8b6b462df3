/// A rectangle of cells on the screen, in the buffer's coordinates.
///
/// Every widget draws into one; a rectangle never has a negative size, so the
/// helpers that shrink or split it simply run out of room instead of inverting.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int = 0, y: Int = 0, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The column just right of the rectangle.
    public var right: Int { x + width }
    /// The row just below the rectangle.
    public var bottom: Int { y + height }

    public func contains(x column: Int, y row: Int) -> Bool {
        column >= x && column < right && row >= y && row < bottom
    }

    /// The rectangle less a margin on each side.
    public func inner(horizontal: Int = 0, vertical: Int = 0) -> Rect {
        Rect(
            x: x + min(horizontal, width), y: y + min(vertical, height),
            width: width - 2 * horizontal, height: height - 2 * vertical)
    }

    /// The rows `range` of the rectangle (relative to its top), cut to the rows it has.
    public func rows(_ range: Range<Int>) -> Rect {
        let top = min(max(range.lowerBound, 0), height)
        let end = min(max(range.upperBound, top), height)
        return Rect(x: x, y: y + top, width: width, height: end - top)
    }

    /// The one row `offset` rows from the top (empty past the bottom).
    public func row(_ offset: Int) -> Rect { rows(offset..<offset + 1) }

    /// The first `count` rows and the rest.
    public func split(top count: Int) -> (top: Rect, rest: Rect) {
        let boundary = min(max(0, count), height)
        return (rows(0..<boundary), rows(boundary..<height))
    }

    /// The rest and the last `count` rows.
    public func split(bottom count: Int) -> (rest: Rect, bottom: Rect) {
        let boundary = height - min(max(0, count), height)
        return (rows(0..<boundary), rows(boundary..<height))
    }

    /// The cells both rectangles cover (empty when they do not meet).
    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        return Rect(x: left, y: top, width: min(right, other.right) - left, height: min(bottom, other.bottom) - top)
    }

    public var description: String { "\(width)×\(height) at (\(x), \(y))" }
}
