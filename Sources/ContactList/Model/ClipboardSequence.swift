import Foundation

/// The OSC 52 control sequence that puts text on the terminal's clipboard:
/// `ESC ] 52 ; c ; BASE64 BEL`.
///
/// Terminals that know it (xterm, iTerm2, kitty, WezTerm, Windows Terminal…) set their
/// clipboard, also over ssh; tmux passes it on and keeps a paste buffer with `set-clipboard on`.
public enum ClipboardSequence {
    public static func osc52(copying text: String) -> String {
        "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}"
    }
}
