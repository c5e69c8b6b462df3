import Foundation
import RestCore
import Testing

@testable import ContactList

/// One focus decides where a key goes; waits and questions hold the keys; data-changing keys act
/// on what the frame showed.
@Suite("Focus: keys go where the screen says")
struct FocusTests {
    /// A model of 30 contacts with the column cursor on Title.
    static func model(client: RestClient = Fixtures.client()) -> ContactListModel {
        var model = Fixtures.loadedModel(count: 30, client: client)
        _ = model.handle(key: .character("l"))
        return model
    }

    /// A model that pages 200 records at a time.
    static func pagedModel() -> ContactListModel {
        var model = ContactListModel(query: Fixtures.query, batchSize: 200, origin: "o", requests: Fixtures.client())
        model.visibleRowCount = 10
        return model
    }

    /// The page of an org of `total` contacts that starts at `offset`, with the cursor to the next
    /// (`…/query/01g-400`: the offset ends the path).
    static func page(from offset: Int, of total: Int) -> Result<RestResponse, RestClientError> {
        let next = offset + 200 < total ? "/services/data/v66.0/query/01g-\(offset + 200)" : nil
        return Fixtures.page(
            (offset..<min(total, offset + 200)).map { Fixtures.contact($0) }, totalSize: total, nextRecordsUrl: next)
    }

    /// Types `/` and `text`, and answers the org search it schedules with `records`.
    static func search(_ text: String, finding records: [[String: Any]], in model: inout ContactListModel) throws {
        _ = model.handle(key: .character("/"))
        var search: RestRequest?
        for character in text {
            for case .sendAfter(let request, _) in model.handle(key: .character(character)) { search = request }
        }
        let body = try JSONSerialization.data(withJSONObject: ["searchRecords": records])
        _ = model.handle(
            response: .success(RestResponse(status: 200, headers: [:], body: Array(body))), for: try #require(search).id
        )
    }

    static func writes(_ effects: [ContactListEffect]) -> [RestRequest] {
        Fixtures.sentRequests(effects).filter { $0.method.isWrite }
    }

    @Test("keys typed while e waits for the describe are dropped, and the editor opens on e's row")
    func keysDuringTheDescribeWait() throws {
        var model = Self.model()
        _ = model.handle(key: .character("j"))
        let target = try #require(model.selectedRecord)
        let describe = try #require(Fixtures.sentRequests(model.handle(key: .character("e"))).first)
        #expect(model.focus == .awaitingDescribe)
        var writes: [RestRequest] = []
        for key: Key in [.character("d"), .character("r"), .character("."), .character("j"), .delete, .enter] {
            writes += Self.writes(model.handle(key: key))
            #expect(model.focus == .awaitingDescribe)
        }
        #expect(writes.isEmpty)
        #expect(model.notices.statusMessage.contains("that key did nothing"))
        #expect(model.selectedRecord == target)
        _ = model.handle(response: EditTests.describe, for: describe.id)
        let editor = try #require(model.fieldEditor)
        #expect(editor.record.id == target.id)
        #expect(editor.field == "Title")
        #expect(editor.text.text == target.value(at: 1), "nothing typed during the wait went into the editor")
    }

    @Test("Esc during the wait cancels it: the describe then opens no editor")
    func escapeCancelsTheWait() throws {
        var model = Self.model()
        let describe = try #require(Fixtures.sentRequests(model.handle(key: .character("e"))).first)
        _ = model.handle(key: .escape)
        #expect(model.focus == .list)
        _ = model.handle(response: EditTests.describe, for: describe.id)
        #expect(model.fieldEditor == nil)
        #expect(model.focus == .list)
    }

    @Test("a failed describe ends the wait with one sentence")
    func failedDescribeEndsTheWait() throws {
        var model = Self.model()
        let describe = try #require(Fixtures.sentRequests(model.handle(key: .character("e"))).first)
        _ = model.handle(response: .failure(.timedOut), for: describe.id)
        #expect(model.focus == .list)
        #expect(model.notices.statusMessage.hasPrefix("Could not read the fields of Contact"))
    }

