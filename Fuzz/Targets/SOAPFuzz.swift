// libFuzzer entry for RestCore's SOAP reader: `undelete` results and faults read from any bytes,
// never a crash, a hang or unbounded memory.
@_cdecl("LLVMFuzzerTestOneInput")
public func soapFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Array(UnsafeBufferPointer(start: data, count: size))
    switch SOAPResponseReader.read(body) {
    case .success(.results(let results)):
        for result in results { _ = result.errors.map(\.errorCode) }
    case .success(.fault(let fault)):
        _ = fault.code
        _ = fault.salesforceError
    case .failure(let failure):
        _ = failure.description
    }
    return 0
}
