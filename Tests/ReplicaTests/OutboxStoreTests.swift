import Foundation
import RestCore
import TestSupport
import Testing

@testable import Replica

@Suite("OutboxStore: changes written before they are sent")
struct OutboxStoreTests {
    let folder: TemporaryFolder
    let outbox: OutboxStore

    init() throws {
        folder = try TemporaryFolder()
        outbox = try #require(OutboxStore.open(at: folder.file()).store)
    }

    @Test("every kind and state round-trips, oldest first")
    func kindsAndStatesRoundTrip() throws {
        var written: [OutboxEntry] = []
        for (number, kind) in OutboxEntry.Kind.allCases.enumerated() {
            for (offset, state) in OutboxEntry.State.allCases.enumerated() {
                let entry = OutboxEntry(
                    requestID: "request-\(kind)-\(state)", kind: kind, objectType: "Contact",
                    recordID: kind == .create ? nil : "003\(number)\(offset)",
                    payload: ["LastName": .string("Zoë"), "Amount": .number(1.5), "DoNotCall": .bool(true)],
                    state: state, createdAt: Date(timeIntervalSince1970: Double(number * 10 + offset)))
                try outbox.add(entry)
                written.append(entry)
            }
        }
        #expect(try outbox.entries() == written)
    }

    @Test("a change moves through its states and is gone once settled")
    func stateAndRemoval() throws {
        let first = OutboxEntry(
            requestID: "r1", kind: .delete, objectType: "Contact", recordID: "003A",
            createdAt: Date(timeIntervalSince1970: 1_795_000_000.5))
        let second = OutboxEntry(
            requestID: "r2", kind: .update, objectType: "Contact", recordID: "003B",
            payload: ["Phone": .null], createdAt: Date(timeIntervalSince1970: 1_795_000_001.25))
        try outbox.add(first)
        try outbox.add(second)
        try outbox.setState(.sent, of: "r1")
        try outbox.setState(.unknown, of: "r1")
        #expect(try outbox.entries().map(\.state) == [.unknown, .queued])
        try outbox.remove("r1")
        #expect(try outbox.entries().map(\.requestID) == ["r2"])
        try outbox.remove("not there")
        try outbox.setState(.conflict, of: "not there")
        #expect(try outbox.entries() == [second])
        try outbox.removeAll()
        #expect(try outbox.entries() == [])
    }

    @Test("the outbox survives closing and opening again")
    func durableAcrossOpens() throws {
        let entry = OutboxEntry(
            requestID: "r1", kind: .undelete, objectType: "Contact", recordID: "003A", state: .sent,
            createdAt: Date(timeIntervalSince1970: 7))
        try outbox.add(entry)
        try outbox.close()
        let again = try #require(OutboxStore.open(at: folder.file()).store)
        #expect(try again.entries() == [entry])
    }
}
