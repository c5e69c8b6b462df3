import Foundation
import Glibc

/// A minimal blocking HTTP/1.1 client for timing single requests against a loopback server
/// (one connection per request, `Connection: close`), so that no client library's own
/// overhead hides the server's.
enum HTTPProbe {
    struct Reply {
        var status: Int
        var body: [UInt8]
        var seconds: Double
    }

    static func send(
        _ method: String, port: Int, path: String, headers: [String: String] = [:]
    ) throws -> Reply {
        let started = Date()
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketFD >= 0 else { throw BenchFailure("socket() failed") }
        defer { close(socketFD) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw BenchFailure("cannot connect to 127.0.0.1:\(port)") }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        let bytes = Array(head.utf8)
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes { write(socketFD, $0.baseAddress, $0.count) }
            guard written > 0 else { throw BenchFailure("write failed") }
            sent += written
        }
        var response: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(socketFD, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            response.append(contentsOf: chunk[0..<count])
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
