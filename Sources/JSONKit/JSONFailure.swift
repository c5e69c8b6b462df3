/// Why JSON bytes could not be read, and the byte offset where reading stopped.
package struct JSONFailure: Error, CustomStringConvertible, Sendable {
    package let message: String
    package let offset: Int

    package init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    package var description: String { "\(message) at byte \(offset)" }
}
