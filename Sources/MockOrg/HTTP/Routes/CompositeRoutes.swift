import Foundation
import HTTPTypes
import Hummingbird
import JSONKit
import NIOCore
import Synchronization

/// `composite` (API 38.0 and later): `GET` lists the composite resources this org serves (as
/// the version's resources do: only those, so that a client following the map never meets a
/// 404), and `POST` runs up to 25 subrequests in order through the org's
/// own data API routes (`subrequests`, which has no authentication, usage count or faults of its
/// own: the composite is authenticated and counted once, as one API call; a subrequest to a
/// resource Composite does not take answers 404 `NOT_FOUND` unrun,
/// `CompositeRequestBody.Subrequest.isComposable`) and answers 200 with one
/// `compositeResponse` entry per subrequest: `body`, `httpHeaders`, `httpStatusCode` and
/// `referenceId`. A subrequest names an earlier one's answer as `@{referenceId.path}`
/// (`CompositeReferences`); one that names a failed or missing value does not run (400
/// `PROCESSING_HALTED`). With `allOrNone`, the first failure halts the rest and every other
/// subrequest answers 400 `PROCESSING_HALTED`. The store has no transactions to roll a write back
/// with, so an `allOrNone` composite holding a write is refused whole, before anything runs.
struct CompositeRoutes {
    /// The first API version with the resource.
    static let firstVersion = 38

    let subrequests: OrgResponder

    func addRoutes(to data: some RouterMethods<MockOrgContext>) {
        data.post("composite") { request, context in try await answer(request, context: context) }
        data.getAndHead("composite", alsoAllowed: [.post]) { _, context in
            Response.json(Self.resources(version: try Self.version(of: context)))
        }
    }

    /// The request's version, when it has the resource.
    private static func version(of context: MockOrgContext) throws(APIError) -> String {
        guard let version = context.apiVersion, Resources.isSupported(version: version),
            let number = Resources.versionNumber(version), number >= Self.firstVersion
        else { throw APIError.notFound }
        return version
    }

    /// `GET …/composite`: the composite resources this org serves, each by its path, as
    /// Salesforce's list names them (a real org's also names `tree`, `batch` and `graph`, which
    /// this org does not serve).
    static func resources(version: String) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.pair("sobjects", "/services/data/" + version + "/composite/sobjects")
        writer.endObject()
        return writer.bytes
    }

    private func answer(_ request: Request, context: MockOrgContext) async throws -> Response {
        _ = try Self.version(of: context)
        let body = try CompositeRequestBody(Array(try await request.body.collect(upTo: .max).readableBytesView))
        if body.allOrNone, let write = body.subrequests.first(where: \.isWrite) {
            throw APIError(
                status: 400, "INVALID_INPUT",
                "allOrNone cannot roll back \(write.method.rawValue) \(write.url) in this mock org: "
                    + "send its writes with allOrNone false")
        }
        let referred = CompositeReferences.referenceIds(in: body.subrequests)
        var references = CompositeReferences()
        var results: [SubrequestResult] = []
        var failed: Int?
        for subrequest in body.subrequests {
            guard failed == nil || !body.allOrNone else { break }
            let result = await run(
                subrequest, references: references, keepingBody: referred.contains(subrequest.referenceId),
                authority: request.head.authority, context: context)
            references.record(subrequest.referenceId, body: result.parsedBody, succeeded: result.succeeded)
            if !result.succeeded, failed == nil { failed = results.count }
            results.append(result)
        }
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("compositeResponse")
        writer.beginArray()
        for (index, subrequest) in body.subrequests.enumerated() {
            if body.allOrNone, let failed, index != failed {
                SubrequestResult.rolledBack.write(as: subrequest.referenceId, into: &writer)
            } else {
                results[index].write(as: subrequest.referenceId, into: &writer)
            }
        }
        writer.endArray()
        writer.endObject()
        return Response.json(writer.bytes)
    }

    /// Runs one subrequest through the data API's routes, its references resolved first; its
    /// body is parsed for a later reference only when `keepingBody`.
    private func run(
        _ subrequest: CompositeRequestBody.Subrequest, references: CompositeReferences, keepingBody: Bool,
        authority: String?, context: MockOrgContext
    ) async -> SubrequestResult {
        let url: String
        var body: Any?
        do throws(APIError) {
            url = try references.resolving(subrequest.url)
            body = try subrequest.body.map { body throws(APIError) in try references.resolving(body: body) }
        } catch {
            return SubrequestResult(error: error)
        }
        guard CompositeRequestBody.Subrequest.isComposable(url) else { return SubrequestResult(error: .notFound) }
        let bytes: [UInt8] =
            body.flatMap { try? JSONSerialization.data(withJSONObject: $0, options: [.fragmentsAllowed]) }.map(
                Array.init)
            ?? []
        var head = HTTPRequest(method: subrequest.method, scheme: nil, authority: authority, path: url)
        if !bytes.isEmpty { head.headerFields[.contentType] = "application/json" }
        for (name, value) in subrequest.headers {
            if let name = HTTPField.Name(name) { head.headerFields[name] = value }
        }
        let inner = Request(head: head, body: RequestBody(buffer: ByteBuffer(bytes: bytes)))
        do {
            return await SubrequestResult(
                try await subrequests.respond(to: inner, context: context), keepingBody: keepingBody)
        } catch let error as APIError {
            return SubrequestResult(error: error)
        } catch let error as any HTTPResponseError {
            return SubrequestResult(
                error: APIError(status: Int(error.status.code), "UNKNOWN_EXCEPTION", error.status.reasonPhrase))
        } catch {
            return SubrequestResult(error: APIError(status: 500, "UNKNOWN_EXCEPTION", "The subrequest failed"))
        }
    }
}

