import CNcurses
import ContactList

extension Terminal {
    /// Maps an ncurses function-key code to a key; nil for keys the app ignores.
    static func decodeFunctionKey(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_DC: return .delete
        case KEY_BACKSPACE: return .backspace
        case KEY_ENTER: return .enter
        case KEY_BTAB: return .backTab
        case ct_key_resize(): return .resize
        default: return nil
        }
    }
}
