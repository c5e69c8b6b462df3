extension String {
    /// `nil` for an empty or all-blank string.
    var nonEmpty: String? {
        allSatisfy(\.isWhitespace) ? nil : self
    }
}
