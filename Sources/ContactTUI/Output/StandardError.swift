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
        FileHandle.standardError.write(Data(text(lines: lines).utf8))
    }

    /// What `write(lines:)` writes: a control character inside a line (a newline included)
    /// shows as its Control Picture, so one line stays one line.
    static func text(lines: [String]) -> String {
        lines.map { SafeText.sanitize($0) + "\n" }.joined()
    }
}
