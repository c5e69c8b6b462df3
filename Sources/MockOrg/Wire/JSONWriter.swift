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
        // Native strings are contiguous UTF-8: scan and copy runs from the buffer, not byte by byte through the view.
        let written: Void? = text.utf8.withContiguousStorageIfAvailable { appendEscaped($0) }
        if written == nil {
            var copy = text
            copy.makeContiguousUTF8()
            copy.utf8.withContiguousStorageIfAvailable { appendEscaped($0) }
        }
    }

    /// Appends `raw` as a JSON string: runs that need no escaping are copied whole.
    private mutating func appendEscaped(_ raw: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        var runStart = 0
        for index in 0..<raw.count {
            let byte = raw[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: raw[runStart..<index]))
            runStart = index + 1
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [92, 34])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [92, 92])
            case 0x0A: bytes.append(contentsOf: [92, UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [92, UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [92, UInt8(ascii: "t")])
            default:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [92, UInt8(ascii: "u"), 48, 48, hex[Int(byte >> 4)], hex[Int(byte & 15)]])
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: raw[runStart..<raw.count]))
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes a string value whose bytes `build` appends; only for text that needs no escaping
    /// (ids, paths of known parts), so the hot query path builds no intermediate String.
    mutating func unescapedString(_ build: (inout [UInt8]) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        build(&bytes)
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
