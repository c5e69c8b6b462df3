import RestCore
import TestSupport
import Testing

@testable import ContactList

/// The incremental filter (byte search over the folded index, narrowing, kept sets for
/// Backspace) against matching every row from scratch, on random rows and random typing.
@Suite("Filter: incremental against full matching")
struct FilterPropertyTests {
    /// Pieces of names: ASCII, accents precomposed and combining, CJK, controls, NUL, a Kelvin
    /// sign, a joiner, so that both the byte path and the string path are taken.
    static let pieces = [
        "Ann", "anna", "ANN", "Zoë", "ZOE", "zoe\u{301}", "Chloé", "山田", "太郎", "Åsa", "e\u{301}", "\u{0}", "\r\n",
        "\u{212A}elvin", "a\u{200D}b", "ß", "Strasse", " ", "-", "12", "(555) 555-0100", "ｚｏｅ", "\u{1B}[31m",
    ]
    /// What the user types: letters, digits, accents, a combining mark alone, a space.
    static let typed: [Character] = [
        "a", "n", "e", "z", "o", "k", "s", "1", "2", " ", "-", "ë", "é", "\u{301}", "山", "A", "Z", "ß", "5",
    ]

    static func name(_ random: inout SeededGenerator) -> String {
        (0..<Int.random(in: 0...3, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    static func record(_ index: Int, _ random: inout SeededGenerator) -> [String: Any] {
        var record = Fixtures.contact(index, name: name(&random))
        record["Title"] = name(&random)
        record["Email"] = name(&random)
        return record
    }

    @Test("after every key, page and delete the shown rows are those a full match finds", arguments: 0..<40)
    func incrementalEqualsFull(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var model = ContactListModel(query: Fixtures.query, origin: "o", requests: Fixtures.client())
        model.visibleRowCount = Int.random(in: 1...6, using: &random)
        var nextIndex = 0
        func page(last: Bool) -> Result<RestResponse, RestClientError> {
            let count = Int.random(in: 0...25, using: &random)
            defer { nextIndex += count }
            return Fixtures.page(
                (nextIndex..<(nextIndex + count)).map { Self.record($0, &random) }, totalSize: 1000,
                nextRecordsUrl: last ? nil : "/services/data/v66.0/query/01gX-\(nextIndex)")
        }
        var outstanding = Fixtures.sentRequests(model.start())
        _ = model.handle(response: page(last: false), for: outstanding.removeFirst().id)
        _ = model.handle(key: .character("/"))
        for _ in 0..<150 {
            var effects: [ContactListEffect] = []
            switch Int.random(in: 0..<20, using: &random) {
            case 0..<9: effects = model.handle(key: .character(Self.typed.randomElement(using: &random)!))
            case 9..<13: effects = model.handle(key: .backspace)
            case 13: effects = model.handle(key: .down)
            case 14:
                // Leave the filter, delete the selected row, and filter again.
                _ = model.handle(key: .enter)
                effects = model.handle(key: .character("d"))
                effects += model.handle(key: .character("/"))
            case 15:
                // Rows come back, some only after the filter is cleared and typed again.
                _ = model.handle(key: .escape)
                effects = model.handle(key: .character("/"))
                effects += Fixtures.type(
                    String(
                        (0..<Int.random(in: 0...3, using: &random)).map { _ in Self.typed.randomElement(using: &random)!
                        }),
                    into: &model)
            default:
                // The server answers one request: a page, or a delete that succeeds or fails.
                guard !outstanding.isEmpty else { continue }
                let request = outstanding.remove(at: Int.random(in: 0..<outstanding.count, using: &random))
                let answer: Result<RestResponse, RestClientError>
                if request.method == .DELETE {
                    answer = Bool.random(using: &random) ? Fixtures.noContent : Fixtures.deleteFailed
                } else {
                    answer = page(last: nextIndex > 300)
                }
                effects = model.handle(response: answer, for: request.id)
                while !model.notices.alerts.isEmpty { _ = model.handle(key: .enter) }
            }
            outstanding += Fixtures.sentRequests(effects)
            try Self.expectFullMatch(model, seed: seed)
        }
    }

    static func expectFullMatch(_ model: ContactListModel, seed: UInt64) throws {
        guard let filter = model.filter else { return }
        let reference = RowFilter(query: filter.query)
        let expected = model.dataRows.indices.filter {
            reference.matches(model.dataRows[$0], columns: model.run.columns)
        }
        #expect(filter.matches == expected, "seed \(seed), query \(filter.query.debugDescription)")
        if filter.matches != expected { throw TestFailure.mismatch }
    }

    enum TestFailure: Error { case mismatch }

    @Test("a typed character narrows, Backspace takes back the earlier set, and both match like a full scan")
    func typingAndBackspace() {
        var model = Fixtures.model(names: ["Ann Lee", "Anna Zoë", "Bob", "ZOE", "Chloé", "Zoe Ann"])
        _ = Fixtures.type("/zo", into: &model)
        #expect((0..<model.shownCount).map { model.shownRecord(at: $0).displayName } == ["Anna Zoë", "ZOE", "Zoe Ann"])
        _ = Fixtures.type("e a", into: &model)
        #expect((0..<model.shownCount).map { model.shownRecord(at: $0).displayName } == ["Zoe Ann"])
        for _ in 0..<3 { _ = model.handle(key: .backspace) }
        #expect((0..<model.shownCount).map { model.shownRecord(at: $0).displayName } == ["Anna Zoë", "ZOE", "Zoe Ann"])
        _ = model.handle(key: .backspace)
        _ = model.handle(key: .backspace)
        #expect(model.shownCount == 6)
    }
}
