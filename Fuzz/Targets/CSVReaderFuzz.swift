// libFuzzer entry for CSVReader: any bytes are rows or a Failure, never a crash; rows written
// back as CSV (every field quoted, a quote doubled, nil as an empty unquoted field) read as the
// same rows, for valid UTF-8 (invalid bytes are replaced, so they cannot round-trip).
@_cdecl("LLVMFuzzerTestOneInput")
public func csvReaderFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let delimiter = bytes.first.map { [UInt8(ascii: ","), UInt8(ascii: ";"), 9][Int($0) % 3] } ?? UInt8(ascii: ",")
    guard let rows = try? CSVReader.rows(bytes, delimiter: delimiter) else { return 0 }
    var written: [UInt8] = []
    for row in rows {
        for (index, field) in row.enumerated() {
            if index > 0 { written.append(delimiter) }
            guard let field else { continue }
            written.append(UInt8(ascii: "\""))
            for byte in field.utf8 {
                if byte == UInt8(ascii: "\"") { written.append(byte) }
                written.append(byte)
            }
            written.append(UInt8(ascii: "\""))
        }
        written.append(UInt8(ascii: "\n"))
    }
    guard let again = try? CSVReader.rows(written, delimiter: delimiter) else {
        fatalError("rows written back are not CSV")
    }
    if String(validating: bytes, as: UTF8.self) != nil, again != rows {
        fatalError("rows written back read otherwise: \(rows) then \(again)")
    }
    return 0
}
