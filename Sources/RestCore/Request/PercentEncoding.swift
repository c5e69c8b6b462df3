/// Percent-encoding of URL parts by RFC 3986: every byte of the UTF-8 text that is not
/// unreserved becomes `%XX`, so spaces, quotes, `%`, `&`, `+`, `/` and non-ASCII text arrive
/// intact whether the text is a query value or one path segment (an object name, an id).
enum PercentEncoding {
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// Encodes a query name or value or a path segment (a space becomes `%20`, never `+`).
    static func encode(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Encodes `name=value&…` pairs for a query string or an
    /// `application/x-www-form-urlencoded` body.
    static func encodePairs(_ pairs: [(name: String, value: String)]) -> String {
        pairs.map { encode($0.name) + "=" + encode($0.value) }.joined(separator: "&")
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}
