/// What a Salesforce record Id looks like: 15 or 18 ASCII letters and digits.
///
/// An Id comes from the server and goes into a URL path, the clipboard and requests; one that
/// holds a newline, a shell command or a `/` is not an Id and is refused, not escaped.
enum SalesforceID {
    static func isValid(_ text: String) -> Bool {
        let bytes = text.utf8
        guard bytes.count == 15 || bytes.count == 18 else { return false }
        return bytes.allSatisfy(ObjectName.isASCIIAlphanumeric)
    }
}
