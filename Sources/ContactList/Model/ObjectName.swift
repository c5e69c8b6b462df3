/// What an sObject's API name looks like: an ASCII letter, then letters, digits and
/// underscores (`Contact`, `Custom__c`, `ns__Thing__c`).
///
/// The name comes from the server (`attributes.type`) and chooses a URL's path, so anything
/// else (`Contact/../../x?y=1#`) is refused.
enum ObjectName {
    static func isValid(_ text: String) -> Bool {
        guard let first = text.utf8.first, isASCIILetter(first) else { return false }
        return text.utf8.allSatisfy { isASCIIAlphanumeric($0) || $0 == UInt8(ascii: "_") }
    }

    static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        isASCIILetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
