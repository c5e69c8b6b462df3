/// A line of text being edited, with a cursor: the filter as it is typed.
///
/// Editing works as in a shell's line editor: ←/→, Home/End (and Ctrl-A/Ctrl-E), Backspace
/// and Delete, Ctrl-U (clear to the start) and Ctrl-W (the word before the cursor).
public struct TextField: Hashable, Sendable {
    public private(set) var characters: [Character]
    /// The cursor's place: the number of characters before it.
    public private(set) var cursor: Int

    public init(_ text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    public var text: String { String(characters) }

    /// Inserts typed text at the cursor.
    public mutating func insert(_ text: String) {
        let inserted = Array(text)
        characters.insert(contentsOf: inserted, at: cursor)
        cursor += inserted.count
    }

    /// Inserts pasted text at the cursor, made into one line (`pastedLine`).
    public mutating func insertPasted(_ text: String) {
        insert(Self.pastedLine(text))
    }

    /// Pasted text as one line of a text field: each line break and tab becomes a space (so
    /// pasted words stay apart) and every other control character is dropped.
    public static func pastedLine(_ text: String) -> String {
        var line = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            switch scalar.value {
            case 0x0A where previous == "\r": continue
            case 0x09, 0x0A, 0x0D: line.append(" ")
            case 0..<0x20, 0x7F..<0xA0: continue
            default: line.append(scalar)
            }
        }
        return String(line)
    }

    public mutating func deleteBackward() {
        guard cursor > 0 else { return }
        cursor -= 1
        characters.remove(at: cursor)
    }

    public mutating func deleteForward() {
        guard cursor < characters.count else { return }
        characters.remove(at: cursor)
    }

    public mutating func moveLeft() { cursor = max(0, cursor - 1) }
    public mutating func moveRight() { cursor = min(characters.count, cursor + 1) }
    public mutating func moveToStart() { cursor = 0 }
    public mutating func moveToEnd() { cursor = characters.count }

    /// Ctrl-U: deletes everything before the cursor.
    public mutating func deleteToStart() {
        characters.removeSubrange(0..<cursor)
        cursor = 0
    }

    /// Ctrl-W: deletes the spaces just before the cursor, then the word before them.
    public mutating func deleteWordBackward() {
        var start = cursor
        while start > 0, characters[start - 1].isWhitespace { start -= 1 }
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        characters.removeSubrange(start..<cursor)
        cursor = start
    }
}
