import Testing

@testable import ContactList

/// The key bar shows the keys that act on what is on screen.
@Suite("The key bar")
struct KeyHintBarTests {
    static func bar(_ model: ContactListModel, width: Int = 120) -> String {
        ContactListScreen(model: model).frame(width: width, height: 12).text.components(separatedBy: "\n")
            .last ?? ""
    }

    @Test("with marks it says what d will delete, even on a narrow screen; u takes it back to d delete")
    func marksSayWhatDeleteDoes() {
        var model = Fixtures.loadedModel(count: 5)
        for _ in 0..<3 { _ = model.handle(key: .character(" ")) }
        #expect(Self.bar(model).contains("d delete 3 marked"))
        #expect(Self.bar(model).contains("w write 3"))
        #expect(Self.bar(model, width: 50).contains("d delete 3 marked"))
        _ = model.handle(key: .character("u"))
        #expect(!Self.bar(model).contains("marked"))
        #expect(Self.bar(model).contains("d delete"))
    }

    @Test("a read-only session's marks are refused, so the bar never offers d")
    func readOnlyHasNoDelete() {
        var model = Fixtures.loadedModel(count: 3, client: Fixtures.client(readOnly: true))
        _ = model.handle(key: .character(" "))
        #expect(!Self.bar(model).contains("d delete"))
    }

    @Test("in the query bar and the path line, their own keys show, never the list's")
    func editorsShowTheirKeys() {
        var model = Fixtures.loadedModel(count: 3)
        _ = model.handle(key: .character("w"))
        let pathLine = KeyHintBar(model: model).text(width: 200)
        #expect(pathLine.contains("Enter write") && pathLine.contains("Esc cancel"))
        #expect(!pathLine.contains("d delete"))
        _ = model.handle(key: .escape)
        _ = model.handle(key: .character(":"))
        let queryBar = KeyHintBar(model: model).text(width: 200)
        #expect(queryBar.contains("Enter run") && queryBar.contains("↑/↓ history"))
        #expect(!queryBar.contains("d delete"))
    }
}
