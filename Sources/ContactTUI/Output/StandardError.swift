import ContactList
import Foundation

/// The one way the app writes to standard error: whole lines, each made inert by `SafeText`.
///
/// A sentence often quotes a server (an error's message, a record's name); left raw, its
/// escape sequences would retitle or repaint the user's terminal, or overwrite the clipboard
/// through OSC 52. The screen's sanitiser is used as it is, so a message reads the same in an
/// alert and after the quit.
enum StandardError {
    static let prefix = "contact-tui: "

    /// Whether standard error is a terminal (progress is shown only then).
    static var isTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Writes each of `sentences` on a line of its own after `contact-tui: `.
    static func report(_ sentences: [String]) {
        write(lines: sentences.map { prefix + $0 })
    }

    /// Writes `sentence` on a line of its own after `contact-tui: `.
    static func report(_ sentence: String) {
        report([sentence])
    }

    /// Writes each of `lines` as it is, sanitised, and a newline after it.
    static func write(lines: [String]) {
        write(text: text(lines: lines))
    }

    /// Writes `text` as it is: only for text this file made safe, or a bare newline.
    static func write(text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Draws `sentence` after `contact-tui: ` over the terminal's current line, with no newline:
    /// a progress line that the next call draws over. It is cut to the terminal's width, since
    /// a carriage return goes back only to the start of the last row a long line wrapped onto.
    static func redraw(_ sentence: String) {
        write(text: redrawnText(sentence, width: terminalWidth))
    }

    /// What `redraw` writes for a terminal `width` columns wide: a carriage return, the line
    /// sanitised and cut to `width - 1` characters, then "erase to the end of the line".
    static func redrawnText(_ sentence: String, width: Int?) -> String {
        var line = SafeText.sanitize(prefix + sentence)
        if let width, width > 1, line.count > width - 1 { line = String(line.prefix(width - 1)) }
        return "\r" + line + "\u{1B}[K"
    }

    /// Standard error's terminal width in columns, when it says.
    private static var terminalWidth: Int? {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// What `write(lines:)` writes: a control character inside a line (a newline included)
    /// shows as its Control Picture, so one line stays one line.
    static func text(lines: [String]) -> String {
        lines.map { SafeText.sanitize($0) + "\n" }.joined()
    }
}