    @Test("an editor never opens over the bulk delete's question")
    func noEditorOverAQuestion() throws {
        var model = Self.model()
        _ = model.handle(key: .character(" "))
        _ = model.handle(key: .character(" "))
        let describe = try #require(Fixtures.sentRequests(model.handle(key: .character("e"))).first)
        // d during the wait does not ask: the wait holds the keys.
        _ = model.handle(key: .character("d"))
        #expect(model.bulkDeletePrompt == nil)
        _ = model.handle(response: EditTests.describe, for: describe.id)
        #expect(model.focus == .editor)
    }

    @Test("the key bar follows the focus: no d delete while the editor or the wait holds the keys")
    func keyBarFollowsTheFocus() throws {
        var model = Self.model()
        let describe = try #require(Fixtures.sentRequests(model.handle(key: .character("e"))).first)
        #expect(!KeyHintBar(model: model).text(width: 200).contains("d delete"))
        #expect(KeyHintBar(model: model).text(width: 200).contains("Esc cancels"))
        _ = model.handle(response: EditTests.describe, for: describe.id)
        #expect(!KeyHintBar(model: model).text(width: 200).contains("d delete"))
        #expect(KeyHintBar(model: model).text(width: 200).contains("Enter save"))
    }

    @Test("d with marks the filter hides asks, naming them and saying how many are hidden; l lists them")
    func bulkQuestionNamesHiddenMarks() throws {
        var model = Fixtures.model(names: ["Ann", "Bob", "Cy", "Dee", "Eve"])
        _ = model.handle(key: .character(" "))
        _ = model.handle(key: .character(" "))
        _ = model.handle(key: .character("/"))
        _ = Fixtures.type("Eve", into: &model)
        _ = model.handle(key: .enter)
        #expect(Self.writes(model.handle(key: .character("d"))).isEmpty)
        let prompt = try #require(model.bulkDeletePrompt)
        #expect(prompt.question == "Delete 2 contacts (2 hidden by the filter)? y/N")
        #expect(prompt.namesLine == "Ann, Bob")
        _ = model.handle(key: .character("l"))
        #expect(model.bulkDeletePrompt?.isListing == true)
        var buffer = CellBuffer(width: 80, height: 24)
        ContactListScreen(model: model).render(area: buffer.area, buffer: &buffer)
        #expect(buffer.text.contains("Delete 2 contacts (2 hidden by the filter)? y/N"))
        #expect(buffer.text.contains("y delete · j/k scroll"))
        let sent = Self.writes(model.handle(key: .character("y")))
        #expect(sent.count == 1)
        #expect(Fixtures.collectionIDs(sent[0]) == [Fixtures.id(0), Fixtures.id(1)])
    }

