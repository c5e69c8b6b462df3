/// What a row's bits must hold for one search term: the bits of its tokens, or (for a phone field
/// matched by digits) the bits of its digits.
struct TermBits {
    let tokens: SearchBits
    let digits: SearchBits?

    init(_ term: SearchTerm) {
        var tokens = SearchBits()
        for token in term.tokens { tokens |= SearchBits(folded: ObjectSearchSignatures.fold(token).utf8) }
        self.tokens = tokens
        let digits = term.digits
        self.digits = digits.isEmpty ? nil : SearchBits(folded: ObjectSearchSignatures.fold(digits).utf8)
    }

    @inline(__always)
    func isMet(by have: SearchBits) -> Bool {
        if have.holds(tokens) { return true }
        guard let digits else { return false }
        return have.holds(digits)
    }
}
