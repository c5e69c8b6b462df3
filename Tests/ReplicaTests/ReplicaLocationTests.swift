import Foundation
import Testing

@testable import Replica

@Suite("Where the replica's files live")
struct ReplicaLocationTests {
    let owner = ReplicaOwner(orgID: "00D000000000001AAA", userID: "005000000000001AAA")!

    @Test("rows under XDG_CACHE_HOME, the outbox under XDG_STATE_HOME, one file per org and user")
    func xdgFolders() throws {
        let location = try #require(
            ReplicaLocation(environment: ["XDG_CACHE_HOME": "/c", "XDG_STATE_HOME": "/s", "HOME": "/h"]))
        #expect(location.rowsFile(of: owner).path == "/c/contact-tui/00D000000000001AAA-005000000000001AAA.sqlite")
        #expect(location.outboxFile(of: owner).path == "/s/contact-tui/00D000000000001AAA-005000000000001AAA.sqlite")
    }

    @Test("without the XDG variables (or with relative ones), the defaults under HOME")
    func defaults() throws {
        let location = try #require(ReplicaLocation(environment: ["HOME": "/h", "XDG_CACHE_HOME": "relative"]))
        #expect(location.cacheDirectory.path == "/h/.cache/contact-tui")
        #expect(location.stateDirectory.path == "/h/.local/state/contact-tui")
        #expect(ReplicaLocation(environment: [:]) == nil)
    }

    @Test("an owner is two Salesforce ids, never a path; file names read back")
    func ownerIsTwoIDs() {
        #expect(ReplicaOwner(orgID: "../../etc", userID: "005000000000001AAA") == nil)
        #expect(ReplicaOwner(orgID: "00D000000000001", userID: "005000000000001") != nil)
        #expect(ReplicaOwner(orgID: "00D000000000001AA.", userID: "005000000000001AAA") == nil)
        #expect(ReplicaOwner(fileName: owner.fileName) == owner)
        #expect(ReplicaOwner(fileName: owner.fileName + ".corrupt") == nil)
    }
}
