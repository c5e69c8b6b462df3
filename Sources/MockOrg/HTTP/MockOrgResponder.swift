import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Answers every request of the mock org: faults first, then authentication, then the route.
struct MockOrgResponder: HTTPResponder {
    typealias Context = MockOrgContext

    let store: OrgStore
    let tokens: TokenStore
    let configuration: MockOrgConfiguration
    let faults: FaultInjector
    /// `http://host:port` as clients reach it, for OAuth responses.
    let instanceURL: @Sendable () -> String

    static let jsonContentType = "application/json;charset=UTF-8"
    static let queryOptionsHeader = HTTPField.Name("Sforce-Query-Options")!

    func respond(to request: Request, context: Context) async throws -> Response {
        if configuration.latency > .zero {
            try await Task.sleep(for: configuration.latency)
        }
        if faults.shouldDrop() {
            // Close the connection without a response, as a dying proxy would.
            try? await context.channel.close()
            throw CancellationError()
        }
        do {
            var request = request
            let body = try await collectBody(of: &request)
            return try await route(request, body: body)
        } catch let error as APIError {
            return Self.response(status: error.status, body: error.body)
        } catch let failure as OAuthFailure {
            return failure.response
        }
    }

    /// The whole body, or 413 when it is larger than the configured limit.
    private func collectBody(of request: inout Request) async throws -> [UInt8] {
        var bytes = [UInt8]()
        for try await buffer in request.body {
            guard bytes.count + buffer.readableBytes <= configuration.maxBodySize else {
                throw APIError(
                    status: 413, "REQUEST_ENTITY_TOO_LARGE",
                    "The request body is larger than " + String(configuration.maxBodySize) + " bytes")
            }
            bytes.append(contentsOf: buffer.readableBytesView)
        }
        return bytes
    }

    private func route(_ request: Request, body: [UInt8]) async throws -> Response {
        // Empty segments are dropped, so `query/?q=` routes as `query?q=`.
        let segments = request.uri.path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        let method = request.method.rawValue
        guard segments.count >= 2, segments[0] == "services" else { throw APIError.notFound }
        if segments[1] == "oauth2" {
            return try routeOAuth(segments.dropFirst(2), method: method, request: request, body: body)
        }
        guard segments[1] == "data" else { throw APIError.notFound }
        if segments.count == 2 {
            guard method == "GET" || method == "HEAD" else {
                throw APIError.methodNotAllowed(method, allowed: ["GET", "HEAD"])
            }
            return Self.json(Resources.versions())
        }
        try authenticate(request)
        let version = segments[2]
        guard Resources.isSupported(version: version) else { throw APIError.notFound }
        let rest = Array(segments.dropFirst(3))
        let context = RouteContext(
            method: method, version: version, query: request.uri.query ?? "", body: body, headers: request.headers)
        return try routeData(rest, context)
    }

    struct RouteContext {
        let method: String
        let version: String
        /// The URL's query, decoded a parameter at a time when a route asks for one.
        let query: String
        let body: [UInt8]
        let headers: HTTPFields

        func parameter(_ name: String) -> String? { FormDecoding.value(name, inQuery: query) }
    }

    private func routeData(_ rest: [String], _ context: RouteContext) throws -> Response {
        guard let resource = rest.first else {
            try requireMethod(context, ["GET", "HEAD"])
            return Self.json(Resources.resources(version: context.version))
        }
        switch resource {
        case "query", "queryAll":
            try requireMethod(context, ["GET", "HEAD"])
            return try routeQuery(rest, includeDeleted: resource == "queryAll", context)
        case "sobjects":
            return try routeSObjects(Array(rest.dropFirst()), context)
        default:
            throw APIError.notFound
        }
    }

    private func routeQuery(_ rest: [String], includeDeleted: Bool, _ context: RouteContext) throws -> Response {
        let batchSize = Self.batchSize(from: context.headers)
        let now = Self.nowMillis()
        switch rest.count {
        case 1:
            guard let soql = context.parameter("q") else {
                throw APIError(status: 400, "MALFORMED_QUERY", "SOQL statements cannot be empty or null")
            }
            return Self.json(
                buffer: try store.query(
                    soql, includeDeleted: includeDeleted, batchSize: batchSize ?? 2000, apiVersion: context.version,
                    now: now))
        case 2:
            let parts = rest[1].split(separator: "-", maxSplits: 1)
            guard parts.count == 2, let offset = Int(parts[1]) else { throw APIError.invalidQueryLocator }
            return Self.json(
                buffer: try store.nextPage(
                    locator: String(parts[0]), offset: offset, batchSize: batchSize, apiVersion: context.version))
        default:
            throw APIError.notFound
        }
    }

