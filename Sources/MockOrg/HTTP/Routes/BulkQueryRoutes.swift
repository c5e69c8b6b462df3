import Foundation
import HTTPTypes
import Hummingbird
import JSONKit
import NIOCore

/// Bulk API 2.0 query jobs under `jobs/query` (API 47.0 and later): POST creates, GET lists (1,000
/// a page, `queryLocator` for the next), and per job GET (info), PATCH (`{"state":"Aborted"}`),
/// DELETE, `results` (CSV with `Sforce-Locator` and `Sforce-NumberOfRecords`) and `resultPages`
/// (API 58.0 and later: up to five links to pieces of the results at once).
struct BulkQueryRoutes {
    static let locatorHeader = HTTPField.Name("Sforce-Locator")!
    static let numberOfRecordsHeader = HTTPField.Name("Sforce-NumberOfRecords")!
    static let jobsPerListPage = 1000

    let jobs: BulkQueryJobs

    func addRoutes(to api: some RouterMethods<APIContext>) {
        let root = api.group("jobs/query")
        root.post { request, context in try await create(request, context) }
        root.get { request, context in try list(request, context) }
        root.refuseMethods(except: [.get, .post])
        root.get("*") { request, context in
            try Self.checkVersion(context, since: 47)
            return Response.json(try jobs.job(Self.jobID(request, at: 0)).json(progress: true))
        }
        root.patch("*") { request, context in try await abort(request, context) }
        root.delete("*") { request, context in
            try Self.checkVersion(context, since: 47)
            try jobs.delete(Self.jobID(request, at: 0))
            return Response.noContent
        }
        root.refuseMethods(except: [.get, .patch, .delete], on: "*")
        root.getAndHead("*/results") { request, context in try results(request, context) }
        root.getAndHead("*/resultPages") { request, context in try resultPages(request, context) }
    }

    /// Bulk API 2.0 queries exist from API 47.0, `resultPages` from 58.0: before, the path is not there.
    private static func checkVersion(_ context: APIContext, since version: Int) throws(APIError) {
        guard let number = Resources.versionNumber(context.version), number >= version else { throw APIError.notFound }
    }

    /// The job's id: the path component after `jobs/query` (`offsetFromEnd` 0 when it is the last).
    private static func jobID(_ request: Request, at offsetFromEnd: Int) -> String {
        let parts = request.uri.path.split(separator: "/")
        return parts.count > offsetFromEnd ? String(parts[parts.count - 1 - offsetFromEnd]) : ""
    }

