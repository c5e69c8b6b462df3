import HTTPTypes

// libFuzzer entry for RestCore's response parsing: the JSON parser, a query page (as a tree and
// as scanned bytes), the Salesforce error array and the one-line error messages, for any body and status.
@_cdecl("LLVMFuzzerTestOneInput")
public func restCoreFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Array(UnsafeBufferPointer(start: data, count: size))
    let status = body.first.map { $0 % 2 == 0 ? 200 : 400 } ?? 200
    let response = RestResponse(
        status: status, headers: [.contentType: "application/json"], body: body)
    _ = try? response.asJSONValue()
    _ = try? response.asJSON()
    _ = response.asString()
    _ = try? response.decode(QueryResult.self)
    if let page = try? QueryPageBytes.decodePage(from: response) {
        _ = try? page.parsedRecords()
    }
    let errors = (try? response.decode([SalesforceError].self)) ?? []
    let failure = RestClientError.apiInvocationFailed(
        status: status, headers: response.headers, errors: errors,
        rawBody: errors.isEmpty ? response.asString() : nil)
    _ = failure.description
    _ = failure.salesforceErrors
    return 0
}