    private func routeSObjects(_ rest: [String], _ context: RouteContext) throws -> Response {
        guard let typeName = rest.first else {
            try requireMethod(context, ["GET", "HEAD"])
            return Self.json(Resources.describeGlobal(version: context.version))
        }
        guard let object = SObjectType(named: typeName) else {
            throw APIError(status: 404, "NOT_FOUND", "The requested resource does not exist")
        }
        switch rest.count {
        case 1:
            switch context.method {
            case "GET", "HEAD":
                return Self.json(Resources.basicInfo(object, version: context.version))
            case "POST":
                try failIfUnlucky()
                return Self.json(try store.create(object, body: context.body, now: Self.nowMillis()), status: 201)
            default:
                throw APIError.methodNotAllowed(context.method, allowed: ["GET", "HEAD", "POST"])
            }
        case 2 where rest[1] == "describe":
            try requireMethod(context, ["GET", "HEAD"])
            return Self.json(Resources.describe(object, version: context.version))
        case 2:
            let id = rest[1]
            switch context.method {
            case "GET", "HEAD":
                let fields = context.parameter("fields").map { $0.split(separator: ",").map(String.init) }
                return Self.json(try store.retrieve(object, id: id, fields: fields, apiVersion: context.version))
            case "PATCH":
                try failIfUnlucky()
                try store.update(object, id: id, body: context.body, now: Self.nowMillis())
                return Self.noContent()
            case "DELETE":
                try failIfUnlucky()
                try store.delete(object, id: id)
                return Self.noContent()
            default:
                throw APIError.methodNotAllowed(context.method, allowed: ["GET", "HEAD", "PATCH", "DELETE"])
            }
        default:
            throw APIError.notFound
        }
    }

    // MARK: - Checks

    private func authenticate(_ request: Request) throws(APIError) {
        guard let header = request.headers[.authorization], let token = Self.sessionToken(in: header),
            tokens.isValidAccessToken(token)
        else { throw APIError.invalidSession }
    }

    /// The token of an `Authorization: Bearer T` (or `OAuth T`) header; nil for another scheme or no token.
    static func sessionToken(in header: String) -> String? {
        guard let space = header.utf8.firstIndex(of: UInt8(ascii: " ")) else { return nil }
        let scheme = header[..<space].lowercased()
        guard scheme == "bearer" || scheme == "oauth" else { return nil }
        let token = header[header.utf8.index(after: space)...].trimmingSpaces
        return token.isEmpty ? nil : token
    }

    private func requireMethod(_ context: RouteContext, _ allowed: [String]) throws(APIError) {
        guard allowed.contains(context.method) else {
            throw APIError.methodNotAllowed(context.method, allowed: allowed)
        }
    }

    private func failIfUnlucky() throws(APIError) {
        if faults.shouldFailWrite() { throw APIError.unableToLockRow }
    }

    // MARK: - Helpers

    /// The page size asked for in `Sforce-Query-Options: batchSize=N`, clamped to 200...2000; nil when not asked.
    static func batchSize(from headers: HTTPFields) -> Int? {
        guard let options = headers[queryOptionsHeader] else { return nil }
        for option in options.split(separator: ",") {
            let pair = option.split(separator: "=", maxSplits: 1)
            if pair.count == 2, pair[0].trimmingSpaces.lowercased() == "batchsize",
                let size = Int(pair[1].trimmingSpaces)
            {
                return min(max(size, 200), 2000)
            }
        }
        return nil
    }

    static func json(_ bytes: [UInt8], status: Int = 200) -> Response {
        response(status: status, body: bytes)
    }

    static func response(status: Int, body: [UInt8]) -> Response {
        json(buffer: ByteBuffer(bytes: body), status: status)
    }

    static func json(buffer: ByteBuffer, status: Int = 200) -> Response {
        Response(
            status: HTTPResponse.Status(code: status),
            headers: [.contentType: jsonContentType],
            body: ResponseBody(byteBuffer: buffer))
    }

    static func nowMillis() -> Int64 {
        Int64(Date().timeIntervalSince1970 * 1000)
    }

    static func noContent() -> Response {
        Response(status: .noContent)
    }
}
