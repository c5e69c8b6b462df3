extension StringProtocol where UTF8View: BidirectionalCollection {
    /// The text without leading and trailing spaces, found on the UTF-8 bytes (this runs on
    /// every request's token, and walking it as `Character`s cost a tenth of a request).
    var trimmingSpaces: String {
        guard let first = utf8.firstIndex(where: { $0 != UInt8(ascii: " ") }),
            let last = utf8.lastIndex(where: { $0 != UInt8(ascii: " ") })
        else { return "" }
        return String(self[first...last])
    }
}