    @Test("the question tells namesakes apart by their Email")
    func questionTellsNamesakesApart() throws {
        var model = Fixtures.model(names: ["Abara", "Abara", "Bo"])
        _ = model.handle(key: .character("*"))
        _ = model.handle(key: .character("d"))
        #expect(
            model.bulkDeletePrompt?.namesLine == "Abara (c0@example.com), Abara (c1@example.com), Bo")
    }

    @Test("one mark that is not the highlighted row is asked about too")
    func oneHiddenMarkAsks() throws {
        var model = Fixtures.loadedModel(count: 5)
        _ = model.handle(key: .character(" "))
        #expect(Self.writes(model.handle(key: .character("d"))).isEmpty)
        #expect(model.bulkDeletePrompt?.records.map(\.id) == [Fixtures.id(0)])
        _ = model.handle(key: .character("n"))
        #expect(model.focus == .list)
        _ = model.handle(key: .character("k"))
        let sent = Self.writes(model.handle(key: .character("d")))
        #expect(sent.map(\.method) == [.DELETE])
        #expect(sent.first?.path.hasSuffix(Fixtures.id(0)) == true)
    }

    @Test("read-only refuses d, e and marks at the key, and shows it in the header, key bar and help")
    func readOnlyRefusesAtTheKey() throws {
        var model = Self.model(client: Fixtures.client(readOnly: true))
        #expect(model.isReadOnly)
        for key: Key in [.character("d"), .character("e"), .character(" "), .character("*")] {
            let effects = model.handle(key: key)
            #expect(Fixtures.sentRequests(effects).isEmpty, "\(key)")
            #expect(model.focus == .list, "\(key)")
            #expect(model.notices.statusMessage.hasPrefix("Read-only (--read-only)"), "\(key)")
        }
        #expect(model.viewport.marks.isEmpty)
        var buffer = CellBuffer(width: 120, height: 24)
        ContactListScreen(model: model).render(area: buffer.area, buffer: &buffer)
        #expect(buffer.lines[0].contains("read-only"))
        #expect(!KeyHintBar(model: model).text(width: 200).contains("d delete"))
        #expect(!HelpOverlay(isReadOnly: true).lines.contains { $0.text.hasPrefix("d Delete") })
        #expect(HelpOverlay(isReadOnly: false).lines.contains { $0.text.hasPrefix("d Delete") })
    }

    @Test("a row put back by a refused delete does not take the selection from its record")
    func reinstatedRowKeepsTheSelection() throws {
        var model = Fixtures.loadedModel(count: 20)
        let delete = try #require(Fixtures.sentRequests(model.handle(key: .character("d"))).first)
        for _ in 0..<5 { _ = model.handle(key: .character("j")) }
        let selected = try #require(model.selectedRecord)
        _ = model.handle(response: Fixtures.deleteFailed, for: delete.id)
        #expect(model.dataRows.first?.id == Fixtures.id(0), "the refused row is back on top")
        #expect(model.selectedRecord == selected)
        _ = model.handle(key: .enter)  // dismisses the alert
        let sent = Self.writes(model.handle(key: .character("d")))
        #expect(sent.first?.path.hasSuffix(selected.id) == true)
    }

    @Test("r keeps the selection on its record, past the first page of the refresh")
    func refreshKeepsTheSelectionPastThePage() throws {
        var model = Self.pagedModel()
        let page = { Self.page(from: $0, of: 600) }
        func answer(_ effects: [ContactListEffect]) {
            for request in Fixtures.sentRequests(effects) {
                let offset = request.path.split(separator: "-").last.flatMap { Int($0) } ?? 0
                answer(model.handle(response: page(offset), for: request.id))
            }
        }
        answer(model.start())
        while model.dataRows.count < 450 {
            answer(model.handle(key: .pageDown))
        }
        model.moveSelection(to: 450)
        let selected = try #require(model.selectedRecord)
        answer(model.handle(key: .character("r")))
        #expect(model.selectedRecord == selected)
        #expect(model.run.refreshStaging == nil)
    }

    @Test("Esc after an org search keeps the found record selected")
    func escapeKeepsTheFoundRecord() throws {
        var model = ContactListModel(query: Fixtures.query, batchSize: 200, origin: "o", requests: Fixtures.client())
        model.visibleRowCount = 10
        let first = try #require(Fixtures.sentRequests(model.start()).first)
        _ = model.handle(
            response: Fixtures.page((0..<5).map { Fixtures.contact($0) }, totalSize: 50, nextRecordsUrl: "/next"),
            for: first.id)
        try Self.search("Zed", finding: [Fixtures.contact(40, name: "Zed")], in: &model)
        #expect(model.selectedRecord?.id == Fixtures.id(40))
        _ = model.handle(key: .enter)
        _ = model.handle(key: .escape)
        #expect(model.filter == nil)
        #expect(model.selectedRecord?.id == Fixtures.id(40))
        let sent = Self.writes(model.handle(key: .character("d")))
        #expect(sent.first?.path.hasSuffix(Fixtures.id(40)) == true)
    }

    @Test("G with pages left asks to load them all; y loads every page and lands on the last row")
    func loadAll() throws {
        var model = Self.pagedModel()
        let page = { Self.page(from: $0, of: 650) }
        let first = try #require(Fixtures.sentRequests(model.start()).first)
        var waiting = Fixtures.sentRequests(model.handle(response: page(0), for: first.id))
        #expect(waiting.isEmpty)
        _ = model.handle(key: .character("G"))
        #expect(model.focus == .loadAllPrompt)
        var buffer = CellBuffer(width: 80, height: 24)
        ContactListScreen(model: model).render(area: buffer.area, buffer: &buffer)
        #expect(buffer.text.contains("Load all 450 remaining contacts? y/N"))
        waiting = Fixtures.sentRequests(model.handle(key: .character("y")))
        #expect(model.focus == .loadingAll)
        #expect(Fixtures.sentRequests(model.handle(key: .character("d"))).isEmpty)
        while let request = waiting.first {
            let offset = request.path.split(separator: "-").last.flatMap { Int($0) } ?? 0
            waiting = Fixtures.sentRequests(model.handle(response: page(offset), for: request.id))
        }
        #expect(model.dataRows.count == 650)
        #expect(model.focus == .list)
        #expect(model.selectedRecord?.id == Fixtures.id(649))
    }

    @Test("any key but y at the load-all question goes to the last loaded row and loads one page")
    func declineLoadAll() throws {
        var model = Self.pagedModel()
        let first = try #require(Fixtures.sentRequests(model.start()).first)
        _ = model.handle(response: Self.page(from: 0, of: 900), for: first.id)
        _ = model.handle(key: .character("G"))
        let next = Fixtures.sentRequests(model.handle(key: .character("n")))
        #expect(model.focus == .list)
        #expect(model.viewport.selection == 199)
        #expect(next.count == 1)
    }

    @Test("Esc stops loading every page")
    func escapeStopsLoadingAll() throws {
        var model = ContactListModel(query: Fixtures.query, batchSize: 200, origin: "o", requests: Fixtures.client())
        let first = try #require(Fixtures.sentRequests(model.start()).first)
        _ = model.handle(
            response: Fixtures.page((0..<200).map { Fixtures.contact($0) }, totalSize: 900, nextRecordsUrl: "/n-200"),
            for: first.id)
        _ = model.handle(key: .end)
        let next = try #require(Fixtures.sentRequests(model.handle(key: .character("y"))).first)
        _ = model.handle(key: .escape)
        #expect(model.focus == .list)
        let more = model.handle(
            response: Fixtures.page((200..<400).map { Fixtures.contact($0) }, totalSize: 900, nextRecordsUrl: "/n-400"),
            for: next.id)
        #expect(Fixtures.sentRequests(more).isEmpty, "no page after Esc")
    }

    @Test("rows of a query without Id show read-only: d, e and Enter say why")
    func rowsThatAreNotRecords() throws {
        var model = ContactListModel(
            query: "SELECT Name, Email FROM Contact", origin: "o", requests: Fixtures.client())
        let first = try #require(Fixtures.sentRequests(model.start()).first)
        let rows: [[String: Any]] = (0..<3).map {
            ["attributes": ["type": "Contact"], "Name": "N\($0)", "Email": "e\($0)@x.io"]
        }
        _ = model.handle(response: Fixtures.page(rows), for: first.id)
        #expect(model.dataRows.map { $0.value(at: 0) } == ["N0", "N1", "N2"])
        #expect(model.run.columns.map(\.title) == ["Name", "Email"])
        for key: Key in [.character("d"), .character("e"), .enter, .character(" ")] {
            #expect(Fixtures.sentRequests(model.handle(key: key)).isEmpty, "\(key)")
            #expect(model.notices.statusMessage == ContactListModel.notRecordsStatus, "\(key)")
        }
    }

    @Test("SELECT COUNT() shows the count as its one row")
    func countQuery() throws {
        var model = ContactListModel(query: "SELECT COUNT() FROM Contact", origin: "o", requests: Fixtures.client())
        let first = try #require(Fixtures.sentRequests(model.start()).first)
        _ = model.handle(response: Fixtures.page([], totalSize: 1234), for: first.id)
        #expect(model.dataRows.map { $0.value(at: 0) } == ["1234"])
    }

    @Test("an aggregate's rows show under the query's headings")
    func aggregateQuery() throws {
        var model = ContactListModel(
            query: "SELECT Account.Name, COUNT(Id) total FROM Contact GROUP BY Account.Name", origin: "o",
            requests: Fixtures.client())
        let first = try #require(Fixtures.sentRequests(model.start()).first)
        let rows: [[String: Any]] = [["attributes": ["type": "AggregateResult"], "Name": "Acme", "total": 6]]
        _ = model.handle(response: Fixtures.page(rows), for: first.id)
        #expect(model.run.columns.map(\.title) == ["Account.Name", "total"])
        #expect(model.dataRows.first?.values == ["Acme", "6"])
    }

    @Test("d and e refuse a record whose Id or object name the server made up")
    func madeUpIdentityIsRefused() throws {
        var hostile = Fixtures.contact(0)
        hostile["Id"] = "003\nrm -rf ~\n"
        var badType = Fixtures.contact(1)
        badType["attributes"] = ["type": "Contact/../../x?y=1#"]
        var model = Fixtures.model(records: [hostile, badType])
        #expect(Self.writes(model.handle(key: .character("d"))).isEmpty)
        #expect(model.notices.statusMessage == "This record's Id is not a Salesforce Id; d and e refuse it.")
        #expect(Fixtures.sentRequests(model.handle(key: .character("e"))).isEmpty)
        #expect(model.focus == .list)
        _ = model.handle(key: .character("j"))
        #expect(Self.writes(model.handle(key: .character("d"))).isEmpty)
        #expect(model.notices.statusMessage == "This record's object name is not a Salesforce name; d and e refuse it.")
        #expect(model.dataRows.count == 2)
    }

    @Test("the words follow the object")
    func wordsFollowTheObject() {
        #expect(ObjectNoun(objectType: "Contact").count(2) == "2 contacts")
        #expect(ObjectNoun(objectType: "Opportunity").count(1) == "1 opportunity")
        #expect(ObjectNoun(objectType: "Opportunity").count(3) == "3 opportunities")
        #expect(ObjectNoun(objectType: "Case").plural == "cases")
        #expect(ObjectNoun(objectType: "Invoice_Line__c").plural == "invoice lines")
        var model = ContactListModel(query: "SELECT Id, Name FROM Account", origin: "o", requests: Fixtures.client())
        // An Account list reads the describe first (what a delete takes with it), then its page.
        let describe = Fixtures.sentRequests(model.start())[0]
        let first = Fixtures.sentRequests(model.handle(response: .failure(.timedOut), for: describe.id))[0]
        _ = model.handle(response: .failure(.timedOut), for: first.id)
        #expect(model.notices.statusMessage.hasPrefix("Could not load accounts"))
    }

    @Test("a name shared by loaded rows is told apart by the Email in messages")
    func namesakesAreToldApart() throws {
        var model = Fixtures.model(names: ["Abara", "Abara", "Bo"])
        let delete = try #require(Fixtures.sentRequests(model.handle(key: .character("d"))).first)
        #expect(model.notices.statusMessage == "Deleting Abara (c0@example.com)…")
        _ = model.handle(response: Fixtures.noContent, for: delete.id)
        #expect(model.notices.statusMessage == "Deleted Abara (c0@example.com) · U undo")
        _ = model.handle(key: .character("j"))
        _ = model.handle(key: .character("d"))
        #expect(model.notices.statusMessage == "Deleting Bo…")
    }

    @Test("! shows the last messages whole, newest first")
    func messagesWhole() throws {
        var model = Fixtures.loadedModel(count: 3)
        model.now = { Date(timeIntervalSince1970: 0) }
        let long = "Could not do it: " + String(repeating: "the server's whole reason ", count: 8) + "END"
        model.showNotice("first")
        model.showNotice(long)
        _ = model.handle(key: .character("!"))
        #expect(model.focus == .messages)
        var buffer = CellBuffer(width: 100, height: 30)
        ContactListScreen(model: model).render(area: buffer.area, buffer: &buffer)
        #expect(buffer.text.contains("END"))
        let text = buffer.text
        let newest = try #require(text.range(of: "Could not do it"))
        let older = try #require(text.range(of: "first"))
        #expect(newest.lowerBound < older.lowerBound)
        _ = model.handle(key: .character("x"))
        #expect(model.focus == .list)
    }

    @Test("a saved record is read back: the org's Name and values show in the row and the detail")
    func readBackAfterSave() throws {
        var model = try EditTests.model(column: 1)
        let patch = try EditTests.edit(&model, to: "Boss")
        let read = try #require(Fixtures.sentRequests(model.handle(response: Fixtures.noContent, for: patch.id)).first)
        #expect(read.method == .GET && read.path.hasSuffix(Fixtures.id(0)))
        var record = Fixtures.contact(0, name: "Org Computed Name")
        record["Title"] = "Boss"
        let body = try JSONSerialization.data(withJSONObject: record)
        _ = model.handle(response: .success(RestResponse(status: 200, headers: [:], body: Array(body))), for: read.id)
        #expect(model.dataRows[0].value(at: 0) == "Org Computed Name")
        #expect(model.dataRows[0].value(at: 1) == "Boss")
    }
}

