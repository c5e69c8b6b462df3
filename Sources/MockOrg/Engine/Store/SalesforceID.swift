/// Salesforce record ids: a 3-character key prefix, a pod and reserved part, a base-62 serial,
/// and (for the 18-character form) a 3-character suffix that encodes the case of the first 15.
enum SalesforceID {
    static let base62: [UInt8] = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)
    static let checksumAlphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ012345".utf8)
    /// The pod and reserved characters between the key prefix and the serial.
    static let podPart: [UInt8] = Array("5g0".utf8)
    static let serialLength = 9

    /// The 18-character id of record `serial` of the object with `keyPrefix`.
    static func make(keyPrefix: String, serial: Int) -> String {
        var bytes = [UInt8]()
        bytes.reserveCapacity(18)
        append(keyPrefix: keyPrefix, serial: serial, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the 18-character id of record `serial` to `bytes`, with no allocation of its own
    /// (query pages write two ids per record).
    static func append(keyPrefix: String, serial: Int, to bytes: inout [UInt8]) {
        let start = bytes.count
        bytes.append(contentsOf: keyPrefix.utf8)
        bytes.append(contentsOf: podPart)
        let digitsStart = bytes.count
        for _ in 0..<serialLength { bytes.append(base62[0]) }
        var rest = serial
        var position = digitsStart + serialLength - 1
        while rest > 0 && position >= digitsStart {
            bytes[position] = base62[rest % 62]
            rest /= 62
            position -= 1
        }
        // The case-safe suffix: one character per five, a bit for each upper-case letter.
        var index = start
        for _ in 0..<3 {
            var bits = 0
            for bit in 0..<5 {
                let byte = bytes[index]
                if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { bits |= 1 << bit }
                index += 1
            }
            bytes.append(checksumAlphabet[bits])
        }
    }

    /// The 3-character case-safe suffix of a 15-character id.
    static func checksum(of first15: some Collection<UInt8>) -> [UInt8] {
        var suffix = [UInt8]()
        var index = first15.startIndex
        for _ in 0..<3 {
            var bits = 0
            for bit in 0..<5 {
                let byte = first15[index]
                if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { bits |= 1 << bit }
                index = first15.index(after: index)
            }
            suffix.append(checksumAlphabet[bits])
        }
        return suffix
    }

    /// The 18-character form of a 15- or 18-character id.
    static func eighteenCharacter(_ id: String) -> String {
        let head = Array(id.utf8.prefix(15))
        return String(decoding: head + checksum(of: head), as: UTF8.self)
    }

    /// Splits a 15- or 18-character id into its key prefix and serial;
    /// nil when it is not a well-formed id of this org.
    static func parse(_ id: some StringProtocol) -> (keyPrefix: String, serial: Int)? {
        let bytes = Array(id.utf8)
        guard bytes.count == 15 || bytes.count == 18 else { return nil }
        guard bytes.allSatisfy({ isAlphanumeric($0) }) else { return nil }
        if bytes.count == 18 {
            let expected = checksum(of: bytes[0..<15])
            for (given, wanted) in zip(bytes[15...], expected) where uppercased(given) != wanted {
                return nil
            }
        }
        guard Array(bytes[3..<6]) == podPart else { return nil }
        var serial = 0
        for byte in bytes[6..<15] {
            guard let digit = base62.firstIndex(of: byte) else { return nil }
            serial = serial * 62 + digit
        }
        return (String(decoding: bytes[0..<3], as: UTF8.self), serial)
    }

    /// Whether the text has the shape of an id (15 or 18 letters and digits), whatever org it is from.
    static func isWellFormed(_ id: some StringProtocol) -> Bool {
        let bytes = Array(id.utf8)
        guard bytes.count == 15 || bytes.count == 18, bytes.allSatisfy({ isAlphanumeric($0) }) else { return false }
        if bytes.count == 18 {
            return zip(bytes[15...], checksum(of: bytes[0..<15])).allSatisfy { uppercased($0) == $1 }
        }
        return true
    }

    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122)
    }

    private static func uppercased(_ byte: UInt8) -> UInt8 {
        byte >= 97 && byte <= 122 ? byte - 32 : byte
    }
}
