import RestCore
import Testing

@testable import ContactList

@Suite("Marks and bulk delete")
struct BulkDeleteTests {
    /// Marks the rows at `positions`, presses `d` and `y`; returns the collection requests sent.
    static func bulkDelete(_ positions: [Int], in model: inout ContactListModel) throws -> [RestRequest] {
        Fixtures.mark(positions, in: &model)
        #expect(Fixtures.sentRequests(model.handle(key: .character("d"))).isEmpty, "nothing goes out before y")
        #expect(model.bulkDeletePrompt?.records.count == positions.count)
        return Fixtures.sentRequests(model.handle(key: .character("y")))
    }

    @Test("Space marks and moves down, Space again unmarks; * marks the filtered rows; u clears")
    func marking() throws {
        var model = Fixtures.loadedModel(count: 6)
        _ = model.handle(key: .character(" "))
        _ = model.handle(key: .character(" "))
        #expect(model.viewport.selection == 2)
        #expect(Set(model.viewport.marks.keys) == [Fixtures.id(0), Fixtures.id(1)])
        #expect(StatusLine(model: model).text.contains("2 marked"))
        _ = model.handle(key: .character("k"))
        _ = model.handle(key: .character(" "))
        #expect(Set(model.viewport.marks.keys) == [Fixtures.id(0)])
        _ = model.handle(key: .character("u"))
        #expect(model.viewport.marks.isEmpty)
        #expect(!StatusLine(model: model).text.contains("marked"))

        _ = Fixtures.type("/0003", into: &model)
        _ = model.handle(key: .enter)
        _ = model.handle(key: .character("*"))
        #expect(Set(model.viewport.marks.keys) == [Fixtures.id(3)], "the filter applies")
        _ = model.handle(key: .escape)
        #expect(model.isMarked(Fixtures.id(3)), "marks survive clearing the filter")
        let refresh = try #require(Fixtures.sentRequests(model.handle(key: .character("r"))).first)
        _ = model.handle(response: Fixtures.page((0..<6).map { Fixtures.contact($0) }), for: refresh.id)
        #expect(model.isMarked(Fixtures.id(3)), "marks survive a refresh")
        _ = model.handle(key: .character("*"))
        #expect(model.viewport.marks.count == 6)
    }

    @Test("a marked row shows its mark in the left margin, in ASCII")
    func markGlyph() {
        var model = Fixtures.loadedModel(count: 3, visibleRows: 4)
        Fixtures.mark([1], in: &model)
        let lines = ContactListScreen(model: model).frame(width: 60, height: 8).text.components(separatedBy: "\n")
        #expect(lines[2].hasPrefix(" Contact 0000"))
        #expect(lines[3].hasPrefix("*Contact 0001"))
        #expect(lines[6].contains("1 marked"))
    }

    @Test("one mark on another row than the highlighted one: d asks, naming it; y deletes it with a single DELETE")
    func oneMark() throws {
        var model = Fixtures.loadedModel(count: 4)
        Fixtures.mark([2], in: &model)
        _ = model.handle(key: .character("g"))
        #expect(Fixtures.sentRequests(model.handle(key: .character("d"))).isEmpty)
        #expect(model.bulkDeletePrompt?.namesLine == "Contact 0002")
        let sent = Fixtures.sentRequests(model.handle(key: .character("y")))
        #expect(model.bulkDeletePrompt == nil)
        #expect(sent.count == 1)
        #expect(sent.first?.path.hasSuffix("/sobjects/Contact/\(Fixtures.id(2))") == true)
        #expect(model.dataRows.map(\.id) == [0, 1, 3].map(Fixtures.id))
        #expect(model.viewport.marks.isEmpty)
    }

