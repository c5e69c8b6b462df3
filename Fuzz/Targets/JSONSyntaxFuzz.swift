import Foundation

// libFuzzer entry for JSONKit: MockOrg's strict check of request bodies must answer any bytes
// without a crash or a hang, and whatever it accepts Foundation's parser and JSONKit's scanner
// must read too.
@_cdecl("LLVMFuzzerTestOneInput")
public func jsonSyntaxFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let failure = JSONSyntax.firstError(in: bytes) else {
        if (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) == nil {
            fatalError("accepted, but Foundation cannot read it: \(bytes)")
        }
        let scanned: Bool = bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(bytes: buffer)
            do throws(JSONFailure) {
                try scanner.skipValue()
                try scanner.expectEnd()
                return true
            } catch {
                return false
            }
        }
        precondition(scanned, "accepted, but the scanner cannot read it: \(bytes)")
        return 0
    }
    precondition(failure.offset >= 0 && failure.offset <= bytes.count, "offset outside the body")
    _ = JSONSyntax.message(for: failure, in: bytes)
    return 0
}
