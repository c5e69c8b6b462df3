import SOQL

// libFuzzer entry for the SOQL grammar (lexer, parser) and MockOrg's resolution of what it
// parses, and for the client's SelectList: any bytes must give a query or a SOQLError, never a
// crash, a hang or a memory error.
@_cdecl("LLVMFuzzerTestOneInput")
public func soqlFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let statement = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        let query = try SOQLResolver.query(statement, now: 1_700_000_000_000)
        _ = query
    } catch {
        _ = error.message
    }
    _ = SelectList(soql: statement)
    return 0
}
