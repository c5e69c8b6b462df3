/// How a cell is drawn: a colour role and text attributes.
///
/// Colours are roles rather than palette entries so that the terminal backend
/// decides what each role looks like (and can drop colour entirely with
/// `--no-color` or `NO_COLOR`), while reverse video keeps the selection visible
/// on a monochrome terminal. Which style each part of the screen gets is `Theme`'s.
public struct Style: Hashable, Sendable {
    /// The colour roles the views use.
    public enum Color: UInt8, Hashable, Sendable, CaseIterable {
        case `default`
        case accent
        case muted
        case warning
        case error
    }

    public var color: Color
    public var bold: Bool
    public var reverse: Bool

    public init(color: Color = .default, bold: Bool = false, reverse: Bool = false) {
        self.color = color
        self.bold = bold
        self.reverse = reverse
    }

    public static let plain = Style()
}
