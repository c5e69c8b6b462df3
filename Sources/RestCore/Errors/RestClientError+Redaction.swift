import HTTPTypes

extension RestClientError {
    /// The error with every secret replaced by "[redacted]" in the text a server sent back.
    ///
    /// A misconfigured proxy or server may echo the request's Authorization header into an
    /// error page; that text must never carry the client's own tokens into a message or a log.
    func redacting(_ secrets: [String]) -> RestClientError {
        let secrets = secrets.filter { $0.count >= 8 }
        guard !secrets.isEmpty else { return self }
        func clean(_ text: String) -> String {
            secrets.reduce(text) { $0.replacingOccurrences(of: $1, with: "[redacted]") }
        }
        switch self {
        case .apiInvocationFailed(let status, let headers, let errors, let rawBody):
            let cleanErrors = errors.map { error in
                var error = error
                error.message = clean(error.message)
                return error
            }
            return .apiInvocationFailed(
                status: status,
                headers: HTTPFields(headers.map { HTTPField(name: $0.name, value: clean($0.value)) }),
                errors: cleanErrors, rawBody: rawBody.map(clean))
        case .decodingFailed(let detail): return .decodingFailed(clean(detail))
        case .jsonSerialization(let detail): return .jsonSerialization(clean(detail))
        case .authenticationFailed(let detail): return .authenticationFailed(clean(detail))
        case .transportFailed(let host, let reason): return .transportFailed(host: host, reason: clean(reason))
        case .invalidRequest(let detail): return .invalidRequest(clean(detail))
        case .blockedByGate, .apiResponseIsEmpty, .connectionPoolBusy, .timedOut, .cancelled: return self
        }
    }
}
