import Foundation
import RestCore
import Testing

@testable import ContactList

@Suite("OfflineState: the queue and the probe's back-off")
struct OfflineStateTests {
    static func change(_ kind: QueuedChange.Kind, id: String = "003000000000001AAA") -> QueuedChange {
        QueuedChange(
            key: RestRequestID(), kind: kind, original: ContactRecord(id: id, objectType: "Contact", values: []),
            state: .queued, since: Date(timeIntervalSince1970: 0))
    }

    @Test("the probe waits 2 s, then doubles, never past a minute")
    func backOff() {
        var state = OfflineState()
        let delays = (0..<8).map { _ in state.nextProbeDelay() }
        #expect(delays == [2, 4, 8, 16, 32, 60, 60, 60].map { Duration.seconds($0) })
    }

    @Test("a record's badge is its delete's when one is queued, else its latest change's; none without a change")
    func badges() {
        var state = OfflineState()
        #expect(state.badge(ofRecord: "003000000000001AAA") == nil)
        state.append(Self.change(.update(field: "Email", value: "a@b.org")))
        #expect(state.badge(ofRecord: "003000000000001AAA") == .edited)
        let delete = Self.change(.delete)
        state.append(delete)
        state.append(Self.change(.update(field: "Phone", value: "1")))
        #expect(state.badge(ofRecord: "003000000000001AAA") == .deleted)
        #expect(state.queuedDeleteIDs == ["003000000000001AAA"])
        #expect(state.remove(delete.key) == delete)
        #expect(state.badge(ofRecord: "003000000000001AAA") == .edited)
        #expect(state.badge(ofRecord: "003000000000002AAA") == nil)
    }

    @Test("each badge is one column in both repertoires")
    func glyphs() {
        for badge in [QueuedBadge.created, .edited, .deleted] {
            #expect(DisplayWidth.of(badge.glyph(in: .unicode)) == 1)
            #expect(badge.glyph(in: .ascii).allSatisfy { $0.isASCII })
        }
        #expect([QueuedBadge.created, .edited, .deleted].map { $0.glyph(in: .unicode) } == ["✚", "✎", "✖"])
        #expect([QueuedBadge.created, .edited, .deleted].map { $0.glyph(in: .ascii) } == ["+", "~", "x"])
    }
}
