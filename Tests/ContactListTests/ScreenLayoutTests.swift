import Testing

@testable import ContactList

@Suite("Screen layout")
struct ScreenLayoutTests {
    typealias Slot = ScreenLayout.Slot

    @Test("a 40x8 list: header, list, status and key hints, one row each but the list")
    func list() {
        let layout = ScreenLayout(screen: Rect(width: 40, height: 8))
        #expect(layout.placements.map(\.slot) == [.header, .list, .status, .keyHints])
        #expect(layout.area(of: .header) == Rect(x: 0, y: 0, width: 40, height: 1))
        #expect(layout.area(of: .list) == Rect(x: 0, y: 1, width: 40, height: 5))
        #expect(layout.area(of: .status) == Rect(x: 0, y: 6, width: 40, height: 1))
        #expect(layout.area(of: .keyHints) == Rect(x: 0, y: 7, width: 40, height: 1))
        // The list's first row holds the column headings; the model scrolls by the rest.
        #expect(layout.visibleRowCount == 4)
        #expect(!layout.isTooSmall)
    }

    @Test("screenHeight(listRows:) is the height whose layout shows that many list rows")
    func screenHeightInvertsTheLayout() {
        for height in ScreenLayout.minimumHeight...40 {
            let rows = ScreenLayout(screen: Rect(width: 60, height: height)).visibleRowCount
            #expect(ScreenLayout.screenHeight(listRows: rows) == height)
        }
    }

    @Test("the detail lines up with the list's rows; the help takes the whole body")
    func detailAndHelp() throws {
        let screen = Rect(width: 100, height: 30)
        let list = try #require(ScreenLayout(screen: screen).area(of: .list))
        let record = Fixtures.loadedModel(count: 1).dataRows[0]
        let detail = ScreenLayout(screen: screen, mode: .detail(DetailState(record: record)))
        #expect(detail.placements.map(\.slot) == [.header, .detail, .status, .keyHints])
        #expect(detail.area(of: .detail) == Rect(x: 0, y: list.y + 1, width: 100, height: list.height - 1))
        #expect(detail.area(of: .detail)?.height == detail.visibleRowCount)
        let help = ScreenLayout(screen: screen, mode: .help)
        #expect(help.placements.map(\.slot) == [.header, .help, .status, .keyHints])
        #expect(help.area(of: .help) == list)
    }

    @Test("the filter being typed takes the key hints' row; an alert goes on top of the whole screen")
    func filterAndAlert() {
        let screen = Rect(width: 60, height: 12)
        let layout = ScreenLayout(screen: screen, isEditingFilter: true, hasAlert: true)
        #expect(layout.placements.map(\.slot) == [.header, .list, .status, .filterBar, .alert])
        #expect(layout.area(of: .filterBar) == Rect(x: 0, y: 11, width: 60, height: 1))
        #expect(layout.area(of: .keyHints) == nil)
        #expect(layout.area(of: .alert) == screen)
    }

    @Test(
        "under 40x8 only the too-small notice is placed",
        arguments: [
            (39, 8, 4), (40, 7, 3), (39, 7, 3), (10, 3, 1), (1, 1, 1), (0, 0, 1), (200, 7, 3), (39, 100, 96),
        ])
    func tooSmall(width: Int, height: Int, listRows: Int) {
        let layout = ScreenLayout(screen: Rect(width: width, height: height), isEditingFilter: true, hasAlert: true)
        #expect(layout.isTooSmall)
        #expect(layout.placements == [.init(slot: .tooSmall, area: Rect(width: width, height: height))])
        // The model still scrolls by the rows the list would have, and by at least one.
        #expect(layout.visibleRowCount == listRows)
    }

    @Test(
        "from 40x8 up the slots other than the alert tile the screen",
        arguments: [(40, 8), (41, 9), (100, 30), (300, 80)])
    func tiles(width: Int, height: Int) {
        let screen = Rect(x: 3, y: 2, width: width, height: height)
        for mode in [ContactListMode.list, .help] {
            let layout = ScreenLayout(screen: screen, mode: mode, hasAlert: true)
            #expect(!layout.isTooSmall)
            var covered = [Int](repeating: 0, count: width * height)
            for placement in layout.placements where placement.slot != .alert {
                #expect(placement.area.intersection(screen) == placement.area, "\(placement.slot) leaves the screen")
                for y in placement.area.y..<placement.area.bottom {
                    for x in placement.area.x..<placement.area.right {
                        covered[(y - screen.y) * width + x - screen.x] += 1
                    }
                }
            }
            #expect(covered.allSatisfy { $0 == 1 })
            #expect(layout.visibleRowCount == height - 4)
        }
    }

    @Test("the model's layout follows its mode, filter and alerts")
    func fromModel() {
        var model = Fixtures.loadedModel(count: 3)
        let screen = Rect(width: 50, height: 10)
        #expect(
            ScreenLayout(screen: screen, model: model).placements.map(\.slot) == [.header, .list, .status, .keyHints])
        _ = Fixtures.type("/x", into: &model)
        #expect(ScreenLayout(screen: screen, model: model).area(of: .filterBar) != nil)
        model.notices.alerts = [Alert(title: "t", message: "m")]
        #expect(ScreenLayout(screen: screen, model: model).placements.last?.slot == .alert)
    }
}
