import Foundation
import RestCore
import TestSupport
import Testing

@testable import ContactList

/// What you see is what you change: random key sequences (the whole key table, bursts included)
/// with random answers arriving in between. After every step the frame is drawn as
/// `ContactListScreen` draws it, and every DELETE or PATCH a key sends is checked against the
/// frame drawn before that key.
@Suite("What you see is what you change: model-based property")
struct WhatYouSeePropertyTests {
    /// Seeds run by `make test`; `WYSIWYC_SEEDS` runs more (`make fuzz`).
    static let seeds: [UInt64] = {
        let count = ProcessInfo.processInfo.environment["WYSIWYC_SEEDS"].flatMap(Int.init) ?? 48
        return (0..<UInt64(count)).map { $0 }
    }()
    static let stepsPerSeed = 260

    @Test("a key changes only what the frame before it showed highlighted", arguments: seeds)
    func keysActOnTheFrameBeforeThem(seed: UInt64) throws {
        var run = Run(seed: seed)
        try run.play(steps: Self.stepsPerSeed)
    }

    /// Every key the app has, and some it does not.
    static let keys: [Key] = {
        var keys: [Key] = [
            .down, .up, .pageDown, .pageUp, .home, .end, .left, .right, .enter, .escape, .backspace, .delete,
            .wheelDown, .wheelUp, .control("f"), .control("b"), .control("u"), .control("w"), .tab,
            .paste("pasted d text"), .click(x: 3, y: 3), .doubleClick(x: 3, y: 4), .click(x: 5, y: 1),
        ]
        keys += "jkgGhldeyosrnN/?*uUvcx: aqt1".map { Key.character($0) }
        return keys
    }()

    /// What one drawn frame showed: the facts a key typed at it may rely on.
    struct Frame {
        var lines: [String]
        /// The record drawn highlighted in the list, or the record the detail view shows.
        var highlighted: String?
        /// A wait for the describe, a prompt, an editor or an alert is on screen.
        var showsWait: Bool
        var alertShown: Bool
        /// The records the bulk delete's question names, when it is on screen.
        var promptRecords: Set<String>?
        /// The record of the open editor.
        var editorRecord: String?
        var tooSmall: Bool
    }

    struct Run {
        var random: SeededGenerator
        var model: ContactListModel
        let seed: UInt64
        let names: [String]
        var server: Set<Int>
        let pageSize: Int
        var outstanding: [(id: RestRequestID, request: RestRequest)] = []
        var log: [String] = []
        /// The record each `e` took from its frame, which the editor must open on.
        var editTarget: String?
        let width: Int
        let height: Int
        var frame: Frame
        /// Records the org answered as deleted: they never show again.
        var deletedForGood = Set<String>()

        init(seed: UInt64) {
            self.seed = seed
            var random = SeededGenerator(seed: seed)
            let count = Int.random(in: 3...40, using: &random)
            names = (0..<count).map { "Name\($0)x" }
            server = Set(0..<count)
            pageSize = Int.random(in: 2...20, using: &random)
            width = Int.random(in: 50...110, using: &random)
            // Now and then a terminal under the minimum size, where only `q` acts.
            height = Int.random(in: 0..<10, using: &random) == 0 ? 6 : Int.random(in: 9...30, using: &random)
            let readOnly = Int.random(in: 0..<8, using: &random) == 0
            model = ContactListModel(
                query: Fixtures.query, batchSize: 200, origin: "o", requests: Fixtures.client(readOnly: readOnly))
            self.random = random
            frame = Frame(
                lines: [], highlighted: nil, showsWait: false, alertShown: false, promptRecords: nil,
                editorRecord: nil, tooSmall: false)
            let layout = ScreenLayout(screen: Rect(width: width, height: height))
            model.visibleRowCount = layout.visibleRowCount
            model.isTerminalTooSmall = layout.isTooSmall
        }

        var context: String { "seed \(seed): \(log.suffix(40))" }

