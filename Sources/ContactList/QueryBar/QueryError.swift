import Foundation

/// The org's refusal of a query, as the query bar shows it: the reason, and the row and column
/// the message names (`ERROR at Row:1:Column:53`), where a caret points.
public struct QueryError: Hashable, Sendable {
    /// The org's reason in one line (`unexpected token: 'FORM'`), with its error code.
    public let reason: String
    /// The 1-based row and column the org named; nil when it named none.
    public let row: Int?
    public let column: Int?

    /// Reads Salesforce's query error text: the statement's line, a caret line, `ERROR at
    /// Row:R:Column:C` and the reason; any other text is the reason as it is.
    init(code: String?, message: String) {
        var row: Int?
        var column: Int?
        var reasonLines: [Substring] = []
        for line in message.split(separator: "\n", omittingEmptySubsequences: true) {
            if let range = line.range(of: "ERROR at Row:") {
                let numbers = line[range.upperBound...].split(separator: ":")
                row = numbers.first.flatMap { Int($0) }
                column = numbers.last.flatMap { Int($0) }
                reasonLines.removeAll()
                continue
            }
            reasonLines.append(line)
        }
        // Before the position come the statement's line and its caret; the reason follows it.
        let text = (row == nil ? message : reasonLines.joined(separator: " "))
            .split(whereSeparator: \.isNewline).joined(separator: " ")
        self.reason = (code.map { $0 + ": " } ?? "") + text.trimmingCharacters(in: .whitespaces)
        self.row = row
        self.column = column
    }
}