@Suite("Edit in the detail view")
struct DetailEditTests {
    @Test("a field edited in the detail view shows in the list's row at once")
    func detailEditShowsInTheRow() throws {
        var model = Fixtures.loadedModel(count: 3, visibleRows: 3)
        let describeKey = try #require(Fixtures.sentRequests(model.handle(key: .character("e"))).first)
        _ = model.handle(response: EditTests.describe, for: describeKey.id)
        _ = model.handle(key: .escape)
        let retrieve = try #require(Fixtures.sentRequests(model.handle(key: .enter)).first)
        let body = try JSONSerialization.data(withJSONObject: Fixtures.contact(0))
        _ = model.handle(
            response: .success(RestResponse(status: 200, headers: [:], body: Array(body))), for: retrieve.id)
        guard case .detail(let detail) = model.modes.mode, case .fields(let lines) = detail.content else {
            Issue.record("no detail")
            return
        }
        let titleLine = try #require(lines.firstIndex { $0.name == "Title" })
        for _ in 0..<titleLine { _ = model.handle(key: .down) }
        _ = model.handle(key: .character("e"))
        #expect(model.fieldEditor?.field == "Title")
        _ = model.handle(key: .control("u"))
        _ = Fixtures.type("Chief", into: &model)
        _ = model.handle(key: .enter)
        #expect(model.dataRows[0].value(at: 1) == "Chief")
    }
}