/// One subrequest's answer as the composite reports it.
private struct SubrequestResult {
    let status: Int
    let headers: [(name: String, value: String)]
    /// The body as JSON text; a body that is not JSON is written as a string, none as null.
    let body: [UInt8]
    /// The body parsed (`JSONSerialization`'s types), when a later subrequest refers to it.
    let parsedBody: Any?

    var succeeded: Bool { status < 400 }

    /// What every other subrequest of a failed `allOrNone` composite answers.
    static var rolledBack: SubrequestResult {
        SubrequestResult(
            error: APIError(
                status: 400, "PROCESSING_HALTED",
                "The transaction was rolled back since another operation in the same transaction failed."))
    }

    init(error: APIError) {
        status = error.statusCode
        headers = []
        body = error.body
        parsedBody = nil
    }

    /// The answer of a route, its body read whole, and parsed when `keepingBody`: a composite
    /// whose answers nothing refers to (the describes a bulk job's plan reads) parses none.
    init(_ response: Response, keepingBody: Bool) async {
        status = Int(response.status.code)
        // The length and encoding are the composite's own, as Salesforce leaves them out.
        let skipped: Set<HTTPField.Name> = [.contentType, .contentLength, .contentEncoding, .transferEncoding]
        headers = response.headers.filter { !skipped.contains($0.name) }.map { ($0.name.rawName, $0.value) }
        let collector = BodyCollector()
        let written = response.body
        try? await written.write(collector)
        let bytes = collector.bytes
        // Parsed only for a later reference; otherwise only checked to be JSON, building nothing.
        let parsed = keepingBody ? try? OrgStore.parseJSON(bytes) : nil
        let isJSON = keepingBody ? parsed != nil : JSONSyntax.firstError(in: bytes) == nil
        if bytes.isEmpty {
            body = Array("null".utf8)
        } else if isJSON {
            body = bytes
        } else {
            var text = JSONWriter()
            text.string(String(decoding: bytes, as: UTF8.self))
            body = text.bytes
        }
        parsedBody = parsed
    }

    func write(as referenceId: String, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("body")
        writer.raw(body)
        writer.key("httpHeaders")
        writer.beginObject()
        for (name, value) in headers { writer.pair(name, value) }
        writer.endObject()
        writer.pair("httpStatusCode", status)
        writer.pair("referenceId", referenceId)
        writer.endObject()
    }
}

/// A response body's bytes, as a route writes them.
private final class BodyCollector: ResponseBodyWriter, Sendable {
    private let stored = Mutex<[UInt8]>([])

    var bytes: [UInt8] { stored.withLock { $0 } }

    func write(_ buffer: ByteBuffer) async throws {
        stored.withLock { $0 += buffer.readableBytesView }
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
