import Foundation

/// A scripted stand-in for a query cursor: `count` records named `Contact 0…`, served in pages of
/// the requested `batchSize` through `nextRecordsUrl` paths `/services/data/v66.0/query/01gCURSOR-N`.
struct ScriptedPager: Sendable {
    let count: Int

    /// Answers a query or next-page request; `nil` for any other path.
    func reply(to request: RecordedRequest) -> ScriptedReply? {
        let start: Int
        if request.path == "/services/data/v66.0/query" {
            start = 0
        } else if request.path.hasPrefix("/services/data/v66.0/query/01gCURSOR-"),
            let offset = Int(request.path.dropFirst("/services/data/v66.0/query/01gCURSOR-".count))
        {
            start = offset
        } else {
            return nil
        }
        let size = batchSize(request)
        let end = min(start + size, count)
        let records = (start..<end).map { index in
            #"{"attributes":{"type":"Contact","url":"/services/data/v66.0/sobjects/Contact/\#(Self.id(index))"},"#
                + #""Id":"\#(Self.id(index))","Name":"Contact \#(index)","Account":{"Name":"Acme \u00e9"}}"#
        }
        let next = end < count ? #""/services/data/v66.0/query/01gCURSOR-\#(end)""# : "null"
        return .json(
            #"{"totalSize":\#(count),"done":\#(end >= count),"nextRecordsUrl":\#(next),"records":["#
                + records.joined(separator: ",") + "]}")
    }

    static func id(_ index: Int) -> String {
        "003" + String(repeating: "0", count: max(0, 12 - String(index).count)) + String(index) + "AAA"
    }

    private func batchSize(_ request: RecordedRequest) -> Int {
        guard let option = request.headers[.sforceQueryOptions], option.hasPrefix("batchSize="),
            let size = Int(option.dropFirst("batchSize=".count))
        else { return 2000 }
        return size
    }
}