@Suite("The org search says when it was cut")
struct OrgSearchCutTests {
    @Test("an answer of as many records as a search returns says it was cut, and * says it marked only those shown")
    func cutAtTheLimit() throws {
        var model = FocusTests.pagedModel()
        let first = try #require(Fixtures.sentRequests(model.start()).first)
        _ = model.handle(response: FocusTests.page(from: 0, of: 5_000), for: first.id)
        let found = (1_000..<(1_000 + SOSLText.limit)).map { Fixtures.contact($0) }
        try FocusTests.search("Contact", finding: found, in: &model)
        #expect(model.rows.orgSearch.wasCut)
        #expect(StatusLine(model: model).text.contains("cut at 200 — refine the text"))
        _ = model.handle(key: .enter)
        _ = model.handle(key: .character("*"))
        #expect(model.viewport.marks.count == model.shownCount)
        #expect(model.notices.statusMessage.hasPrefix("Marked the \(model.shownCount) shown; more in the org match"))
    }
}

@Suite("The session's failed changes, for the exit status")
struct FailedChangeCountTests {
    @Test("refusals of a bulk delete's two requests, joined in one alert, each count")
    func bulkRefusalsCountEach() throws {
        var model = Fixtures.loadedModel(count: 250)
        _ = model.handle(key: .character("*"))
        _ = model.handle(key: .character("d"))
        let requests = Fixtures.sentRequests(model.handle(key: .character("y")))
        #expect(requests.count == 2)
        for request in requests {
            let ids = Fixtures.collectionIDs(request)
            let answer = Fixtures.collectionResults(ids: ids) { $0 == ids[0] ? ("DELETE_FAILED", "has cases") : nil }
            _ = model.handle(response: answer, for: request.id)
        }
        #expect(model.notices.alerts.count == 1)
        #expect(model.failedChangeCount == 2)
        _ = model.handle(key: .enter)
        #expect(model.failedChangeCount == 2, "dismissing the alert does not forget the failures")
    }
}