    @Test("several marks: d asks y/N; anything but y cancels and sends nothing", arguments: ["n", "N", "q", "d"])
    func promptCancels(answer: Character) throws {
        var model = Fixtures.loadedModel(count: 5)
        Fixtures.mark([0, 2, 4], in: &model)
        #expect(Fixtures.sentRequests(model.handle(key: .character("d"))).isEmpty)
        let frame = ContactListScreen(model: model).frame(width: 60, height: 10).text
        #expect(frame.contains("Delete 3 contacts? y/N"))
        #expect(frame.contains("y delete"))
        #expect(Fixtures.sentRequests(model.handle(key: .character(answer))).isEmpty)
        #expect(model.bulkDeletePrompt == nil)
        #expect(model.dataRows.count == 5)
        #expect(model.viewport.marks.count == 3, "the marks stay")
        #expect(model.deleteRequests.isEmpty)
        #expect(!ContactListScreen(model: model).frame(width: 60, height: 10).text.contains("Delete 3"))
    }

    @Test("y: every marked row leaves at once; one collection DELETE, allOrNone=false; all ok settles all")
    func allOK() throws {
        var model = Fixtures.loadedModel(count: 6)
        let sent = try Self.bulkDelete([1, 2, 4], in: &model)
        let request = try #require(sent.first)
        #expect(sent.count == 1)
        #expect(request.method == .DELETE)
        #expect(request.path.hasSuffix("/composite/sobjects"))
        #expect(Fixtures.collectionIDs(request) == [1, 2, 4].map(Fixtures.id))
        #expect(request.queryItems.contains { $0 == (name: "allOrNone", value: "false") })
        #expect(model.dataRows.map(\.id) == [0, 3, 5].map(Fixtures.id))
        #expect(model.deleteRequests.count == 3)
        #expect(model.viewport.marks.isEmpty)
        #expect(StatusLine(model: model).text.contains("3 deletes pending"))

        _ = model.handle(response: Fixtures.collectionResults(ids: Fixtures.collectionIDs(request)), for: request.id)
        #expect(model.deleteRequests.isEmpty)
        #expect(model.notices.alerts.isEmpty)
        #expect(model.confirmedDeletedIDs == Set([1, 2, 4].map(Fixtures.id)))
        #expect(model.dataRows.map(\.id) == [0, 3, 5].map(Fixtures.id))
        #expect(model.notices.statusMessage == "Deleted 3 contacts · U undo")
    }

