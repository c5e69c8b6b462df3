import RestCore

/// The requests the list makes, in front of `RestClient` so that the model can
/// be driven in tests by a factory of its own.
public protocol ContactRequestFactory: Sendable {
    func request(forQuery soql: String, apiVersion: String?, batchSize: Int) -> RestRequest
    func request(forNextRecordsURL url: String) -> RestRequest
    func requestForDelete(withObjectType objectType: String, objectId: String, apiVersion: String?) -> RestRequest
    func requestForRetrieve(
        withObjectType objectType: String, objectId: String, fieldList: String?, apiVersion: String?
    ) -> RestRequest
    /// Whether the client's gate would let this request through (false under `--read-only`).
    func allowsSending(_ request: RestRequest) -> Bool
}

extension RestClient: ContactRequestFactory {
    /// Asks the configuration's `shouldMakeRequest` gate, the one `send` applies.
    public func allowsSending(_ request: RestRequest) -> Bool {
        configuration.shouldMakeRequest?(request) ?? true
    }
}