@Suite("The gate holds at the confirming key too")
struct GateAtConfirmationTests {
    @Test("a quit asked for while the bulk question is up: y deletes nothing")
    func quitDuringTheQuestion() throws {
        var model = Fixtures.loadedModel(count: 6)
        #expect(!Fixtures.sentRequests(model.handle(key: .character("d"))).isEmpty)
        _ = model.handle(key: .character(" "))
        _ = model.handle(key: .character(" "))
        _ = model.handle(key: .character("d"))
        #expect(model.focus == .bulkDeletePrompt)
        #expect(model.handle(key: .control("c")).isEmpty, "a change is in flight: the quit waits")
        #expect(Fixtures.sentRequests(model.handle(key: .character("y"))).isEmpty)
        #expect(model.notices.statusMessage.hasPrefix("Quitting: no new changes."))
    }

    @Test("a quit asked for while the editor is open: Enter saves nothing")
    func quitDuringTheEditor() throws {
        var model = try EditTests.model(column: 1)
        #expect(!Fixtures.sentRequests(model.handle(key: .character("d"))).isEmpty)
        _ = model.handle(key: .character("e"))
        #expect(model.focus == .editor)
        _ = Fixtures.type("x", into: &model)
        _ = model.handle(key: .control("c"))
        #expect(Fixtures.sentRequests(model.handle(key: .enter)).isEmpty)
    }

