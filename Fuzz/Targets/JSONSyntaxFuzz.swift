import Foundation

// libFuzzer entry for MockOrg's strict JSON check of request bodies: any bytes must give an
// answer without a crash or a hang, and whatever it accepts Foundation's parser must read.
@_cdecl("LLVMFuzzerTestOneInput")
public func jsonSyntaxFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let failure = JSONSyntax.firstError(in: bytes) else {
        if (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) == nil {
            fatalError("accepted, but Foundation cannot read it: \(bytes)")
        }
        return 0
    }
    precondition(failure.offset >= 0 && failure.offset <= bytes.count, "offset outside the body")
    _ = JSONSyntax.message(for: failure, in: bytes)
    return 0
}
