import Testing

@testable import ContactList

/// The help and the detail view on terminals shorter than their text: j/k/PgUp/PgDn scroll
/// them, and they stop with their last line at the bottom, never scrolled past it.
@Suite("Help and detail scrolling")
struct ScrollingOverlayTests {
    static func frame(_ model: ContactListModel, width: Int = 60, height: Int) -> [String] {
        ContactListScreen(model: model).frame(width: width, height: height).text.components(separatedBy: "\n")
    }

    /// A model of the given screen size with the help open.
    static func helpModel(height: Int) -> ContactListModel {
        var model = Fixtures.loadedModel(
            count: 3, visibleRows: ScreenLayout(screen: Rect(width: 60, height: height)).visibleRowCount)
        _ = model.handle(key: .character("?"))
        return model
    }

    @Test("the help lists every key of the table: the wheel, the filter's, the detail's and the alerts' keys")
    func helpListsEveryKey() {
        let text = HelpOverlay.lines.map(\.text)
        for section in KeyTable.sections {
            #expect(text.contains(section.title))
            for entry in section.keys {
                #expect(text.contains { $0.hasPrefix(entry.keys) && $0.hasSuffix(entry.action) }, "\(entry)")
            }
        }
        let all = text.joined(separator: "\n")
        for key in [
            "wheel", "Enter Esc Space", "dismiss the alert", "^C", "Backspace", "PgDn", "Home End", "n N", "d Delete",
        ] {
            #expect(all.contains(key), "\(key)")
        }
    }

    @Test("a tall help fits whole in its box")
    func helpFits() {
        let model = Self.helpModel(height: HelpOverlay.lines.count + 8)
        let lines = Self.frame(model, height: HelpOverlay.lines.count + 8)
        #expect(lines.contains { $0.contains("│ List ") })
        #expect(lines.contains { $0.contains("│ ^C ") && $0.contains("quit") })
        #expect(lines.contains { $0.contains(" any key closes ─┘") })
    }

    @Test("at 60x12 the help scrolls with j, k, PgDn, PgUp, G and g, and stops at its last line")
    func helpScrolls() {
        var model = Self.helpModel(height: 12)
        let top = Self.frame(model, height: 12)
        #expect(top[1].contains("┌─ Keys ") && top[1].contains(" 6/\(HelpOverlay.lines.count) ─┐"))
        #expect(top[3].contains("│ List "))
        #expect(top[11] == " j/k scroll  any other key closes the help")
        #expect(top.contains { $0.contains("j/k scroll · other keys close") })
        _ = model.handle(key: .character("j"))
        #expect(Self.frame(model, height: 12)[3].contains("│ j k ↓ ↑ "))
        _ = model.handle(key: .character("k"))
        #expect(Self.frame(model, height: 12) == top)
        _ = model.handle(key: .up)
        #expect(Self.frame(model, height: 12) == top, "k at the top stays at the top")

        // Far past the end: the last line sits on the box's last text row.
        for _ in 0..<100 { _ = model.handle(key: .pageDown) }
        let end = Self.frame(model, height: 12)
        #expect(model.viewport.helpScrollOffset == HelpOverlay.lines.count - 6)
        #expect(end[8].contains("│ ^L ") && end[8].contains("repaint the screen"))
        #expect(end[9].hasPrefix("       └") || end[9].contains("└"))
        _ = model.handle(key: .down)
        #expect(Self.frame(model, height: 12) == end, "j at the end stays at the end")
        _ = model.handle(key: .character("k"))
        #expect(Self.frame(model, height: 12) != end, "one k moves up at once")
        _ = model.handle(key: .character("G"))
        #expect(Self.frame(model, height: 12) == end)
        _ = model.handle(key: .pageUp)
        _ = model.handle(key: .character("g"))
        #expect(Self.frame(model, height: 12) == top)
        _ = model.handle(key: .character("x"))
        #expect(model.modes.mode == .list, "any other key closes the help")
    }

    @Test("at 50x8 the detail scrolls until its last field is on the bottom row, no further")
    func detailStopsAtItsEnd() throws {
        var model = Fixtures.loadedModel(
            count: 3, visibleRows: ScreenLayout(screen: Rect(width: 50, height: 8)).visibleRowCount)
        let request = try #require(Fixtures.sentRequests(model.handle(key: .enter)).first)
        _ = model.handle(response: Fixtures.retrieved(0), for: request.id)
        guard case .detail(let detail) = model.modes.mode, case .fields(let fields) = detail.content else {
            Issue.record("no fields")
            return
        }
        let rows = model.visibleRowCount
        #expect(fields.count > rows)
        let top = Self.frame(model, width: 50, height: 8)
        #expect(top[2].hasPrefix(" Id "))
        for _ in 0..<20 { _ = model.handle(key: .character("j")) }
        let end = Self.frame(model, width: 50, height: 8)
        let lastField = try #require(fields.last)
        #expect(end[1 + rows].hasPrefix(" \(lastField.name) "), "the last field on the bottom row")
        #expect(end[2].hasPrefix(" \(fields[fields.count - rows].name) "))
        _ = model.handle(key: .pageDown)
        #expect(Self.frame(model, width: 50, height: 8) == end)
        _ = model.handle(key: .character("k"))
        #expect(Self.frame(model, width: 50, height: 8)[1 + rows].hasPrefix(" \(fields[fields.count - 2].name)"))
        _ = model.handle(key: .end)
        #expect(Self.frame(model, width: 50, height: 8) == end)
        _ = model.handle(key: .pageUp)
        _ = model.handle(key: .pageUp)
        #expect(Self.frame(model, width: 50, height: 8) == top)
    }
}
