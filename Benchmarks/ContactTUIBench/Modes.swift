import ContactList
import Foundation
import Glibc
import Hummingbird
import Logging
import NIOCore
import RestCore

/// The roles the bench binary plays in its child processes.
enum Modes {
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// `bare BODY_FILE`: a bare Hummingbird router answering the query and next-page routes with
    /// the bytes of BODY_FILE and any Contact DELETE with 204, the peer of the mock org's throughput.
    static func bare(bodyFile: String) async throws {
        let body = ByteBuffer(bytes: try Data(contentsOf: URL(fileURLWithPath: bodyFile)))
        let router = Router()
        let page = { @Sendable (_: Request, _: BasicRequestContext) in
            Response(
                status: .ok, headers: [.contentType: "application/json;charset=UTF-8"],
                body: ResponseBody(byteBuffer: body))
        }
        router.get("/services/data/v66.0/query", use: page)
        router.get("/services/data/v66.0/query/:locator", use: page)
        router.delete("/services/data/v66.0/sobjects/Contact/:id") { _, _ in
            Response(status: .noContent)
        }
        let logger = Logger(label: "bare") { _ in SwiftLogNoOpLogHandler() }
        let application = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                say("mock org listening on http://127.0.0.1:\(channel.localAddress?.port ?? 0)")
                say("access token: none")
            }, logger: logger)
        try await application.runService()
    }

    /// A model loaded with `rows` records, fed as pages of 2,000 like the app receives them.
    static func loadedModel(rows: Int) -> ContactListModel {
        // The model only builds requests; the pages are handed to it directly.
        let client = RestClient(
            configuration: RestClientConfiguration(
                instanceURL: URL(string: "http://127.0.0.1:9")!, accessToken: "bench-token"),
            transport: UnusedTransport())
        var model = ContactListModel(
            query: "SELECT Id, Name, Title, Email, Phone, Account.Name FROM Contact ORDER BY Name",
            origin: "127.0.0.1 · v66.0", requests: client)
        // A window taller than the data makes the model ask for every next page at once.
        model.visibleRowCount = Int.max / 4
        var pending = requestIDs(model.start())
        var loaded = 0
        var pageNumber = 0
        while let requestID = pending.first, loaded < rows {
            let size = min(2000, rows - loaded)
            let last = loaded + size >= rows
            let response = page(number: pageNumber, size: size, total: rows, last: last)
            pending = requestIDs(model.handle(response: .success(response), for: requestID))
            loaded += size
            pageNumber += 1
        }
        model.visibleRowCount = ScreenLayout(screen: Rect(width: 100, height: 30)).visibleRowCount
        return model
    }

    static func requestIDs(_ effects: [ContactListEffect]) -> [RestRequestID] {
        effects.compactMap { effect in
            if case .send(let request) = effect { return request.id }
            return nil
        }
    }

    private static func page(number: Int, size: Int, total: Int, last: Bool) -> RestResponse {
        var json = "{\"totalSize\":\(total),\"done\":\(last),"
        if !last { json += "\"nextRecordsUrl\":\"/services/data/v66.0/query/01gBENCH0000000AAA-\(number)\"," }
        json += "\"records\":["
        for index in 0..<size {
            let serial = number * 2000 + index
            let id =
                "003" + String(String(serial, radix: 10).reversed()).padding(toLength: 12, withPad: "0", startingAt: 0)
                + "AAA"
            if index > 0 { json += "," }
            json += """
                {"attributes":{"type":"Contact","url":"/services/data/v66.0/sobjects/Contact/\(id)"},\
                "Id":"\(id)","Name":"Contact Number \(serial)","Title":"Engineer \(serial % 97)",\
                "Email":"contact\(serial)@example.com","Phone":"(555) 555-\(1000 + serial % 9000)",\
                "Account":{"attributes":{"type":"Account","url":"/x"},"Name":"Account \(serial % 1000)"}}
                """
        }
        json += "]}"
        return RestResponse(
            status: 200, headers: [.contentType: "application/json;charset=UTF-8"],
            body: Array(json.utf8))
    }

    /// `keys ROWS`: CPU seconds per keypress-to-frame (handle(key:) + render into 100x30),
    /// the median of several batches, printed as `cpu-per-key: SECONDS`.
    static func keys(rows: Int) {
        var model = loadedModel(rows: rows)
        var buffer = CellBuffer(width: 100, height: 30)
        // The header and the list, as the list mode draws them.
        let layout = ScreenLayout(screen: buffer.area)
        let slots = layout.placements.filter { $0.slot == .header || $0.slot == .list }
        var samples: [Double] = []
        for _ in 0..<7 {
            let start = Proc.threadCPUSeconds()
            // Down then up again through a range longer than a screen: scrolling on every step.
            for step in 0..<600 {
                _ = model.handle(key: step % 600 < 300 ? .character("j") : .character("k"))
                let screen = ContactListScreen(model: model)
                for placement in slots { screen.render(placement.slot, area: placement.area, buffer: &buffer) }
            }
            samples.append((Proc.threadCPUSeconds() - start) / 600)
        }
        samples.sort()
        say("cpu-per-key: \(samples[samples.count / 2])")
        say("rows: \(model.dataRows.count)")
    }

    /// `filter ROWS`: CPU seconds from a filter key press to a finished frame (handle(key:) and the
    /// whole screen drawn into 100x30), for each character of a query typed after `/` and for each
    /// Backspace that takes it away again; the median of several rounds for each key, then the
    /// slowest key, printed as `cpu-per-char: SECONDS` and `cpu-per-backspace: SECONDS`.
    static func filterKeys(rows: Int) {
        var model = loadedModel(rows: rows)
        var buffer = CellBuffer(width: 100, height: 30)
        let text = "number 12"
        func timed(_ key: Key) -> Double {
            let start = Proc.threadCPUSeconds()
            _ = model.handle(key: key)
            ContactListScreen(model: model).render(area: buffer.area, buffer: &buffer)
            return Proc.threadCPUSeconds() - start
        }
        var typed = Array(repeating: [Double](), count: text.count)
        var erased = Array(repeating: [Double](), count: text.count)
        for _ in 0..<7 {
            _ = model.handle(key: .escape)
            _ = model.handle(key: .character("/"))
            for (index, character) in text.enumerated() { typed[index].append(timed(.character(character))) }
            for index in 0..<text.count { erased[index].append(timed(.backspace)) }
        }
        func slowestMedian(_ samples: [[Double]]) -> Double {
            samples.map(median).max() ?? 0
        }
        say("cpu-per-char: \(slowestMedian(typed))")
        say("cpu-per-backspace: \(slowestMedian(erased))")
        say("rows: \(model.dataRows.count)")
    }

    /// `model-rss ROWS`: resident memory with ROWS records loaded into the model.
    static func modelRSS(rows: Int) {
        let model = loadedModel(rows: rows)
        say("rows: \(model.dataRows.count)")
        say("rss: \(Proc.residentBytes(of: getpid()))")
    }
}

/// A transport for a client that only builds requests and never sends one.
struct UnusedTransport: RestTransport {
    func execute(_ request: TransportRequest) async throws(RestClientError) -> TransportResponse {
        throw .invalidRequest("the benchmark model never sends")
    }

    func shutdown() async {}
}