        func contact(_ index: Int) -> [String: Any] {
            var contact = Fixtures.contact(index, name: names[index])
            contact["Title"] = "T\(index)"
            return contact
        }

        /// The records of the org in order from `offset`, a page of them, with the cursor to the rest.
        func page(from offset: Int) -> Result<RestResponse, RestClientError> {
            let ordered = server.sorted()
            let slice = Array(ordered.dropFirst(offset).prefix(pageSize))
            let next = offset + pageSize < ordered.count ? "/services/data/v66.0/query/01g-\(offset + pageSize)" : nil
            return Fixtures.page(slice.map(contact), totalSize: ordered.count, nextRecordsUrl: next)
        }

        mutating func play(steps: Int) throws {
            try deliverEffects(model.start(), afterKey: nil, frameBefore: frame)
            drawFrame()
            for _ in 0..<steps {
                if outstanding.isEmpty || Int.random(in: 0..<100, using: &random) < 55 {
                    // A burst: keys typed faster than any answer arrives.
                    let burst = Int.random(in: 0..<4, using: &random) == 0 ? Int.random(in: 2...6, using: &random) : 1
                    for _ in 0..<burst { try press(Self.randomKey(using: &random)) }
                } else {
                    try answerOne()
                }
            }
        }

        static func randomKey(using random: inout SeededGenerator) -> Key {
            WhatYouSeePropertyTests.keys.randomElement(using: &random)!
        }

        mutating func press(_ key: Key) throws {
            log.append("key \(key)")
            let before = frame
            let listOrDetail = !before.showsWait && !before.alertShown && !before.tooSmall
            if key == .character("e"), listOrDetail, model.focus == .list || model.focus == .detail,
                let highlighted = before.highlighted
            {
                editTarget = highlighted
            }
            let effects = model.handle(key: key)
            try deliverEffects(effects, afterKey: key, frameBefore: before)
            drawFrame()
            try checkFrame()
        }

        /// Records the requests of a step, checking each write against the frame before the key.
        mutating func deliverEffects(_ effects: [ContactListEffect], afterKey key: Key?, frameBefore: Frame) throws {
            for effect in effects {
                let request: RestRequest
                switch effect {
                case .send(let sent), .sendAfter(let sent, _): request = sent
                case .cancel(let id):
                    outstanding.removeAll { $0.id == id }
                    continue
                case .quit, .open, .copy, .rememberQuery, .recordChange, .forgetChange, .keepRows, .export,
                    .rememberColumns, .readBulk, .forgetRows:
                    continue
                }
                if request.method == .DELETE || request.method == .PATCH {
                    try checkWrite(request, key: key, frame: frameBefore)
                }
                // `U` takes records back out of the bin: they may show again.
                if Fixtures.isUndelete(request) { deletedForGood.subtract(Fixtures.undeleteIDs(request)) }
                outstanding.append((request.id, request))
            }
        }

        func checkWrite(_ request: RestRequest, key: Key?, frame: Frame) throws {
            let ids =
                request.path.hasSuffix("/composite/sobjects")
                ? Fixtures.collectionIDs(request) : [String(request.path.split(separator: "/").last ?? "")]
            guard let key else {
                Issue.record("a write was sent with no key: \(request.method) \(ids); \(context)")
                return
            }
            try #require(!frame.tooSmall, "a write followed a key on the too-small notice; \(context)")
            try #require(!frame.alertShown, "a write followed a key pressed at an alert; \(context)")
            if request.method == .PATCH {
                try #require(key == .enter, "a PATCH after \(key); \(context)")
                try #require(frame.editorRecord == ids.first, "a PATCH for a record no editor showed; \(context)")
                try #require(editTarget == ids.first, "the editor opened on another record than `e`'s; \(context)")
                return
            }
            if let prompt = frame.promptRecords {
                try #require(key == .character("y"), "a delete after \(key) at the question; \(context)")
                try #require(Set(ids).isSubset(of: prompt), "a delete of records the question did not name; \(context)")
                return
            }
            try #require(!frame.showsWait, "a delete followed a key pressed while a wait was on screen; \(context)")
            try #require(key == .character("d") || key == .delete, "a delete after \(key); \(context)")
            try #require(
                ids == [frame.highlighted ?? "none"],
                "deleted \(ids), the frame highlighted \(frame.highlighted ?? "none"); \(context)")
        }

