/// A test's set-up went wrong (a port, a socket, a missing binary): the sentence says what.
package struct TestSupportFailure: Error, CustomStringConvertible {
    package let description: String

    package init(_ description: String) {
        self.description = description
    }
}
