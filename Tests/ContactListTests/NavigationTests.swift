import RestCore
import Testing

@testable import ContactList

@Suite("Keys of the list")
struct NavigationTests {
    @Test("pages, ends and the wheel move the selection and keep it in view")
    func moves() async {
        // Each step presses its keys, then expects the selection and, where given, the scroll offset.
        let steps: [(keys: [Key], selection: Int, scrollOffset: Int?)] = [
            ([.pageDown], 10, nil),
            ([.control("f")], 20, 11),
            ([.control("b"), .pageUp], 0, nil),
            ([.character("G")], 49, 40),
            ([.character("g")], 0, 0),
            ([.wheelDown], 3, nil),
            ([.wheelUp], 0, nil),
            ([.end, .home], 0, nil),
        ]
        var model = Fixtures.loadedModel(count: 50, visibleRows: 10)
        for step in steps {
            for key in step.keys { _ = model.handle(key: key) }
            #expect(model.viewport.selection == step.selection, "after \(step.keys)")
            if let scrollOffset = step.scrollOffset {
                #expect(model.viewport.scrollOffset == scrollOffset, "after \(step.keys)")
            }
        }
    }

    @Test("a smaller terminal keeps the selection visible")
    func resize() async {
        var model = Fixtures.loadedModel(count: 50, visibleRows: 20)
        _ = model.handle(key: .pageDown)
        #expect(model.viewport.selection == 20)
        model.visibleRowCount = 4
        #expect(model.viewport.scrollOffset <= 20 && 20 < model.viewport.scrollOffset + 4)
    }

    @Test("/ filters case- and accent-insensitively, n and N wrap, Esc clears")
    func filter() async {
        var model = Fixtures.model(names: ["Zoë Ångström", "Bob", "ZOE Smith", "Chloé"])
        _ = model.handle(key: .character("/"))
        #expect(model.modes.isEditingFilter)
        _ = Fixtures.type("zoe", into: &model)
        #expect((0..<model.shownCount).map { model.shownRecord(at: $0).id } == [Fixtures.id(0), Fixtures.id(2)])
        _ = model.handle(key: .backspace)
        _ = model.handle(key: .backspace)
        _ = model.handle(key: .backspace)
        _ = Fixtures.type("ANGSTR", into: &model)
        #expect(model.shownCount == 1)
        _ = model.handle(key: .backspace)
        while model.filter?.query.isEmpty == false { _ = model.handle(key: .backspace) }
        _ = Fixtures.type("oe", into: &model)
        #expect(model.shownCount == 3)
        _ = model.handle(key: .enter)
        #expect(!model.modes.isEditingFilter)
        #expect(model.viewport.selection == 0)
        _ = model.handle(key: .character("N"))
        #expect(model.selectedRecord?.id == Fixtures.id(3))
        _ = model.handle(key: .character("n"))
        #expect(model.selectedRecord?.id == Fixtures.id(0))
        _ = model.handle(key: .character("n"))
        #expect(model.selectedRecord?.id == Fixtures.id(2))
        _ = model.handle(key: .escape)
        #expect(model.filter == nil)
        #expect(model.shownCount == 4)
        #expect(model.selectedRecord?.id == Fixtures.id(2))
    }

    @Test(
        "deleting inside a filter removes the right record, and a rollback respects the filter and keeps the selection")
    func deleteInFilter() async throws {
        var model = Fixtures.model(names: ["Ann", "Bob", "Anna", "Annie"])
        _ = model.handle(key: .character("/"))
        _ = Fixtures.type("ann", into: &model)
        _ = model.handle(key: .enter)
        _ = model.handle(key: .down)
        let request = try #require(Fixtures.sentRequests(model.handle(key: .character("d"))).first)
        #expect(model.deleteRequests[request.id]?.record.id == Fixtures.id(2))
        #expect(model.selectedRecord?.id == Fixtures.id(3))
        _ = model.handle(response: Fixtures.deleteFailed, for: request.id)
        #expect(
            (0..<model.shownCount).map { model.shownRecord(at: $0).id } == [
                Fixtures.id(2), Fixtures.id(0), Fixtures.id(3),
            ])
        #expect(model.selectedRecord?.id == Fixtures.id(3))
    }

    @Test("Enter opens the detail view with a retrieve of all fields; Esc goes back")
    func detail() async throws {
        var model = Fixtures.loadedModel(count: 3)
        _ = model.handle(key: .down)
        let request = try #require(Fixtures.sentRequests(model.handle(key: .enter)).first)
        #expect(request.method == .GET)
        #expect(request.path.hasSuffix("/sobjects/Contact/\(Fixtures.id(1))"))
        #expect(model.needsAnimation)
        _ = model.handle(response: Fixtures.retrieved(1), for: request.id)
        guard case .detail(let detail) = model.modes.mode, case .fields(let fields) = detail.content else {
            Issue.record("expected the fields of the record, got \(model.modes.mode)")
            return
        }
        #expect(fields.first?.name == "Id")
        #expect(fields.contains { $0.name == "Department" && $0.value == "Sales" })
        #expect(fields.contains { $0.name == "Account.Name" && $0.value == "Account 1" })
        _ = model.handle(key: .character("q"))
        #expect(model.modes.mode == .list)
    }

    @Test("? shows the help; any key closes it; Ctrl-C quits from anywhere")
    func help() async {
        var model = Fixtures.loadedModel(count: 3)
        _ = model.handle(key: .character("?"))
        #expect(model.modes.mode == .help)
        #expect(model.handle(key: .character("q")).isEmpty)
        #expect(model.modes.mode == .list)
        _ = model.handle(key: .character("?"))
        #expect(model.handle(key: .control("c")).contains { if case .quit = $0 { true } else { false } })
    }

    @Test("a failed retrieve says why in the detail view")
    func detailFailure() throws {
        var model = Fixtures.loadedModel(count: 3)
        let request = try #require(Fixtures.sentRequests(model.handle(key: .enter)).first)
        _ = model.handle(response: .failure(.timedOut), for: request.id)
        let lines = ContactListScreen(model: model).frame(width: 60, height: 10).text.components(separatedBy: "\n")
        #expect(lines[2] == " The request timed out.")
        #expect(!model.needsAnimation)
    }

    @Test("the spinner turns only while something is in flight, so an idle app sleeps")
    func idle() throws {
        var model = ContactListModel(query: Fixtures.query, origin: "o", requests: Fixtures.client())
        let first = try #require(Fixtures.sentRequests(model.start()).first)
        #expect(model.needsAnimation)
        _ = model.handle(response: Fixtures.page((0..<3).map { Fixtures.contact($0) }), for: first.id)
        #expect(!model.needsAnimation)
        let delete = try #require(Fixtures.sentRequests(model.handle(key: .character("d"))).first)
        #expect(model.needsAnimation)
        _ = model.handle(response: Fixtures.noContent, for: delete.id)
        #expect(!model.needsAnimation)
    }
}
