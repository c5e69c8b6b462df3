import JSONKit

/// What the head of a query page's body says about the next page, read before the body has
/// arrived whole. Salesforce writes `totalSize`, `done` and `nextRecordsUrl` before `records`, so
/// the next page's path is known from the first few hundred bytes of a page of any size.
enum QueryPageHead: Equatable {
    /// The head is cut short before it says: more bytes are needed.
    case incomplete
    /// The next page's path.
    case next(String)
    /// There is no next page, or the head does not name one before `records`.
    case none

    /// Reads the top-level members of `prefix` up to `records`.
    init(prefix: UnsafeRawBufferPointer) {
        var head = QueryPageHead.incomplete
        let bytes = prefix.assumingMemoryBound(to: UInt8.self)
        var scanner = JSONScanner(bytes: bytes)
        do throws(JSONFailure) {
            scanner.skipWhitespace()
            guard scanner.current == nil || scanner.current == UInt8(ascii: "{") else {
                self = .none
                return
            }
            try scanner.scanObject { scanner, key throws(JSONFailure) in
                switch String(decoding: UnsafeBufferPointer(rebasing: bytes[key]), as: UTF8.self) {
                case "nextRecordsUrl":
                    guard case .string(let path) = try scanner.parseValue() else {
                        head = .none
                        throw scanner.failure("stop")
                    }
                    head = .next(path)
                    throw scanner.failure("stop")
                case "done":
                    guard case .bool(false) = try scanner.parseValue() else {
                        head = .none
                        throw scanner.failure("stop")
                    }
                    return true
                case "records":
                    head = .none
                    throw scanner.failure("stop")
                default:
                    return false
                }
            }
            head = .none  // the whole object without `records`: not a page this can read early
        } catch {
            // Cut short (head still `.incomplete`), or stopped on purpose once decided.
        }
        self = head
    }
}
