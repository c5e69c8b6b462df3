/// Turns what the terminal sends into keys, whatever `TERM` says.
///
/// ncurses decodes the escape sequences its terminfo entry lists; everything else reaches
/// the app as plain characters, an `ESC` first. This decoder reads those leftovers: every
/// common encoding of Home and End (`ESC[1~`, `ESC[7~`, `ESC[H`, `ESCOH`, …), SGR and X10
/// mouse reports, and bracketed paste (`ESC[200~` … `ESC[201~`), which becomes one
/// `.paste` so that a pasted newline or letter never acts as a key. Sequences it does not
/// know are dropped whole rather than typed.
public struct InputDecoder: Sendable {
    /// One unit of input: a character code, or a key ncurses already decoded.
    public enum Unit: Hashable, Sendable {
        case scalar(UInt32)
        case key(Key)
    }

    private enum State: Sendable {
        case ground
        /// An `ESC` arrived; what follows decides whether it is a key or a sequence.
        case escape
        /// The bytes after `ESC` so far (`[1;5`, `O`).
        case sequence(String)
        /// An X10 mouse report (`ESC[M`) waits for its three bytes.
        case x10Mouse([UInt32])
        /// Inside a bracketed paste: the text so far, and the start of a possible end marker.
        case paste(text: String, marker: String)
    }

    static let escape: UInt32 = 0x1B
    static let pasteEnd = "\u{1B}[201~"

    private var state = State.ground

    public init() {}

    /// Whether the decoder is in the middle of a paste (the rest is still to come).
    public var isInPaste: Bool {
        if case .paste = state { return true }
        return false
    }

    /// Takes one unit and gives the keys it completes (often none, sometimes two).
    public mutating func feed(_ unit: Unit) -> [Key] {
        switch state {
        case .ground:
            switch unit {
            case .key(let key): return [key]
            case .scalar(Self.escape):
                state = .escape
                return []
            case .scalar(let value): return Self.character(value).map { [$0] } ?? []
            }
        case .escape:
            if case .scalar(let value) = unit, value == 0x5B || value == 0x4F {  // "[" or "O"
                state = .sequence(String(Unicode.Scalar(UInt8(value))))
                return []
            }
            state = .ground
            return [.escape] + feed(unit)
        case .sequence(let sequence):
            guard case .scalar(let value) = unit, let scalar = Unicode.Scalar(value) else {
                // A decoded key cuts the sequence short: drop what came of it.
                state = .ground
                return feed(unit)
            }
            let sequence = sequence + String(scalar)
            guard Self.isComplete(sequence) else {
                state = sequence.count > 32 ? .ground : .sequence(sequence)
                return []
            }
            state = .ground
            return finish(sequence)
        case .x10Mouse(var bytes):
            guard case .scalar(let value) = unit else {
                state = .ground
                return feed(unit)
            }
            bytes.append(value)
            guard bytes.count == 3 else {
                state = .x10Mouse(bytes)
                return []
            }
            state = .ground
            return Self.mouse(button: Int(bytes[0]) - 32, x: Int(bytes[1]) - 33, y: Int(bytes[2]) - 33, pressed: true)
                .map { [$0] } ?? []
        case .paste(var text, var marker):
            // Keys ncurses decoded inside a paste (an arrow's sequence, say) are not text: dropped.
            guard case .scalar(let value) = unit, let scalar = Unicode.Scalar(value) else { return [] }
            let candidate = marker + String(scalar)
            if Self.pasteEnd.hasPrefix(candidate) {
                if candidate == Self.pasteEnd {
                    state = .ground
                    return [.paste(text)]
                }
                marker = candidate
            } else if value == Self.escape {
                text += marker
                marker = "\u{1B}"
            } else {
                text += candidate
                marker = ""
            }
            state = .paste(text: text, marker: marker)
            return []
        }
    }

    /// No more input is waiting: a lone `ESC` was the Escape key. A paste or a sequence
    /// cut between two reads goes on with the next input.
    public mutating func endOfInput() -> [Key] {
        guard case .escape = state else { return [] }
        state = .ground
        return [.escape]
    }

    /// A character code typed outside any sequence.
    static func character(_ value: UInt32) -> Key? {
        switch value {
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 1...26: return .control(Character(Unicode.Scalar(value + 96)!))
        case 0..<32, 0x80..<0xA0: return nil
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .character(Character(scalar))
        }
    }

    /// Whether the bytes after `ESC` make a whole sequence: `O` and one byte, or `[`,
    /// parameters and a final byte (`@` to `~`); `ESC[M` is the head of an X10 mouse report.
    private static func isComplete(_ sequence: String) -> Bool {
        let scalars = sequence.unicodeScalars
        guard scalars.count >= 2, let last = scalars.last else { return false }
        if scalars.first == "O" { return true }
        return (0x40...0x7E).contains(last.value)
    }

    /// The keys of a whole sequence; starts a paste or an X10 report where it is the head of one.
    private mutating func finish(_ sequence: String) -> [Key] {
        if sequence == "[200~" {
            state = .paste(text: "", marker: "")
            return []
        }
        if sequence == "[M" {
            state = .x10Mouse([])
            return []
        }
        return Self.decode(sequence).map { [$0] } ?? []
    }

    /// The key of a whole sequence (the bytes after `ESC`), nil for those the app ignores.
    static func decode(_ sequence: String) -> Key? {
        var body = Substring(sequence)
        let introducer = body.removeFirst()
        guard let final = body.popLast() else { return nil }
        if introducer == "O" || body.isEmpty || body.first?.isNumber == true {
            let parameters = body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
            switch final {
            case "A": return .up
            case "B": return .down
            case "C": return .right
            case "D": return .left
            case "H": return .home
            case "F": return .end
            case "Z" where introducer == "[": return .backTab
            case "~" where introducer == "[":
                switch parameters.first ?? nil {
                case 1, 7: return .home
                case 4, 8: return .end
                case 3: return .delete
                case 5: return .pageUp
                case 6: return .pageDown
                default: return nil
                }
            default: return nil
            }
        }
        if body.first == "<", final == "M" || final == "m" {
            let numbers = body.dropFirst().split(separator: ";").compactMap { Int($0) }
            guard numbers.count == 3 else { return nil }
            return mouse(button: numbers[0], x: numbers[1] - 1, y: numbers[2] - 1, pressed: final == "M")
        }
        return nil
    }

    /// A mouse report as a key: a press of the main button, or a turn of the wheel.
    /// Releases, motion and the other buttons are ignored.
    static func mouse(button: Int, x: Int, y: Int, pressed: Bool) -> Key? {
        guard pressed, button & 32 == 0 else { return nil }
        // The low bits name the button; 4, 8 and 16 are Shift, Meta and Ctrl held.
        switch button & ~(4 | 8 | 16) {
        case 0: return .click(x: x, y: y)
        case 64: return .wheelUp
        case 65: return .wheelDown
        default: return nil
        }
    }
}