    private func create(_ request: Request, _ context: APIContext) async throws -> Response {
        try Self.checkVersion(context, since: 47)
        let body = Data(try await request.body.collect(upTo: .max).readableBytesView)
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            throw APIError(status: 400, "JSON_PARSER_ERROR", "The request body is not a JSON object")
        }
        let operation = object["operation"] as? String ?? ""
        guard operation == "query" || operation == "queryAll" else {
            throw APIError(
                status: 400, "API_ERROR",
                operation.isEmpty
                    ? "Missing required field: operation" : "Invalid operation: \(operation); use query or queryAll")
        }
        guard let soql = object["query"] as? String, !soql.allSatisfy(\.isWhitespace) else {
            throw APIError(status: 400, "API_ERROR", "Missing required field: query")
        }
        let delimiter = object["columnDelimiter"] as? String ?? "COMMA"
        guard BulkQueryJob.delimiters[delimiter] != nil else {
            throw APIError(status: 400, "API_ERROR", "Invalid columnDelimiter: \(delimiter)")
        }
        let lineEnding = object["lineEnding"] as? String ?? "LF"
        guard lineEnding == "LF" || lineEnding == "CRLF" else {
            throw APIError(status: 400, "API_ERROR", "Invalid lineEnding: \(lineEnding)")
        }
        if let contentType = object["contentType"] as? String, contentType != "CSV" {
            throw APIError(status: 400, "API_ERROR", "Invalid contentType: \(contentType)")
        }
        let job = try jobs.create(
            operation: operation, soql: soql, apiVersion: context.version, columnDelimiter: delimiter,
            lineEnding: lineEnding, now: WallClock.nowMillis())
        return Response.json(job.json(progress: false))
    }

    private func list(_ request: Request, _ context: APIContext) throws -> Response {
        try Self.checkVersion(context, since: 47)
        let all = jobs.all()
        let start = FormDecoding.value("queryLocator", inQuery: request.uri.query ?? "").flatMap(Self.offset) ?? 0
        let end = min(all.count, start + Self.jobsPerListPage)
        var writer = JSONWriter()
        writer.beginObject()
        writer.pair("done", end == all.count)
        writer.key("records")
        writer.beginArray()
        for job in all[min(start, end)..<end] { job.write(into: &writer, progress: true) }
        writer.endArray()
        writer.key("nextRecordsUrl")
        if end < all.count {
            writer.string("/services/data/" + context.version + "/jobs/query?queryLocator=" + Self.locator(end))
        } else {
            writer.null()
        }
        writer.endObject()
        return Response.json(writer.bytes)
    }

    private func abort(_ request: Request, _ context: APIContext) async throws -> Response {
        try Self.checkVersion(context, since: 47)
        let body = Data(try await request.body.collect(upTo: .max).readableBytesView)
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            throw APIError(status: 400, "JSON_PARSER_ERROR", "The request body is not a JSON object")
        }
        guard object["state"] as? String == "Aborted" else {
            throw APIError(status: 400, "INVALIDJOBSTATE", "A query job's state can only be set to Aborted")
        }
        return Response.json(
            try jobs.abort(Self.jobID(request, at: 0), now: WallClock.nowMillis()).json(progress: true))
    }

    private func results(_ request: Request, _ context: APIContext) throws -> Response {
        try Self.checkVersion(context, since: 47)
        let query = request.uri.query ?? ""
        var offset = 0
        if let locator = FormDecoding.value("locator", inQuery: query), !locator.isEmpty {
            guard let decoded = Self.offset(locator) else {
                throw APIError(status: 400, "INVALIDLOCATOR", "Invalid locator")
            }
            offset = decoded
        }
        var maxRecords: Int?
        if let text = FormDecoding.value("maxRecords", inQuery: query) {
            guard let number = Int(text), number > 0 else {
                throw APIError(status: 400, "API_ERROR", "maxRecords must be a positive whole number")
            }
            maxRecords = number
        }
        let piece = try jobs.results(
            Self.jobID(request, at: 1), apiVersion: context.version, offset: offset, maxRecords: maxRecords)
        var headers: HTTPFields = [.contentType: "text/csv"]
        headers[Self.locatorHeader] = piece.next.map(Self.locator) ?? "null"
        headers[Self.numberOfRecordsHeader] = String(piece.rows.count)
        return Self.streamed(
            piece.rows, of: piece.file, headers: headers,
            gzip: GzipMiddleware<APIContext>.acceptsGzip(request.headers[values: .acceptEncoding]))
    }

    /// Lines of a piece read back from the file per write, and per gzip member when compressed.
    static let sliceBytes = 4 * 1024 * 1024

    /// A piece sent a slice at a time as it is read back, the header row first, so that the org
    /// holds one slice of it (a client asking for all of a million rows in one piece costs no
    /// more): with gzip, each slice is a gzip member of its own (RFC 1952 lets members follow one
    /// another, and any decoder reads them as one body), which `GzipMiddleware` then leaves as it is.
    static func streamed(_ rows: Range<Int>, of file: BulkResultFile, headers: HTTPFields, gzip: Bool) -> Response {
        var headers = headers
        if gzip {
            headers[.contentEncoding] = "gzip"
            headers[.vary] = "Accept-Encoding"
        }
        let slices = file.slices(of: rows, sliceBytes: sliceBytes)
        let body = ResponseBody(contentLength: gzip ? nil : file.size(of: rows)) { writer in
            var buffer = ByteBuffer(bytes: file.header)
            for slice in slices {
                try file.append(rows: slice, to: &buffer)
                try await writer.write(gzip ? GzipCompressor.compress(buffer) : buffer)
                buffer = ByteBuffer()
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: headers, body: body)
    }

    private func resultPages(_ request: Request, _ context: APIContext) throws -> Response {
        try Self.checkVersion(context, since: 58)
        let id = Self.jobID(request, at: 1)
        let file = try jobs.resultFile(id, apiVersion: context.version)
        let query = request.uri.query ?? ""
        let start = FormDecoding.value("locator", inQuery: query).flatMap(Self.offset) ?? 0
        // Salesforce's resultPages takes no maxRecords; the mock keeps one for its tests.
        let size = FormDecoding.value("maxRecords", inQuery: query).flatMap { Int($0) }.map { max($0, 1) }
        let sizeQuery = size.map { "maxRecords=" + String($0) }
        let base = "/services/data/" + context.version + "/jobs/query/" + id
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("resultPages")
        writer.beginArray()
        var offset = min(max(start, 0), file.count)
        var links = 0
        // An empty result still has one piece: its header row.
        repeat {
            let parameters = [offset > 0 ? "locator=" + Self.locator(offset) : nil, sizeQuery].compactMap { $0 }
            writer.beginObject()
            writer.pair(
                "resultLink", base + "/results" + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&")))
            writer.endObject()
            offset = BulkQueryJobs.pieceEnd(of: file, from: offset, maxRecords: size)
            links += 1
        } while offset < file.count && links < BulkQueryJobs.linksPerResultPages
        writer.endArray()
        let done = offset >= file.count
        writer.key("nextRecordsUrl")
        if done {
            writer.null()
        } else {
            writer.string(
                base + "/resultPages?locator=" + Self.locator(offset) + (sizeQuery.map { "&" + $0 } ?? ""))
        }
        writer.pair("done", done)
        writer.endObject()
        return Response.json(writer.bytes)
    }

    /// A locator: opaque to clients, the offset's digits in base64 as Salesforce's look.
    static func locator(_ offset: Int) -> String {
        Data(String(offset).utf8).base64EncodedString()
    }

    static func offset(_ locator: String) -> Int? {
        guard let data = Data(base64Encoded: locator) else { return nil }
        return Int(String(decoding: data, as: UTF8.self)).flatMap { $0 >= 0 ? $0 : nil }
    }
}
