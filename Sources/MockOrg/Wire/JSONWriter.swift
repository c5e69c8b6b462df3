/// Writes JSON bytes directly, keeping key order as Salesforce sends it (attributes first, then the
/// selected fields in SELECT order) and avoiding Foundation's encoders on the hot query path.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    private var needsComma: [Bool] = []

    init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma.append(false)
    }

    mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma.removeLast()
    }

    mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma.append(false)
    }

    mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma.removeLast()
    }

    /// Writes `"name":`; the value written next belongs to it.
    mutating func key(_ name: String) {
        separate()
        appendString(name)
        bytes.append(UInt8(ascii: ":"))
        pendingValue = true
    }

    private var pendingValue = false

    mutating func string(_ value: String) {
        separate()
        appendString(value)
    }

    mutating func number(_ value: Int) {
        separate()
        bytes.append(contentsOf: String(value).utf8)
    }

    mutating func number(_ value: Double) {
        separate()
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            bytes.append(contentsOf: String(Int(value)).utf8)
        } else {
            bytes.append(contentsOf: String(value).utf8)
        }
    }

    mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    mutating func null() {
        separate()
        bytes.append(contentsOf: "null".utf8)
    }

    mutating func value(_ value: FieldValue) {
        switch value {
        case .null: null()
        case .string(let text): string(text)
        case .number(let number): self.number(number)
        case .boolean(let flag): bool(flag)
        case .date(let days): string(DateText.date(days: days))
        case .dateTime(let millis): string(DateText.dateTime(millis: millis))
        }
    }

    /// Adds the comma between siblings and marks the current container as non-empty.
    private mutating func separate() {
        if pendingValue {
            pendingValue = false
            if !needsComma.isEmpty { needsComma[needsComma.count - 1] = true }
            return
        }
        guard !needsComma.isEmpty else { return }
        if needsComma[needsComma.count - 1] { bytes.append(UInt8(ascii: ",")) }
        needsComma[needsComma.count - 1] = true
    }

    private mutating func appendString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        // Most text needs no escaping: copy it whole.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            bytes.append(contentsOf: text.utf8)
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [92, 34])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [92, 92])
            case 0x0A: bytes.append(contentsOf: [92, UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [92, UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [92, UInt8(ascii: "t")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [92, UInt8(ascii: "u"), 48, 48, hex[Int(byte >> 4)], hex[Int(byte & 15)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

extension JSONWriter {
    /// Writes `"name": "value"`.
    mutating func pair(_ name: String, _ value: String) {
        key(name)
        string(value)
    }

    /// Writes `"name": true|false`.
    mutating func pair(_ name: String, _ value: Bool) {
        key(name)
        bool(value)
    }

    /// Writes `"name": number`.
    mutating func pair(_ name: String, _ value: Int) {
        key(name)
        number(value)
    }
}
