import Testing

@testable import ContactList

@Suite("Rect")
struct RectTests {
    let area = Rect(x: 2, y: 3, width: 10, height: 6)

    @Test("a rect never has a negative size")
    func neverNegative() {
        #expect(Rect(x: 1, y: 1, width: -4, height: -1) == Rect(x: 1, y: 1, width: 0, height: 0))
        #expect(area.inner(horizontal: 6, vertical: 4) == Rect(x: 8, y: 7, width: 0, height: 0))
    }

    @Test("inner takes a margin from each side")
    func inner() {
        #expect(area.inner(horizontal: 1) == Rect(x: 3, y: 3, width: 8, height: 6))
        #expect(area.inner(horizontal: 2, vertical: 1) == Rect(x: 4, y: 4, width: 6, height: 4))
    }

    @Test("rows and splits are cut to the rows the rect has")
    func rows() {
        #expect(area.row(0) == Rect(x: 2, y: 3, width: 10, height: 1))
        #expect(area.row(5) == Rect(x: 2, y: 8, width: 10, height: 1))
        #expect(area.row(6).height == 0)
        #expect(area.rows(4..<20) == Rect(x: 2, y: 7, width: 10, height: 2))
        #expect(area.split(top: 1) == (Rect(x: 2, y: 3, width: 10, height: 1), Rect(x: 2, y: 4, width: 10, height: 5)))
        #expect(
            area.split(bottom: 2) == (Rect(x: 2, y: 3, width: 10, height: 4), Rect(x: 2, y: 7, width: 10, height: 2)))
        #expect(area.split(top: 9).rest == Rect(x: 2, y: 9, width: 10, height: 0))
        #expect(area.split(bottom: 9).rest == Rect(x: 2, y: 3, width: 10, height: 0))
    }

    @Test("the intersection is what both cover, empty when they do not meet")
    func intersection() {
        #expect(area.intersection(Rect(x: 0, y: 0, width: 5, height: 5)) == Rect(x: 2, y: 3, width: 3, height: 2))
        #expect(area.intersection(Rect(x: 20, y: 0, width: 5, height: 5)).width == 0)
        #expect(area.contains(x: 2, y: 3) && area.contains(x: 11, y: 8))
        #expect(!area.contains(x: 12, y: 8) && !area.contains(x: 11, y: 9) && !area.contains(x: 1, y: 3))
    }
}