        /// Answers one request waiting, as the org would (or would fail to).
        mutating func answerOne() throws {
            let (id, request) = outstanding.remove(at: Int.random(in: 0..<outstanding.count, using: &random))
            let roll = Int.random(in: 0..<10, using: &random)
            let result: Result<RestResponse, RestClientError>
            let recordID = String(request.path.split(separator: "/").last ?? "")
            let index = names.indices.first { Fixtures.id($0) == recordID }
            switch request.method {
            case .DELETE where request.path.hasSuffix("/composite/sobjects"):
                let ids = Fixtures.collectionIDs(request)
                if roll == 0 {
                    result = .failure(.timedOut)
                } else {
                    var refused = Set<String>()
                    for id in ids where Bool.random(using: &random) { refused.insert(id) }
                    for index in names.indices
                    where ids.contains(Fixtures.id(index)) && !refused.contains(Fixtures.id(index)) {
                        server.remove(index)
                    }
                    result = Fixtures.collectionResults(ids: ids) {
                        refused.contains($0) ? ("DELETE_FAILED", "has cases") : nil
                    }
                }
            case .DELETE:
                switch roll {
                case 0..<4:
                    if let index { server.remove(index) }
                    result = Fixtures.noContent
                case 4..<7: result = Fixtures.deleteFailed
                default: result = .failure(.timedOut)
                }
            case .POST where Fixtures.isUndelete(request):
                // Restored, refused (not in the bin), or no answer, each id on its own.
                let ids = Fixtures.undeleteIDs(request)
                if roll == 0 {
                    result = .failure(.timedOut)
                } else {
                    var refused = Set<String>()
                    for id in ids where Int.random(in: 0..<4, using: &random) == 0 { refused.insert(id) }
                    for index in names.indices
                    where ids.contains(Fixtures.id(index)) && !refused.contains(Fixtures.id(index)) {
                        server.insert(index)
                    }
                    result = Fixtures.undeleteResults(ids: ids) {
                        refused.contains($0) ? ("UNDELETE_FAILED", "Entity is not in the recycle bin") : nil
                    }
                }
            case .PATCH:
                result =
                    roll < 5
                    ? Fixtures.noContent
                    : roll < 8 ? Fixtures.refusal(400, "FIELD_CUSTOM_VALIDATION_EXCEPTION") : .failure(.timedOut)
            default:
                let soql = request.queryItems.first { $0.name == "q" }?.value
                if request.path.hasSuffix("/describe") {
                    result = roll < 8 ? EditTests.describe : .failure(.timedOut)
                } else if request.path.hasSuffix("/search") {
                    let hits = server.filter { _ in Bool.random(using: &random) }.sorted().map(contact)
                    let data = try JSONSerialization.data(withJSONObject: ["searchRecords": hits])
                    result = .success(RestResponse(status: 200, headers: [:], body: Array(data)))
                } else if let soql, request.path.hasSuffix("/queryAll") {
                    // The read-back of an undelete: every record is in the bin or out of it.
                    let listed = names.indices.filter { soql.contains(Fixtures.id($0)) }
                    result = Fixtures.isDeletedPage(listed.map { (Fixtures.id($0), !server.contains($0)) })
                } else if let soql, soql.contains("WHERE Id IN") {
                    let present = names.indices.filter { server.contains($0) && soql.contains(Fixtures.id($0)) }
                    result = Fixtures.page(present.map(contact))
                } else if soql != nil {
                    result = roll == 0 ? Fixtures.refusal(400, "INVALID_FIELD") : page(from: 0)
                } else if let offset = request.path.split(separator: "-").last.flatMap({ Int($0) }) {
                    result = roll == 0 ? .failure(.timedOut) : page(from: offset)
                } else if let index {
                    // A read-back or the detail's retrieve.
                    if server.contains(index) {
                        let data = try JSONSerialization.data(withJSONObject: contact(index))
                        result = .success(RestResponse(status: 200, headers: [:], body: Array(data)))
                    } else {
                        result = Fixtures.refusal(404, "NOT_FOUND")
                    }
                } else {
                    result = .failure(.timedOut)
                }
            }
            log.append("answer \(request.method) \(request.path) \(soql(request)) → \(Self.summary(result))")
            let before = frame
            let effects = model.handle(response: result, for: id)
            for effect in effects {
                if case .send(let sent) = effect, sent.method == .DELETE || sent.method == .PATCH {
                    Issue.record("an answer sent a write; \(context)")
                }
            }
            try deliverEffects(effects, afterKey: nil, frameBefore: before)
            for gone in names.indices
            where !server.contains(gone) && model.confirmedDeletedIDs.contains(Fixtures.id(gone)) {
                deletedForGood.insert(Fixtures.id(gone))
            }
            drawFrame()
            try checkFrame()
        }

