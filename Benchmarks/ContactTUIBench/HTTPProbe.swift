import Foundation
import TestSupport

/// A minimal blocking HTTP/1.1 client, over TestSupport's raw socket, for timing single requests against a loopback server
/// (one connection per request, `Connection: close`), so that no client library's own
/// overhead hides the server's.
enum HTTPProbe {
    struct Reply {
        var status: Int
        var body: [UInt8]
        var seconds: Double
    }

    static func send(
        _ method: String, port: Int, path: String, headers: [String: String] = [:], body: [UInt8] = []
    ) throws -> Reply {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        let started = Date()
        let response: [UInt8]
        do {
            response = try RawSocket.blockingExchange(port: port, bytes: Array(head.utf8) + body, timeoutSeconds: 600)
        } catch {
            throw BenchFailure(error.description)
        }
        let seconds = Date().timeIntervalSince(started)
        guard let split = find([13, 10, 13, 10], in: response) else { throw BenchFailure("no HTTP head") }
        let headText = String(decoding: response[0..<split], as: UTF8.self)
        let statusLine = headText.split(separator: "\r\n").first ?? ""
        let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "") ?? 0
        var body = Array(response[(split + 4)...])
        if headText.lowercased().contains("transfer-encoding: chunked") { body = dechunk(body) }
        return Reply(status: status, body: body, seconds: seconds)
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int = 0) -> Int? {
        guard haystack.count >= needle.count + start else { return nil }
        for index in start...(haystack.count - needle.count)
        where haystack[index] == needle[0] && Array(haystack[index..<index + needle.count]) == needle {
            return index
        }
        return nil
    }

    private static func dechunk(_ body: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        var position = 0
        while let lineEnd = find([13, 10], in: body, from: position) {
            let sizeText = String(decoding: body[position..<lineEnd], as: UTF8.self)
            guard let size = Int(sizeText.split(separator: ";").first ?? "", radix: 16), size > 0 else { break }
            let start = lineEnd + 2
            output.append(contentsOf: body[start..<min(start + size, body.count)])
            position = start + size + 2
        }
        return output
    }
}