    @Test("a record with a made-up Id is never marked, so no bulk delete can name it")
    func madeUpIdIsNeverMarked() throws {
        var hostile = Fixtures.contact(0)
        hostile["Id"] = "003000000000000AAA,003000000000001AAA"
        var model = Fixtures.model(records: [hostile, Fixtures.contact(1), Fixtures.contact(2)])
        _ = model.handle(key: .character(" "))
        #expect(model.viewport.marks.isEmpty)
        #expect(model.notices.statusMessage == "This record's Id is not a Salesforce Id; d and e refuse it.")
        _ = model.handle(key: .character("*"))
        #expect(Set(model.viewport.marks.keys) == [Fixtures.id(1), Fixtures.id(2)])
    }
}

@Suite("Read-backs after saves")
struct ReadAfterSaveOrderTests {
    /// A retrieve answer of contact 0 with `title`.
    static func record(title: String) throws -> Result<RestResponse, RestClientError> {
        var record = Fixtures.contact(0)
        record["Title"] = title
        return .success(
            RestResponse(status: 200, headers: [:], body: Array(try JSONSerialization.data(withJSONObject: record))))
    }

    /// Saves `value` as contact 0's Title and answers the PATCH; returns the read-back it asks for.
    static func save(_ value: String, in model: inout ContactListModel) throws -> RestRequest {
        let patch = try EditTests.edit(&model, to: value)
        return try #require(Fixtures.sentRequests(model.handle(response: Fixtures.noContent, for: patch.id)).first)
    }

    @Test("an older save's read-back that arrives last does not put back its older value")
    func lateReadBackIsIgnored() throws {
        var model = try EditTests.model(column: 1)
        let first = try Self.save("Alpha", in: &model)
        let second = try Self.save("Beta", in: &model)
        _ = model.handle(response: try Self.record(title: "Beta"), for: second.id)
        _ = model.handle(response: try Self.record(title: "Alpha"), for: first.id)
        #expect(model.dataRows[0].value(at: 1) == "Beta")
    }
}

@Suite("Keys while a page loads, and the status line's click")
struct QueuedKeyTests {
    @Test("a move past the last row while its page loads is kept and made when the page arrives")
    func moveDuringLoadIsQueued() throws {
        var model = FocusTests.pagedModel()
        let first = try #require(Fixtures.sentRequests(model.start()).first)
        _ = model.handle(response: FocusTests.page(from: 0, of: 600), for: first.id)
        model.moveSelection(to: 199)
        let next = try #require(Fixtures.sentRequests(model.handle(key: .character("j"))).first)
        // Two more presses while the page is on its way: neither is lost.
        #expect(Fixtures.sentRequests(model.handle(key: .character("j"))).isEmpty)
        #expect(Fixtures.sentRequests(model.handle(key: .down)).isEmpty)
        #expect(model.viewport.selection == 199)
        _ = model.handle(response: FocusTests.page(from: 200, of: 600), for: next.id)
        #expect(model.viewport.selection == 202)
        #expect(model.selectedRecord?.id == Fixtures.id(202))
    }

    @Test("a failed page drops the moves waiting for it, and asks for nothing by itself")
    func failedPageDropsQueuedMoves() throws {
        var model = FocusTests.pagedModel()
        let first = try #require(Fixtures.sentRequests(model.start()).first)
        _ = model.handle(response: FocusTests.page(from: 0, of: 600), for: first.id)
        model.moveSelection(to: 199)
        let next = try #require(Fixtures.sentRequests(model.handle(key: .character("j"))).first)
        _ = model.handle(key: .character("j"))
        #expect(Fixtures.sentRequests(model.handle(response: .failure(.timedOut), for: next.id)).isEmpty)
        #expect(model.viewport.selection == 199)
    }

    @Test("a click on the status line opens the last messages")
    func clickOnTheStatusLine() {
        var model = Fixtures.loadedModel(count: 5)
        model.showNotice("Something worth reading whole")
        _ = model.handle(key: .click(x: 4, y: model.statusRow))
        #expect(model.focus == .messages)
        var buffer = CellBuffer(width: 80, height: ScreenLayout.screenHeight(listRows: model.visibleRowCount))
        ContactListScreen(model: model).render(area: buffer.area, buffer: &buffer)
        #expect(buffer.text.contains("Something worth reading whole"))
    }
}
