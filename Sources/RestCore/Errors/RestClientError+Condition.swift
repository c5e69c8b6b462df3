/// The answers to conditional requests, told apart from other failures without a new case (the
/// enum stays the closed set every alert words).
extension RestClientError {
    /// Why a conditional request was not carried out.
    public enum Condition: Sendable, Hashable {
        /// 412: the record changed after `If-Unmodified-Since`; nothing was written. Salesforce
        /// documents no body for it, so only the status counts.
        case preconditionFailed
        /// 304: the record has not changed since `If-Modified-Since`; there is nothing to read.
        case notModified
    }

    /// The condition behind a 412 or a 304; nil for every other outcome.
    public var condition: Condition? {
        switch httpStatus {
        case 412: .preconditionFailed
        case 304: .notModified
        default: nil
        }
    }
}
