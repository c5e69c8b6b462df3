/// A SOQL statement the org refuses, with Salesforce's error code and message text.
package struct SOQLError: Error, Sendable, Equatable {
    package let errorCode: String
    package let message: String

    package init(errorCode: String, message: String) {
        self.errorCode = errorCode
        self.message = message
    }

    package static let empty = SOQLError(
        errorCode: "MALFORMED_QUERY", message: "SOQL statements cannot be empty or null")

    package static let tooLong = SOQLError(
        errorCode: "MALFORMED_QUERY", message: "SOQL statements cannot be longer than 100000 characters")

    /// An error pointing at `offset` in `statement`, in Salesforce's form:
    /// the statement's line, a caret under the column, `ERROR at Row:R:Column:C` and the reason.
    package static func at(_ offset: Int, in statement: String, code: String, _ reason: String) -> SOQLError {
        let characters = Array(statement)
        let clamped = min(max(offset, 0), characters.count)
        var row = 1
        var lineStart = 0
        for index in 0..<clamped where characters[index] == "\n" {
            row += 1
            lineStart = index + 1
        }
        var lineEnd = lineStart
        while lineEnd < characters.count && characters[lineEnd] != "\n" { lineEnd += 1 }
        let column = clamped - lineStart + 1
        let line = String(characters[lineStart..<lineEnd])
        let caret = String(repeating: " ", count: column - 1) + "^"
        return SOQLError(
            errorCode: code,
            message: "\n" + line + "\n" + caret + "\nERROR at Row:" + String(row) + ":Column:" + String(column) + "\n"
                + reason)
    }

    package static func unexpected(_ token: SOQLToken, in statement: String) -> SOQLError {
        let shown = token.kind == .end ? "<EOF>" : token.text
        return at(token.offset, in: statement, code: "MALFORMED_QUERY", "unexpected token: '" + shown + "'")
    }
}
