/// Makes untrusted text (anything that came from a server) safe to draw.
///
/// A contact name is data, never terminal input: C0 controls (escape, `\r`,
/// `\b`, tab, newline) and DEL become their visible Control Pictures (␛ ␍ ␈),
/// C1 controls become "�", and bidirectional overrides, embeddings, isolates
/// and marks are removed so they cannot reorder the rest of the screen.
public enum SafeText {
    /// The text with every unsafe scalar replaced or removed.
    public static func sanitize(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let replacement = replacement(for: scalar) {
                if let replacement { scalars.append(replacement) }
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// Text decoded from bytes that may not be valid UTF-8, then sanitised.
    public static func sanitize(bytes: some Collection<UInt8>) -> String {
        sanitize(String(decoding: bytes, as: UTF8.self))
    }

    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
        if value < 0x61C { return false }
        return value == 0x61C || value == 0x200E || value == 0x200F
            || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    /// nil: keep the scalar; .some(nil): drop it; .some(x): draw x instead.
    private static func replacement(for scalar: Unicode.Scalar) -> Unicode.Scalar?? {
        let value = scalar.value
        switch value {
        case 0x00..<0x20: return .some(Unicode.Scalar(0x2400 + value))
        case 0x7F: return .some(Unicode.Scalar(0x2421))
        case 0x80...0x9F: return .some(Unicode.Scalar(0xFFFD))
        default: return isUnsafe(scalar) ? .some(nil) : nil
        }
    }
}
