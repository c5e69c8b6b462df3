import ContactList
import Glibc

extension Terminal {
    /// Puts `text` on the terminal's clipboard with OSC 52; it draws nothing.
    func copyToClipboard(_ text: String) {
        var bytes = Array(ClipboardSequence.osc52(copying: text).utf8)
        _ = write(STDOUT_FILENO, &bytes, bytes.count)
    }
}
