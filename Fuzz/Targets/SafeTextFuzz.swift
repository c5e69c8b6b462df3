// libFuzzer entry for SafeText and display widths: the sanitised text of any bytes holds no
// control, C1 or bidi-override scalar, and sanitising is idempotent.
@_cdecl("LLVMFuzzerTestOneInput")
public func safeTextFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let safe = SafeText.sanitize(bytes: bytes)
    for scalar in safe.unicodeScalars where SafeText.isUnsafe(scalar) {
        fatalError("unsafe scalar U+\(String(scalar.value, radix: 16)) survived sanitising")
    }
    if SafeText.sanitize(safe) != safe { fatalError("sanitising is not idempotent") }
    var buffer = CellBuffer(width: 40, height: 2)
    buffer.write(safe, x: 0, y: 0, maxWidth: 40, style: .plain)
    _ = buffer.text
    return 0
}
