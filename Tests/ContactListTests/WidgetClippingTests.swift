import Testing

@testable import ContactList

@Suite("Widgets draw only inside their rect")
struct WidgetClippingTests {
    /// The cell every test buffer starts filled with, to see what a widget touched.
    static let marker = Cell(grapheme: "#", style: Style(color: .warning, bold: true, reverse: true))

    static func markedBuffer(width: Int = 70, height: Int = 24) -> CellBuffer {
        var buffer = CellBuffer(width: width, height: height)
        for y in 0..<height { for x in 0..<width { buffer[x, y] = marker } }
        return buffer
    }

    /// Every widget, in states that fill their area: wide and hostile names, long messages, long filters.
    static func widgets() -> [(name: String, widget: any Widget)] {
        var model = Fixtures.model(
            records: [
                Fixtures.contact(0, name: "山田太郎😀山田太郎😀"), Fixtures.contact(1, name: "\u{1B}]52;c;AAAA\u{7}Eve\u{202E}"),
            ] + (2..<40).map { Fixtures.contact($0, name: String(repeating: "Maximilian ", count: $0 % 5 + 1)) },
            client: Fixtures.client())
        _ = model.handle(key: .character("d"))
        let record = model.dataRows[0]
        let fields = (0..<30).map {
            DetailState.Field(name: "Field\($0) 山田", value: String(repeating: "value 😀 ", count: $0))
        }
        let long = String(repeating: "a long message, 山田太郎, that wraps ", count: 8)
        var help = model
        help.modes.mode = .help
        var detail = model
        detail.modes.mode = .detail(DetailState(record: record, content: .fields(fields)))
        var alerting = model
        alerting.notices.alerts = [Alert(title: "Cannot delete item", message: long), Alert(title: "b", message: "c")]
        var filtering = model
        _ = Fixtures.type("/山田太郎😀" + String(repeating: "x", count: 80), into: &filtering)
        return [
            ("header", HeaderView(title: "contact-tui · 山田太郎😀 " + long)),
            ("list", ListView(model: model)),
            ("status", StatusLine(model: model)),
            ("key hints", KeyHintBar(model: model)),
            ("filter bar", FilterBar(field: TextField("山田太郎😀" + long), matchCount: 12_345)),
            ("detail, loading", DetailView(detail: DetailState(record: record), spinnerFrame: 3)),
            (
                "detail, fields",
                DetailView(detail: DetailState(record: record, content: .fields(fields)), spinnerFrame: 0)
            ),
            (
                "detail, failed",
                DetailView(detail: DetailState(record: record, content: .failed(long)), spinnerFrame: 0)
            ),
            ("alert", AlertView(alerts: alerting.notices.alerts)),
            ("help", HelpOverlay()),
            ("too small", TooSmallNotice(minimumWidth: 40, minimumHeight: 8)),
            (
                "panel",
                Panel(
                    title: long, badge: "1 of 9", lines: [(long, Theme.alert)], footer: long, style: Theme.alert,
                    maxContentWidth: 200)
            ),
            ("screen, list", ContactListScreen(model: model)),
            ("screen, help", ContactListScreen(model: help)),
            ("screen, detail", ContactListScreen(model: detail)),
            ("screen, alert", ContactListScreen(model: alerting)),
            ("screen, filter", ContactListScreen(model: filtering)),
        ]
    }

    @Test(
        "no widget writes a cell outside its rect",
        arguments: [
            Rect(x: 5, y: 3, width: 50, height: 16), Rect(x: 7, y: 2, width: 40, height: 8),
            Rect(x: 9, y: 4, width: 13, height: 5), Rect(x: 1, y: 1, width: 1, height: 1),
            Rect(x: 30, y: 10, width: 3, height: 2), Rect(x: 3, y: 3, width: 0, height: 6),
            Rect(x: 3, y: 3, width: 20, height: 0), Rect(x: 60, y: 20, width: 40, height: 10),
        ])
    func staysInside(area: Rect) {
        for (name, widget) in Self.widgets() {
            var buffer = Self.markedBuffer()
            widget.render(area: area, buffer: &buffer)
            var outside: [String] = []
            for y in 0..<buffer.height {
                for x in 0..<buffer.width where !area.contains(x: x, y: y) && buffer[x, y] != Self.marker {
                    outside.append("(\(x), \(y))")
                }
            }
            #expect(outside.isEmpty, "\(name) in \(area) wrote outside it at \(outside.prefix(5))")
        }
    }

    @Test("a widget in a small rect is cut at its edges, wide graphemes whole")
    func clipped() {
        let model = Fixtures.model(
            records: [Fixtures.contact(0, name: "山田太郎😀"), Fixtures.contact(1)], client: Fixtures.client(),
            query: "SELECT Id, Name, Email FROM Contact")
        var buffer = Self.markedBuffer(width: 30, height: 6)
        ListView(model: model).render(area: Rect(x: 4, y: 1, width: 20, height: 4), buffer: &buffer)
        // The list draws its text only (a frame starts blank); the selected row is filled across the rect.
        #expect(
            buffer.lines == [
                "##############################",
                "#####Name#######Email#########",
                "#### 山田太郎…  c0@exam…######",
                "#####Contact …##c1@exam…######",
                "##############################",
                "##############################",
            ])
        // The selected row is reversed across the rect only.
        #expect((4..<24).allSatisfy { buffer[$0, 2].style == Theme.selectedRow })
        #expect(buffer[3, 2] == Self.marker && buffer[24, 2] == Self.marker)
    }

    @Test("the status line and key hints in a narrow rect end in an ellipsis or drop optional hints")
    func narrowBars() {
        let model = Fixtures.loadedModel(count: 3)
        var buffer = Self.markedBuffer(width: 30, height: 2)
        StatusLine(model: model).render(area: Rect(x: 2, y: 0, width: 12, height: 1), buffer: &buffer)
        KeyHintBar(model: model).render(area: Rect(x: 2, y: 1, width: 20, height: 1), buffer: &buffer)
        #expect(buffer.lines == ["## 3 of 3 loa…################", "## ? help  q quit     ########"])
    }
}