        func soql(_ request: RestRequest) -> String {
            request.queryItems.first { $0.name == "q" }?.value ?? ""
        }

        static func summary(_ result: Result<RestResponse, RestClientError>) -> String {
            switch result {
            case .success(let response): return "\(response.status)"
            case .failure(let error): return "\(error)".prefix(40).description
            }
        }

        /// Draws the frame as the app does and reads what it shows.
        mutating func drawFrame() {
            var buffer = CellBuffer(width: width, height: height)
            ContactListScreen(model: model).render(area: buffer.area, buffer: &buffer)
            let lines = buffer.lines
            let layout = ScreenLayout(screen: buffer.area, model: model)
            var highlighted: String?
            if layout.area(of: .list) != nil {
                for y in 0..<height {
                    let cell = buffer[1, y]
                    let drawnSelected =
                        cell.style == Theme.selectedRow || model.fieldEditor.map { !$0.inDetail } == true
                    guard drawnSelected, let position = model.shownPosition(atScreenRow: y),
                        position == model.viewport.selection
                    else { continue }
                    highlighted = model.shownRecord(at: position).id
                }
            }
            if case .detail(let detail) = model.modes.mode, layout.area(of: .detail) != nil {
                highlighted = detail.record.id
            }
            let text = lines.joined(separator: "\n")
            frame = Frame(
                lines: lines, highlighted: highlighted,
                showsWait: text.contains("Reading the fields") || text.contains("reading the fields")
                    || model.bulkDeletePrompt != nil || model.fieldEditor != nil,
                alertShown: layout.area(of: .alert) != nil,
                promptRecords: layout.area(of: .prompt) != nil
                    ? model.bulkDeletePrompt.map { Set($0.records.map(\.id)) } : nil,
                editorRecord: model.fieldEditor?.record.id,
                tooSmall: layout.isTooSmall)
        }

        /// The invariants of every frame.
        func checkFrame() throws {
            let shown = model.dataRows.map(\.id)
            try #require(Set(shown).count == shown.count, "a row shows twice; \(context)")
            let pending = model.deleteRequests.values.map(\.record.id)
            try #require(Set(pending).count == pending.count, "a record is pending twice; \(context)")
            try #require(Set(shown).isDisjoint(with: pending), "a pending record is shown; \(context)")
            try #require(Set(shown).isDisjoint(with: deletedForGood), "a deleted record came back; \(context)")
            if let editor = model.fieldEditor {
                try #require(editor.record.id == editTarget, "the editor is not on `e`'s record; \(context)")
            }
            if model.shownCount > 0 {
                try #require(model.viewport.selection < model.shownCount, "the selection is past the rows; \(context)")
            }
        }
    }
}
