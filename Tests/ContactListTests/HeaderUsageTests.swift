import RestCore
import Testing

@testable import ContactList

/// The header shows the org's API usage on the right, in the warning colour from 90%.
@Suite("API usage in the header")
struct HeaderUsageTests {
    static func render(_ usage: APIUsage?, width: Int = 60) -> CellBuffer {
        var buffer = CellBuffer(width: width, height: 1)
        HeaderView(title: "contact-tui · example.my.salesforce.com · v66.0", usage: usage)
            .render(area: buffer.area, buffer: &buffer)
        return buffer
    }

    @Test func theUsageIsGroupedAndRightAligned() {
        let buffer = Self.render(APIUsage(used: 1_204, max: 15_000))
        let line = buffer.lines[0]
        #expect(line.hasSuffix(" API 1,204/15,000 "))
        #expect(line.hasPrefix(" contact-tui · example"))
        // A digit of "15,000", drawn in the header's style below 90%.
        #expect(buffer[54, 0].grapheme == "5")
        #expect(buffer[54, 0].style == Theme.header)
    }

    @Test(arguments: [(13_499, false), (13_500, true), (15_000, true)])
    func theWarningColourFromNinetyPercent(used: Int, warns: Bool) {
        let buffer = Self.render(APIUsage(used: used, max: 15_000))
        let expected = warns ? Theme.headerWarning : Theme.header
        #expect(buffer[55, 0].style == expected)
        #expect(buffer[2, 0].style == Theme.header)
    }

    @Test func withoutUsageTheTitleHasTheWholeRow() {
        let line = Self.render(nil).lines[0]
        #expect(!line.contains("API"))
        #expect(line.hasPrefix(" contact-tui · example.my.salesforce.com · v66.0"))
    }

    @Test func aNarrowRowKeepsTheTitleAndDropsTheFigure() {
        let line = Self.render(APIUsage(used: 1_204, max: 15_000), width: 30).lines[0]
        #expect(!line.contains("API"))
        #expect(line.hasPrefix(" contact-tui"))
    }
}
