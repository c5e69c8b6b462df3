/// Writes JSON bytes directly, keeping key order as the caller writes it (Salesforce sends
/// attributes first, then the selected fields in SELECT order) and avoiding Foundation's encoders
/// on hot paths. Strings go through `JSONEscaper`, numbers through `JSONNumber`.
package struct JSONWriter {
    package private(set) var bytes: [UInt8] = []
    private var needsComma: [Bool] = []

    package init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    package mutating func beginObject() { begin(UInt8(ascii: "{")) }

    package mutating func endObject() { end(UInt8(ascii: "}")) }

    package mutating func beginArray() { begin(UInt8(ascii: "[")) }

    package mutating func endArray() { end(UInt8(ascii: "]")) }

    private mutating func begin(_ bracket: UInt8) {
        separate()
        bytes.append(bracket)
        needsComma.append(false)
    }

    private mutating func end(_ bracket: UInt8) {
        bytes.append(bracket)
        needsComma.removeLast()
    }

    /// Writes `"name":`; the value written next belongs to it.
    package mutating func key(_ name: String) {
        separate()
        appendString(name)
        bytes.append(UInt8(ascii: ":"))
        pendingValue = true
    }

    private var pendingValue = false

    package mutating func string(_ value: String) {
        separate()
        appendString(value)
    }

    package mutating func number(_ value: Int) {
        separate()
        bytes.append(contentsOf: String(value).utf8)
    }

    package mutating func number(_ value: Double) {
        separate()
        JSONNumber.append(value, to: &bytes)
    }

    package mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    package mutating func null() {
        separate()
        bytes.append(contentsOf: "null".utf8)
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
        JSONEscaper.appendQuoted(text, to: &bytes)
    }

    /// Writes a value that is JSON already (another answer's body), as it is.
    package mutating func raw(_ json: [UInt8]) {
        separate()
        bytes.append(contentsOf: json)
    }

    /// Writes a string value whose bytes `build` appends; only for text that needs no escaping
    /// (ids, paths of known parts), so the hot query path builds no intermediate String.
    package mutating func unescapedString(_ build: (inout [UInt8]) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        build(&bytes)
        bytes.append(UInt8(ascii: "\""))
    }
}

extension JSONWriter {
    /// Writes `"name": "value"`.
    package mutating func pair(_ name: String, _ value: String) {
        key(name)
        string(value)
    }

    /// Writes `"name": true|false`.
    package mutating func pair(_ name: String, _ value: Bool) {
        key(name)
        bool(value)
    }

    /// Writes `"name": number`.
    package mutating func pair(_ name: String, _ value: Int) {
        key(name)
        number(value)
    }
}
