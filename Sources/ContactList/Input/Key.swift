/// A key press, decoded from the terminal by the backend.
public enum Key: Hashable, Sendable {
    case character(Character)
    /// A control chord such as Ctrl-F, named by its lowercase letter.
    case control(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, backspace, delete, tab
    case wheelUp, wheelDown
    case resize
}
