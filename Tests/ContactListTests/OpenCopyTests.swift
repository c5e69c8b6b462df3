import Foundation
import Testing

@testable import ContactList

@Suite("Open in Lightning and copy the Id")
struct OpenCopyTests {
    @Test(
        "the Lightning URL follows the instance URL's My Domain",
        arguments: [
            ("https://acme.my.salesforce.com", "https://acme.lightning.force.com"),
            ("https://ACME.my.salesforce.com/", "https://acme.lightning.force.com"),
            ("https://acme--dev.sandbox.my.salesforce.com", "https://acme--dev.sandbox.lightning.force.com"),
            ("https://acme-dev-ed.develop.my.salesforce.com", "https://acme-dev-ed.develop.lightning.force.com"),
            ("https://page-fun-1234.scratch.my.salesforce.com", "https://page-fun-1234.scratch.lightning.force.com"),
            ("https://na1.salesforce.com", "https://na1.salesforce.com"),
            ("http://127.0.0.1:8443", "http://127.0.0.1:8443"),
        ])
    func lightningURL(instance: String, origin: String) {
        #expect(
            RecordLink.lightningURL(instanceURL: instance, objectType: "Contact", id: "003000000000001AAA")
                == origin + "/lightning/r/Contact/003000000000001AAA/view")
    }

    @Test("loopback hosts are the mock org")
    func loopback() {
        #expect(RecordLink.isLoopback(instanceURL: "http://127.0.0.1:9"))
        #expect(RecordLink.isLoopback(instanceURL: "http://localhost:8080"))
        #expect(!RecordLink.isLoopback(instanceURL: "https://acme.my.salesforce.com"))
    }

    @Test("o asks to open the selected record's page; a mock org allows only a browser the user named")
    func open() throws {
        var model = Fixtures.loadedModel(count: 3)
        _ = model.handle(key: .down)
        #expect(model.handle(key: .character("o")).isEmpty)
        #expect(model.notices.statusMessage == "The org's address is not known, so the record cannot be opened.")
        model.instanceURL = "https://acme.my.salesforce.com"
        let effects = model.handle(key: .character("o"))
        guard case .open(let url, let allowsDefault) = try #require(effects.first) else {
            Issue.record("expected .open, got \(effects)")
            return
        }
        #expect(url == "https://acme.lightning.force.com/lightning/r/Contact/\(Fixtures.id(1))/view")
        #expect(allowsDefault)
        model.instanceURL = "http://127.0.0.1:9"
        guard case .open(_, let allowsDefaultOnMock) = try #require(model.handle(key: .character("o")).first) else {
            Issue.record("expected .open")
            return
        }
        #expect(!allowsDefaultOnMock)
    }

    @Test("y copies the selected Id and says so; the OSC 52 bytes carry it in base64")
    func copy() throws {
        var model = Fixtures.loadedModel(count: 3)
        let effects = model.handle(key: .character("y"))
        guard case .copy(let text) = try #require(effects.first) else {
            Issue.record("expected .copy, got \(effects)")
            return
        }
        #expect(text == Fixtures.id(0))
        #expect(model.notices.statusMessage == "Copied \(Fixtures.id(0)) to the clipboard")
        #expect(
            Array(ClipboardSequence.osc52(copying: "003xyz").utf8)
                == [0x1B, 0x5D] + Array("52;c;MDAzeHl6".utf8) + [0x07])
    }
}
