import JSONKit

/// Decoding of `application/x-www-form-urlencoded` text (URL queries and form bodies).
enum FormDecoding {
    /// The name-value pairs, `+` read as a space and percent escapes decoded.
    static func pairs(_ text: some StringProtocol) -> [(name: String, value: String)] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(parts[0])
            let value = parts.count > 1 ? decode(parts[1]) : ""
            return (name, value)
        }
    }

    /// `+` as a space and `%XX` as a byte. Text with a malformed escape, or whose decoded bytes
    /// are not UTF-8, is returned with only its `+` replaced, as it came.
    static func decode(_ text: some StringProtocol) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else {
            return String(text)
        }
        let raw = Array(text.utf8)
        var decoded = [UInt8]()
        decoded.reserveCapacity(raw.count)
        var malformed = false
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            if byte == UInt8(ascii: "+") {
                decoded.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%") {
                guard index + 2 < raw.count, let high = raw[index + 1].hexDigitValue,
                    let low = raw[index + 2].hexDigitValue
                else {
                    malformed = true
                    break
                }
                decoded.append(high << 4 | low)
                index += 2
            } else {
                decoded.append(byte)
            }
            index += 1
        }
        if !malformed, let valid = String(validating: decoded, as: UTF8.self) { return valid }
        return String(decoding: raw.map { $0 == UInt8(ascii: "+") ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
    }

    static func value(_ name: String, in pairs: [(name: String, value: String)]) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// The decoded value of the first parameter called `name` in form-encoded text, decoding no other value.
    static func value(_ name: String, inQuery text: some StringProtocol) -> String? {
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard decode(parts[0]) == name else { continue }
            return parts.count > 1 ? decode(parts[1]) : ""
        }
        return nil
    }
}
