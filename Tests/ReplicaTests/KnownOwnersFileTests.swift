import Foundation
import TestSupport
import Testing

@testable import Replica

@Suite("The owners remembered under a digest of the session's token")
struct KnownOwnersFileTests {
    let alice = ReplicaOwner(orgID: "00D000000000001AAA", userID: "005000000000001AAA")!
    let bob = ReplicaOwner(orgID: "00D000000000001AAA", userID: "005000000000002AAA")!

    /// A stand-in digest: 32 lowercase hex digits that differ for every short name.
    func digest(_ name: String) -> String {
        let hex = name.utf8.map { String($0, radix: 16) }.joined()
        return hex + String(repeating: "0", count: 32 - hex.count)
    }

    func file(in folder: TemporaryFolder) -> KnownOwnersFile {
        KnownOwnersFile(
            location: ReplicaLocation(
                cacheDirectory: folder.url.appendingPathComponent("contact-tui"),
                stateDirectory: folder.url.appendingPathComponent("state")))
    }

    @Test("a remembered token's digest names its owner; another token's names none")
    func remembersByDigest() throws {
        let folder = try TemporaryFolder()
        let known = file(in: folder)
        let aliceDigest = digest("00Dtoken!alice")
        #expect(known.owner(forDigest: aliceDigest) == nil)
        try known.remember(alice, forDigest: aliceDigest)
        try known.remember(bob, forDigest: digest("00Dtoken!bob"))
        #expect(known.owner(forDigest: aliceDigest) == alice)
        #expect(known.owner(forDigest: digest("00Dtoken!bob")) == bob)
        #expect(known.owner(forDigest: digest("00Dtoken!carol")) == nil)
    }

    @Test("the file is mode 0600 in a 0700 folder; a token given in place of a digest is never written")
    func privateAndTokenFree() throws {
        let folder = try TemporaryFolder()
        let known = file(in: folder)
        let token = "00D000000000001!AQEAQ.secret-session-token-value"
        try known.remember(bob, forDigest: token)
        #expect(!FileManager.default.fileExists(atPath: known.url.path))
        try known.remember(alice, forDigest: digest("alice"))
        try known.remember(bob, forDigest: token)
        try known.remember(bob, forDigest: String(token.utf8.count.description))
        #expect(try TemporaryFolder.mode(of: known.url) == 0o600)
        #expect(try TemporaryFolder.mode(of: known.url.deletingLastPathComponent()) == 0o700)
        let text = try String(contentsOf: known.url, encoding: .utf8)
        #expect(text == digest("alice") + " \(alice.orgID) \(alice.userID)\n")
        #expect(!text.contains("secret"))
    }

    @Test("only the last 20 tokens are kept, a token remembered again counting as new")
    func bounded() throws {
        let folder = try TemporaryFolder()
        let known = file(in: folder)
        let first = digest("token-0")
        try known.remember(alice, forDigest: first)
        for number in 1...KnownOwnersFile.capacity {
            try known.remember(bob, forDigest: digest("token-\(number)"))
            // token-0 is used again once, early: it is then newer than token-1.
            if number == 1 { try known.remember(alice, forDigest: first) }
        }
        let lines = try String(contentsOf: known.url, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == KnownOwnersFile.capacity)
        #expect(known.owner(forDigest: digest("token-1")) == nil)
        #expect(known.owner(forDigest: first) == alice)
        #expect(known.owner(forDigest: digest("token-20")) == bob)
        try known.remember(bob, forDigest: digest("token-21"))
        #expect(known.owner(forDigest: first) == nil)
        #expect(known.owner(forDigest: digest("token-2")) == bob)
    }

    @Test("clearing owners forgets their tokens only")
    func forgetsClearedOwners() throws {
        let folder = try TemporaryFolder()
        let known = file(in: folder)
        try known.remember(alice, forDigest: digest("a1"))
        try known.remember(bob, forDigest: digest("b1"))
        try known.remember(alice, forDigest: digest("a2"))
        try known.forget([alice])
        #expect(known.owner(forDigest: digest("a1")) == nil)
        #expect(known.owner(forDigest: digest("a2")) == nil)
        #expect(known.owner(forDigest: digest("b1")) == bob)
        try known.forget([alice, bob])
        #expect(try String(contentsOf: known.url, encoding: .utf8).isEmpty)
        #expect(try TemporaryFolder.mode(of: known.url) == 0o600)
    }

    @Test("a damaged file is an empty memory, and is rewritten whole")
    func damagedFile() throws {
        let folder = try TemporaryFolder()
        let known = file(in: folder)
        try FileManager.default.createDirectory(
            at: known.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("not a line\n../../etc x y\n\u{0}\u{1}".utf8).write(to: known.url)
        #expect(known.owner(forDigest: digest("t")) == nil)
        try known.remember(alice, forDigest: digest("t"))
        #expect(try String(contentsOf: known.url, encoding: .utf8).split(separator: "\n").count == 1)
        #expect(try TemporaryFolder.mode(of: known.url) == 0o600)
    }
}
