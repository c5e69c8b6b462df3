/// A key press, decoded from the terminal by the backend.
public enum Key: Hashable, Sendable {
    case character(Character)
    /// A control chord such as Ctrl-F, named by its lowercase letter.
    case control(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, backspace, delete, tab
    /// Shift-Tab (`ESC [ Z`, ncurses' `KEY_BTAB`): back a field in a form.
    case backTab
    case wheelUp, wheelDown
    /// A press of the main mouse button at a screen cell (0-based).
    case click(x: Int, y: Int)
    /// A second press on the same row soon after the first (`DoubleClickDetector`).
    case doubleClick(x: Int, y: Int)
    /// Text the terminal delivered as one bracketed paste, exactly as it came.
    case paste(String)
    case resize
}
