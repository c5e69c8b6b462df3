import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

@testable import MockOrg

/// The answer gate a test holds writes at: a held write is not applied until the gate opens,
/// everything else passes meanwhile, and a stopping server lets held requests go.
@Suite struct AnswerGateTests {
    static let base = "/services/data/v66.0"
    static let contact = SalesforceID.make(keyPrefix: "003", serial: 2)

    @Test func aHeldWriteIsAppliedOnlyOnceTheGateOpens() async throws {
        let gate = AnswerGate()
        var configuration = MockOrgConfiguration(contacts: 5, accessToken: "T")
        configuration.answerGate = gate
        let org = TestOrg(configuration)
        let path = Self.base + "/sobjects/Contact/" + Self.contact
        try await org.test { client in
            let delete = Task { try await client.delete(path, headers: org.authorization).status }
            try await gate.waitUntilHolding()
            // Held: not applied yet, and reads pass meanwhile.
            let whileHeld = try await client.get(path, headers: org.authorization).status
            #expect(whileHeld == 200)
            #expect(gate.arrivals == 1)
            #expect(!gate.isOpen)
            gate.open()
            gate.open()
            let deleted = try await delete.value
            #expect(deleted == 204)
            let afterwards = try await client.get(path, headers: org.authorization).status
            #expect(afterwards == 404)
            // Open for good: a later write is answered at once.
            let again = try await client.delete(path, headers: org.authorization).status
            #expect(again == 404)
            #expect(gate.arrivals == 2)
        }
    }

    @Test func onlyTheGatesMethodsUnderTheDataAPIAreHeld() {
        let gate = AnswerGate(holding: ["GET"])
        #expect(gate.matches(method: "GET", path: Self.base + "/query"))
        #expect(!gate.matches(method: "DELETE", path: Self.base + "/sobjects/Contact/" + Self.contact))
        #expect(!AnswerGate().matches(method: "POST", path: "/services/oauth2/token"))
        #expect(AnswerGate().matches(method: "PATCH", path: Self.base + "/sobjects/Contact/" + Self.contact))
        #expect(!gate.matches(method: "GET", path: "/services/oauth2/userinfo"))
        #expect(
            AnswerGate(holding: ["GET"], holdsUserInfo: true).matches(method: "GET", path: "/services/oauth2/userinfo"))
    }

    @Test func stoppingTheServerLetsAHeldRequestGo() async throws {
        let gate = AnswerGate()
        var configuration = MockOrgConfiguration(contacts: 5)
        configuration.answerGate = gate
        let server = MockOrgServer(configuration: configuration)
        let endpoint = try await server.start()
        let url = endpoint.url.appendingPathComponent("services/data/v66.0/sobjects/Contact/" + Self.contact)
        let delete = Task { try await LiveHTTP.send("DELETE", url, token: endpoint.accessToken).status }
        try await gate.waitUntilHolding()
        await server.stop()
        #expect(gate.isOpen)
        let status = try await delete.value
        #expect(status == 204)
    }
}
