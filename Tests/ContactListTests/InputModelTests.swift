import Testing

@testable import ContactList

/// Pastes, clicks, the filter's editing keys, the too-small notice and alerts, as the model takes them.
@Suite("Input in the model")
struct InputModelTests {
    /// Whether the effects quit the app.
    static func quits(_ effects: [ContactListEffect]) -> Bool {
        effects.contains { if case .quit = $0 { true } else { false } }
    }

    @Test("a paste goes whole into the filter as one line; its letters and newline never act as keys")
    func pasteIntoFilter() {
        var model = Fixtures.model(names: ["Ava Andrew", "Ava Lee", "Bob"])
        _ = model.handle(key: .character("/"))
        let effects = model.handle(key: .paste("ava\nandrew"))
        #expect(Fixtures.sentRequests(effects).isEmpty)
        #expect(model.modes.isEditingFilter)
        #expect(model.filter?.query == "ava andrew")
        #expect(model.shownCount == 1)
        #expect(model.dataRows.count == 3 && model.deleteRequests.isEmpty)
    }

    @Test("outside a text field a paste does nothing, and the status line says so")
    func pasteOutsideFilter() {
        var model = Fixtures.model(names: ["Ava Andrew", "Bob"])
        let effects = model.handle(key: .paste("dddr\nq"))
        #expect(effects.isEmpty)
        #expect(model.dataRows.count == 2 && model.viewport.selection == 0 && model.filter == nil)
        #expect(StatusLine(model: model).text.contains("Paste ignored"))
    }

    @Test("←/→, Home/End, Ctrl-U and Ctrl-W edit the filter in place")
    func filterEditing() {
        var model = Fixtures.model(names: ["Ann Lee", "Ann Smith", "Bob Lee"])
        _ = model.handle(key: .character("/"))
        _ = Fixtures.type("lee", into: &model)
        #expect(model.shownCount == 2)
        for key: Key in [.home, .character("a"), .character("n"), .character("n"), .character(" ")] {
            _ = model.handle(key: key)
        }
        #expect(model.filter?.query == "ann lee" && model.shownCount == 1)
        _ = model.handle(key: .end)
        _ = model.handle(key: .control("w"))
        #expect(model.filter?.query == "ann " && model.shownCount == 2)
        _ = model.handle(key: .left)
        _ = model.handle(key: .control("u"))
        #expect(model.filter?.query == " " && model.modes.filterField.cursor == 0)
        _ = model.handle(key: .right)
        _ = model.handle(key: .backspace)
        #expect(model.filter?.query == "" && model.shownCount == 3)
        #expect(model.modes.isEditingFilter)
    }

    @Test("while the terminal is too small only q and Ctrl-C count")
    func tooSmall() {
        var model = Fixtures.loadedModel(count: 20)
        model.isTerminalTooSmall = true
        for key: Key in [
            .character("d"), .delete, .character("r"), .enter, .character("j"), .character("/"), .click(x: 3, y: 4),
            .doubleClick(x: 3, y: 4), .paste("d"), .character("?"),
        ] {
            #expect(model.handle(key: key).isEmpty, "\(key)")
        }
        #expect(
            model.dataRows.count == 20 && model.viewport.selection == 0 && model.modes.mode == .list
                && !model.modes.isEditingFilter)
        #expect(Self.quits(model.handle(key: .character("q"))))
        #expect(Self.quits(model.handle(key: .control("c"))))
        model.isTerminalTooSmall = false
        #expect(!model.handle(key: .character("d")).isEmpty)
    }

    @Test("a click selects the row under it, below the header and headings, in a scrolled list")
    func click() {
        var model = Fixtures.loadedModel(count: 50, visibleRows: 10)
        _ = model.handle(key: .click(x: 5, y: ScreenLayout.firstListRow + 3))
        #expect(model.viewport.selection == 3)
        _ = model.handle(key: .character("G"))
        #expect(model.viewport.scrollOffset == 40)
        _ = model.handle(key: .click(x: 5, y: ScreenLayout.firstListRow))
        #expect(model.viewport.selection == 40)
        // The header, the headings and the rows below the list do not move the selection.
        for y in [0, ScreenLayout.firstListRow - 1, ScreenLayout.firstListRow + 10] {
            _ = model.handle(key: .click(x: 5, y: y))
            #expect(model.viewport.selection == 40, "y \(y)")
        }
        #expect(model.modes.mode == .list)
    }

    @Test("a click past the last row does nothing; a double-click opens the row's details")
    func doubleClick() {
        var model = Fixtures.loadedModel(count: 3, visibleRows: 10)
        _ = model.handle(key: .click(x: 5, y: ScreenLayout.firstListRow + 5))
        #expect(model.viewport.selection == 0)
        let effects = model.handle(key: .doubleClick(x: 5, y: ScreenLayout.firstListRow + 2))
        #expect(model.viewport.selection == 2)
        #expect(Fixtures.sentRequests(effects).count == 1)
        guard case .detail(let detail) = model.modes.mode else {
            Issue.record("the details did not open")
            return
        }
        #expect(detail.record.id == Fixtures.id(2))
    }

    @Test("the list's first row is where the layout draws it")
    func firstListRow() {
        let layout = ScreenLayout(screen: Rect(width: 80, height: 24))
        #expect(layout.area(of: .list)?.y == ScreenLayout.firstListRow - ListView.headingRows)
    }

    @Test("one key dismisses every waiting alert, and the alert's hint names it")
    func dismissAll() {
        var model = Fixtures.loadedModel(count: 5)
        model.notices.alerts = (1...5).map { Alert(title: "Cannot delete item", message: "failure \($0)") }
        var buffer = CellBuffer(width: 80, height: 24)
        AlertView(alerts: model.notices.alerts).render(area: buffer.area, buffer: &buffer)
        #expect(buffer.lines.contains { $0.contains("a dismiss all") })
        #expect(KeyHintBar(model: model).text(width: 80).contains("a dismiss all"))
        _ = model.handle(key: .enter)
        #expect(model.notices.alerts.count == 4)
        _ = model.handle(key: .character("a"))
        #expect(model.notices.alerts.isEmpty)
        #expect(model.dataRows.count == 5)
    }

    @Test("Ctrl-C quits from every mode")
    func controlC() {
        var base = Fixtures.loadedModel(count: 5)
        var models: [String: ContactListModel] = ["list": base]
        var help = base
        _ = help.handle(key: .character("?"))
        models["help"] = help
        var detail = base
        _ = detail.handle(key: .enter)
        models["detail"] = detail
        var filtering = base
        _ = filtering.handle(key: .character("/"))
        models["filter"] = filtering
        base.notices.alerts = [Alert(title: "t", message: "m")]
        models["alert"] = base
        var small = Fixtures.loadedModel(count: 5)
        small.isTerminalTooSmall = true
        models["too small"] = small
        for (name, var model) in models {
            #expect(Self.quits(model.handle(key: .control("c"))), "\(name)")
        }
    }
}
