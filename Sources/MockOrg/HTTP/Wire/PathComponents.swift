/// Components of a request target's path, read on its UTF-8 bytes and split as Hummingbird's router
/// splits it: on `/`, empty components left out, the query (and any scheme and host) left out.
/// Routes read the parts they need with it where the router matches a wildcard (`*`): a named
/// parameter costs an entry in the router's parameter dictionary on every request.
enum PathComponents {
    /// The component at `index` (0 is `services` in `/services/data/v66.0`); nil past the last.
    static func component(_ index: Int, of target: String) -> String? {
        withPath(of: target) { path in
            var position = 0
            var current = 0
            while position < path.count {
                while position < path.count, path[position] == slash { position += 1 }
                guard position < path.count else { break }
                let start = position
                while position < path.count, path[position] != slash { position += 1 }
                if current == index { return string(path, start..<position) }
                current += 1
            }
            return nil
        }
    }

    /// The last component (the id in `sobjects/Contact/{id}`); empty when the path has none.
    static func last(of target: String) -> String {
        withPath(of: target) { path in
            var end = path.count
            while end > 0, path[end - 1] == slash { end -= 1 }
            var start = end
            while start > 0, path[start - 1] != slash { start -= 1 }
            return string(path, start..<end)
        }
    }

    private static let slash = UInt8(ascii: "/")

    private static func string(_ path: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: path[range]), as: UTF8.self)
    }

    /// Calls `body` with the bytes of the target's path: up to the query, and from the first slash
    /// after the host in an absolute-form target (`http://host/path`).
    private static func withPath<Result>(
        of target: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        var target = target
        return target.withUTF8 { bytes in
            let end = bytes.firstIndex(of: UInt8(ascii: "?")) ?? bytes.count
            var start = 0
            if end > 0, bytes[0] != slash {
                let colon = UInt8(ascii: ":")
                var index = 0
                while index + 2 < end,
                    !(bytes[index] == colon && bytes[index + 1] == slash && bytes[index + 2] == slash)
                {
                    index += 1
                }
                if index + 2 < end {
                    start = index + 3
                    while start < end, bytes[start] != slash { start += 1 }
                }
            }
            return body(UnsafeBufferPointer(rebasing: bytes[start..<end]))
        }
    }
}
