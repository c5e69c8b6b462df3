import Testing

@testable import ContactList

/// Column widths follow the loaded content: a phone number keeps the cells it needs, the
/// room left over goes to Name, and the widths do not move while scrolling.
@Suite("Column widths")
struct ColumnWidthTests {
    static let name = "Alexandra Montgomery-Smythe"  // 27
    static let title = "Senior Vice President, Global Partnerships and Alliances"  // 56, measured as 40
    static let email = "alexandra.montgomery-smythe@example.com"  // 39
    static let phone = "(555) 555-0100"  // 14
    static let account = "Northwind Traders International"  // 31

    static func model(rows: Int = 3, visibleRows: Int = 5) -> ContactListModel {
        Fixtures.model(
            records: (0..<rows).map { index in
                var record = Fixtures.contact(index, name: index == 0 ? name : "Ann \(index)")
                record["Title"] = index == 0 ? title : "CEO"
                record["Email"] = index == 0 ? email : "ann@example.com"
                record["Phone"] = phone
                record["Account"] = ["attributes": ["type": "Account"], "Name": index == 0 ? account : "Acme"]
                return record
            }, visibleRows: visibleRows)
    }

    static func lines(_ model: ContactListModel, width: Int) -> [String] {
        ListView(model: model).frame(width: width, height: 4).text.components(separatedBy: "\n")
    }

    /// A row as the list draws it: one space, then each cell padded to its width, two apart.
    static func row(_ cells: [String], _ widths: [Int]) -> String {
        let padded = zip(cells, widths).map { DisplayWidth.pad(DisplayWidth.truncate($0, toWidth: $1), toWidth: $1) }
        var line = " " + padded.joined(separator: "  ")
        while line.hasSuffix(" ") { line.removeLast() }
        return line
    }

    static let cells = [name, title, email, phone, account]
    /// The fixture's query ends `ORDER BY Name`, so Name's heading shows ▲ from the start.
    static let headings = ["Name ▲", "Title", "Email", "Phone", "Account Name"]

    /// The lines of the sample list at `width`, its heading and first row checked against `widths`.
    static func checkedLines(
        width: Int, widths: [Int], sourceLocation: SourceLocation = #_sourceLocation
    ) -> [String] {
        let lines = Self.lines(model(), width: width)
        #expect(lines[0] == row(headings, widths), sourceLocation: sourceLocation)
        #expect(lines[1] == row(cells, widths), sourceLocation: sourceLocation)
        return lines
    }

    @Test("at 160 columns every column is as wide as its content (long titles capped at 40)")
    func wide() {
        let widths = [27, 40, 39, 14, 31]
        let lines = Self.checkedLines(width: 160, widths: widths)
        #expect(lines[1].contains("Senior Vice President, Global Partnersh…  alexandra"))
        #expect(lines[2] == Self.row(["Ann 1", "CEO", "ann@example.com", Self.phone, "Acme"], widths))
    }

    @Test("at 250 columns the room left over goes to Name")
    func wider() {
        let lines = Self.checkedLines(width: 250, widths: [27 + 90, 40, 39, 14, 31])
        #expect(lines[1].count == 250)
    }

    @Test("at 80 columns the widest columns give way first and the phone number keeps its 14 cells")
    func narrow() {
        let lines = Self.checkedLines(width: 80, widths: [15, 14, 14, 14, 14])
        #expect(lines[1].contains("  (555) 555-0100  "))
    }

    @Test("without a Name column the first column takes the room left over")
    func noName() {
        let model = Fixtures.model(
            records: [Fixtures.contact(0)], query: "SELECT Id, Email, Title FROM Contact", visibleRows: 3)
        let widths = ColumnLayout.widths(for: model.run.columns, contentWidths: model.contentWidths, totalWidth: 99)
        #expect(widths == [99 - 2 - 7, 7])
    }

    @Test("the widths come from every loaded row, so scrolling never moves them; a new page may")
    func stableWhileScrolling() {
        // The long values are on the first row only; scrolling it out of view keeps the widths.
        var model = Self.model(rows: 40, visibleRows: 3)
        let before = Self.lines(model, width: 160)[0]
        for _ in 0..<30 {
            _ = model.handle(key: .character("j"))
            #expect(Self.lines(model, width: 160)[0] == before)
        }
        _ = model.handle(key: .character("G"))
        #expect(Self.lines(model, width: 160)[0] == before)
    }
}
