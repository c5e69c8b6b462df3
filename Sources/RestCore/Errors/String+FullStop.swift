extension String {
    /// A sentence as a clause of a longer one: without its final full stop (`The job failed.`
    /// in `The job failed; the output is incomplete.`).
    package var withoutFinalFullStop: String {
        hasSuffix(".") ? String(dropLast()) : self
    }
}
