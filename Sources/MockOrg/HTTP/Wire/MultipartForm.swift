/// The text fields of a `multipart/form-data` body.
enum MultipartForm {
    /// The boundary named in a `multipart/form-data; boundary=…` content type.
    static func boundary(in contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingSpaces.lowercased() == "boundary" else { continue }
            var value = pair[1].trimmingSpaces
            if value.hasPrefix("\"") && value.hasSuffix("\"") && value.count >= 2 {
                value = String(value.dropFirst().dropLast())
            }
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// The named parts of `body`, each value decoded as UTF-8; nil when the body is not well formed.
    static func fields(_ body: [UInt8], boundary: String) -> [(name: String, value: String)]? {
        let delimiter = Array(("--" + boundary).utf8)
        var parts = [[UInt8]]()
        var searchStart = 0
        var partStart: Int?
        while let found = firstRange(of: delimiter, in: body, from: searchStart) {
            if let start = partStart { parts.append(Array(body[start..<found])) }
            var next = found + delimiter.count
            if body[next...].starts(with: Array("--".utf8)) { break }
            if body[next...].starts(with: [13, 10]) { next += 2 }
            partStart = next
            searchStart = next
        }
        guard partStart != nil else { return nil }
        var result = [(name: String, value: String)]()
        for var part in parts {
            // The CRLF before the delimiter belongs to the delimiter.
            if part.suffix(2) == [13, 10] { part.removeLast(2) }
            guard let split = firstRange(of: [13, 10, 13, 10], in: part, from: 0) else { return nil }
            let headers = String(decoding: part[..<split], as: UTF8.self)
            let value = String(decoding: part[(split + 4)...], as: UTF8.self)
            guard let name = partName(headers) else { continue }
            result.append((name, value))
        }
        return result
    }

    private static func partName(_ headers: String) -> String? {
        for line in headers.split(separator: "\r\n") where line.lowercased().hasPrefix("content-disposition:") {
            for parameter in line.split(separator: ";").dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                guard pair.count == 2, pair[0].trimmingSpaces.lowercased() == "name" else { continue }
                return pair[1].trimmingSpaces.trimmingCharacters(in: "\"")
            }
        }
        return nil
    }

    private static func firstRange(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard needle.count <= haystack.count, start <= haystack.count - needle.count else { return nil }
        var index = start
        while index <= haystack.count - needle.count {
            if haystack[index] == needle[0] && haystack[index..<(index + needle.count)].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }
}

extension String {
    fileprivate func trimmingCharacters(in quote: Character) -> String {
        var text = Substring(self)
        while text.first == quote { text = text.dropFirst() }
        while text.last == quote { text = text.dropLast() }
        return String(text)
    }
}
