/// Looks at the first bytes of a 200 answer's body while the rest is still arriving, so that a
/// caller can act on the head of a large body (a query page's `nextRecordsUrl`) before its end.
///
/// `observe` is called with all the bytes so far after each piece that arrives, until it returns
/// `true` or the head grows past `maximumHeadBytes`. A transport that cannot stream a body may
/// ignore the observer: it is an optimisation, and the whole body still comes back as usual.
struct BodyHeadObserver: Sendable {
    /// How far into a body the observer looks at most.
    static let maximumHeadBytes = 16 * 1024

    let observe: @Sendable (UnsafeRawBufferPointer) -> Bool
}
