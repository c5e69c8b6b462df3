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
        let badges = [QueuedBadge.created, .edited, .deleted, .restored]
        for badge in badges {
            #expect(DisplayWidth.of(badge.glyph(in: .unicode)) == 1)
            #expect(badge.glyph(in: .ascii).allSatisfy { $0.isASCII })
        }
        #expect(badges.map { $0.glyph(in: .unicode) } == ["✚", "✎", "✖", "↺"])
        #expect(badges.map { $0.glyph(in: .ascii) } == ["+", "~", "x", "u"])
    }

    @Test("the lookups by key and by record follow every append and removal, one at a time or at once")
    func lookups() {
        var state = OfflineState()
        let ids = (1...4).map { "00300000000000\($0)AAA" }
        let changes = (0..<12).map { index in
            Self.change(index % 3 == 0 ? .delete : .update(field: "F\(index)", value: "\(index)"), id: ids[index % 4])
        }
        for change in changes { state.append(change) }
        var kept = changes
        state.remove(changes[5].key)
        kept.removeAll { $0.key == changes[5].key }
        let atOnce: Set = [changes[0].key, changes[7].key, changes[11].key]
        state.remove(atOnce)
        kept.removeAll { atOnce.contains($0.key) }
        state.setState(.conflict, of: changes[9].key)
        kept[kept.firstIndex { $0.key == changes[9].key }!].state = .conflict
        #expect(state.entries == kept)
        for change in changes {
            #expect(state.entry(key: change.key) == kept.first { $0.key == change.key })
        }
        for id in ids + ["003000000000009AAA"] {
            let ofRecord = kept.filter { $0.original.id == id }
            #expect(state.entries(ofRecord: id) == ofRecord)
            #expect(state.entry(forRecord: id) == (ofRecord.first { $0.kind == .delete } ?? ofRecord.last))
        }
    }
}