    @Test(
        "mixed: deleted and already deleted settle; refused rows come back on top in order, one alert lists them; the selection stays"
    )
    func mixed() throws {
        var model = Fixtures.loadedModel(count: 8)
        let request = try #require(try Self.bulkDelete([1, 2, 3, 5, 6], in: &model).first)
        let refused = [Fixtures.id(3), Fixtures.id(6)]
        let answer = Fixtures.collectionResults(ids: Fixtures.collectionIDs(request)) { id in
            if refused.contains(id) { return ("DELETE_FAILED", "It is associated with cases.") }
            if id == Fixtures.id(2) { return ("ENTITY_IS_DELETED", "entity is deleted") }
            return nil
        }
        let selected = model.selectedRecord?.id
        _ = model.handle(response: answer, for: request.id)
        #expect(model.deleteRequests.isEmpty)
        #expect(model.dataRows.map(\.id) == [3, 6, 0, 4, 7].map(Fixtures.id))
        #expect(model.selectedRecord?.id == selected, "the rows put back do not take the selection")
        #expect(model.confirmedDeletedIDs == Set([1, 2, 5].map(Fixtures.id)))
        #expect(model.notices.alerts.count == 1)
        let alert = try #require(model.notices.alerts.first)
        #expect(alert.title == "Cannot delete item")
        #expect(alert.entryCount == 2)
        #expect(
            alert.details == [
                "Contact 0003 was not deleted: It is associated with cases.",
                "Contact 0006 was not deleted: It is associated with cases.",
            ])
        #expect(model.notices.statusMessage == "Deleted 3 contacts; 2 not deleted · U undo")
    }

    @Test("201 marks: two requests of 200 and 1; refusals of both join one alert")
    func twoRequests() throws {
        var model = Fixtures.loadedModel(count: 205)
        for _ in 0..<201 { _ = model.handle(key: .character(" ")) }
        #expect(model.viewport.marks.count == 201)
        _ = model.handle(key: .character("d"))
        let sent = Fixtures.sentRequests(model.handle(key: .character("y")))
        #expect(sent.map { Fixtures.collectionIDs($0).count } == [200, 1])
        #expect(sent.flatMap(Fixtures.collectionIDs) == (0..<201).map(Fixtures.id))
        #expect(model.dataRows.count == 4)
        #expect(model.deleteRequests.count == 201)
        for request in sent.reversed() {
            let ids = Fixtures.collectionIDs(request)
            _ = model.handle(
                response: Fixtures.collectionResults(ids: ids) { $0 == ids.last ? ("DELETE_FAILED", "cases") : nil },
                for: request.id)
        }
        #expect(model.deleteRequests.isEmpty)
        #expect(model.notices.alerts.count == 1)
        #expect(model.notices.alerts.first?.entryCount == 2)
        #expect(model.dataRows.prefix(2).map(\.id) == [Fixtures.id(199), Fixtures.id(200)])
    }

    @Test("a refusal of the whole request puts every row back, one alert entry each")
    func wholeRequestRefused() throws {
        var model = Fixtures.loadedModel(count: 4)
        let request = try #require(try Self.bulkDelete([0, 2], in: &model).first)
        _ = model.handle(
            response: Fixtures.refusal(403, "INSUFFICIENT_ACCESS_OR_READONLY", "no access"), for: request.id)
        #expect(model.dataRows.map(\.id) == [0, 2, 1, 3].map(Fixtures.id))
        #expect(model.notices.alerts.count == 1)
        #expect(model.notices.alerts.first?.entryCount == 2)
        #expect(model.deleteRequests.isEmpty)
    }

    /// Marks the first 201 of 205 rows and deletes them: two collection requests, of 200 and 1.
    /// `journalsChanges`: with a durable outbox, where a request that never left queues.
    static func twoRequestBulkDelete(
        journalsChanges: Bool = false
    ) throws
        -> (ContactListModel, RestRequest, RestRequest)
    {
        var model = Fixtures.loadedModel(count: 205)
        model.journalsChanges = journalsChanges
        for _ in 0..<201 { _ = model.handle(key: .character(" ")) }
        _ = model.handle(key: .character("d"))
        let sent = Fixtures.sentRequests(model.handle(key: .character("y")))
        try #require(sent.count == 2)
        return (model, sent[0], sent[1])
    }

    @Test("a request that fails whole after another settled: the status counts the whole bulk delete")
    func wholeRequestFailsAfterAnother() throws {
        var (model, first, second) = try Self.twoRequestBulkDelete()
        _ = model.handle(response: Fixtures.collectionResults(ids: Fixtures.collectionIDs(first)), for: first.id)
        #expect(model.notices.statusMessage == "Deleted 200 contacts")
        _ = model.handle(
            response: Fixtures.refusal(500, "UNKNOWN_EXCEPTION", "An unexpected error occurred."), for: second.id)
        #expect(model.notices.statusMessage == "Deleted 200 contacts; 1 not deleted · U undo")
        #expect(model.dataRows.first?.id == Fixtures.id(200), "the refused row is back on top")
        #expect(model.notices.alerts.count == 1)
        #expect(model.notices.alerts.first?.details == ["Contact 0200 was not deleted: An unexpected error occurred."])
        #expect(model.deleteRequests.isEmpty)
        #expect(model.changes.bulkTallies.isEmpty)
    }

    @Test("a request refused whole before the other settles: both outcomes stay on the status line")
    func wholeRequestFailsFirst() throws {
        var (model, first, second) = try Self.twoRequestBulkDelete()
        _ = model.handle(
            response: .failure(.transportFailed(host: "127.0.0.1", reason: "connection refused")), for: second.id)
        #expect(model.notices.statusMessage == "Could not delete 1 contact")
        #expect(model.notices.alerts.first?.details == ["Could not reach 127.0.0.1; Contact 0200 was not deleted."])
        _ = model.handle(response: Fixtures.collectionResults(ids: Fixtures.collectionIDs(first)), for: first.id)
        #expect(model.notices.statusMessage == "Deleted 200 contacts; 1 not deleted · U undo")
        #expect(model.notices.alerts.count == 1)
    }

    @Test("a lost reply after another request settled: a check with no answer either keeps it pending and counted")
    func lostReplyAfterAnother() throws {
        var (model, first, second) = try Self.twoRequestBulkDelete()
        _ = model.handle(response: Fixtures.collectionResults(ids: Fixtures.collectionIDs(first)), for: first.id)
        let read = try #require(
            Fixtures.sentRequests(model.handle(response: .failure(.timedOut), for: second.id)).first)
        #expect(
            model.notices.statusMessage == "Deleted 200 contacts; no answer; checking whether 1 contact was deleted…")
        _ = model.handle(response: .failure(.timedOut), for: read.id)
        #expect(
            model.notices.statusMessage
                == "No answer to the check of the delete of 1 contact either: whether they were deleted is unknown; "
                + "r checks again.")
        #expect(!model.dataRows.contains { $0.id == Fixtures.id(200) }, "nothing put back without an answer")
        #expect(model.deleteRequests.count == 1 && model.notices.alerts.isEmpty)
        #expect(model.changes.bulkTallies.values.map(\.pending) == [1])
        let again = try #require(Self.checkSentAgain(&model))
        _ = model.handle(response: Fixtures.page([]), for: again.id)
        #expect(model.deleteRequests.isEmpty && model.changes.bulkTallies.isEmpty)
        #expect(model.confirmedDeletedIDs.contains(Fixtures.id(200)))
    }

    /// Presses `r` and returns the check of a bulk delete it sends again (its `SELECT Id … IN`).
    static func checkSentAgain(_ model: inout ContactListModel) -> RestRequest? {
        Fixtures.sentRequests(model.handle(key: .character("r"))).first {
            $0.queryItems.first { $0.name == "q" }?.value.contains("WHERE Id IN") == true
        }
    }

    @Test("a lost reply is reconciled with one SELECT Id … WHERE Id IN query: listed comes back, absent settles")
    func lostReply() throws {
        var model = Fixtures.loadedModel(count: 5)
        let request = try #require(try Self.bulkDelete([1, 2, 3], in: &model).first)
        let read = try #require(
            Fixtures.sentRequests(model.handle(response: .failure(.timedOut), for: request.id)).first)
        let soql = read.queryItems.first { $0.name == "q" }?.value
        #expect(
            soql == "SELECT Id FROM Contact WHERE Id IN ('\(Fixtures.id(1))','\(Fixtures.id(2))','\(Fixtures.id(3))')")
        #expect(model.deleteRequests.count == 3, "still pending, still hidden")
        #expect(model.dataRows.map(\.id) == [0, 4].map(Fixtures.id))
        _ = model.handle(
            response: Fixtures.page([["attributes": ["type": "Contact"], "Id": Fixtures.id(2)]]), for: read.id)
        #expect(model.deleteRequests.isEmpty)
        #expect(model.dataRows.map(\.id) == [2, 0, 4].map(Fixtures.id))
        #expect(model.confirmedDeletedIDs == [Fixtures.id(1), Fixtures.id(3)])
        #expect(model.notices.alerts.first?.details == ["The server did not answer; Contact 0002 was not deleted."])
    }

    @Test("a lost reply whose check gets no answer either: the deletes stay pending, hidden, until r checks again")
    func lostReplyReadFails() throws {
        var model = Fixtures.loadedModel(count: 5)
        let request = try #require(try Self.bulkDelete([1, 3], in: &model).first)
        let read = try #require(
            Fixtures.sentRequests(
                model.handle(response: .failure(.transportFailed(host: "h", reason: "reset")), for: request.id)
            ).first)
        _ = model.handle(response: .failure(.timedOut), for: read.id)
        #expect(model.deleteRequests.count == 2)
        #expect(model.dataRows.map(\.id) == [0, 2, 4].map(Fixtures.id))
        #expect(model.notices.alerts.isEmpty)
        let again = try #require(Self.checkSentAgain(&model))
        #expect(
            again.queryItems.first { $0.name == "q" }?.value == read.queryItems.first { $0.name == "q" }?.value,
            "the same check")
        _ = model.handle(
            response: Fixtures.page([["attributes": ["type": "Contact"], "Id": Fixtures.id(3)]]), for: again.id)
        #expect(model.deleteRequests.isEmpty)
        #expect(model.confirmedDeletedIDs == [Fixtures.id(1)])
        #expect(model.notices.alerts.first?.details == ["The server did not answer; Contact 0003 was not deleted."])
    }

    @Test("an answer that cannot be read is reconciled, not guessed")
    func unreadableAnswer() throws {
        var model = Fixtures.loadedModel(count: 3)
        let request = try #require(try Self.bulkDelete([0, 1], in: &model).first)
        let sent = Fixtures.sentRequests(
            model.handle(response: Fixtures.collectionResults(ids: [Fixtures.id(0)]), for: request.id))
        #expect(sent.first?.queryItems.first { $0.name == "q" }?.value.hasPrefix("SELECT Id FROM Contact") == true)
        #expect(model.deleteRequests.count == 2)
    }

    @Test("quitting while a bulk delete is in flight waits for it")
    func quitWaits() throws {
        var model = Fixtures.loadedModel(count: 4)
        let request = try #require(try Self.bulkDelete([0, 1], in: &model).first)
        #expect(model.handle(key: .character("q")).isEmpty)
        #expect(model.notices.statusMessage.contains("2 changes still in flight"))
        _ = model.handle(response: Fixtures.collectionResults(ids: Fixtures.collectionIDs(request)), for: request.id)
        let effects = model.quitWhenSettled()
        #expect(effects.count == 1)
        if case .quit = effects.first {} else { Issue.record("expected quit") }
    }

    @Test("--read-only: marks are refused at the key, d asks nothing, nothing leaves")
    func readOnly() throws {
        var model = Fixtures.loadedModel(count: 4, client: Fixtures.client(readOnly: true))
        Fixtures.mark([0, 1], in: &model)
        #expect(model.viewport.marks.isEmpty)
        #expect(model.notices.statusMessage.contains("--read-only"))
        #expect(Fixtures.sentRequests(model.handle(key: .character("d"))).isEmpty)
        #expect(model.bulkDeletePrompt == nil)
        #expect(model.dataRows.count == 4)
        #expect(model.notices.statusMessage.contains("--read-only"))
    }

    @Test("a long alert scrolls with j/k and shows where it is")
    func longAlertScrolls() throws {
        var model = Fixtures.loadedModel(count: 30, visibleRows: 6)
        _ = model.handle(key: .character("*"))
        _ = model.handle(key: .character("d"))
        let request = try #require(Fixtures.sentRequests(model.handle(key: .character("y"))).first)
        _ = model.handle(
            response: Fixtures.collectionResults(ids: Fixtures.collectionIDs(request)) { _ in ("DELETE_FAILED", "x") },
            for: request.id)
        #expect(model.notices.alerts.first?.entryCount == 30)
        let top = ContactListScreen(model: model).frame(width: 60, height: 10).text
        #expect(top.contains("30 contacts were not deleted"))
        #expect(top.contains("j/k scroll"))
        _ = model.handle(key: .character("G"))
        let bottom = ContactListScreen(model: model).frame(width: 60, height: 10).text
        #expect(bottom.contains("Contact 0029 was not deleted"))
        #expect(!bottom.contains("30 contacts were not deleted"))
        #expect(bottom.contains("32/32"))
        _ = model.handle(key: .character("g"))
        #expect(model.viewport.alertScrollOffset == 0)
        _ = model.handle(key: .enter)
        #expect(model.notices.alerts.isEmpty)
    }
}
