import Foundation
import Testing

/// The invariants of ARCHITECTURE.md that the compiler does not already enforce through
/// `Package.swift`'s dependency lists, checked on the sources as text.
@Suite("Architecture: what may import what")
struct ImportRuleTests {
    /// The repository's root, from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every Swift file below `folder` (relative to the root), with its text.
    static func sources(in folder: String) throws -> [(path: String, text: String)] {
        let base = root.appendingPathComponent(folder)
        let paths = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
        return try paths.filter { $0.hasSuffix(".swift") }.sorted().map { path in
            (folder + "/" + path, try String(contentsOf: base.appendingPathComponent(path), encoding: .utf8))
        }
    }

    /// The Swift files below `folder` whose text matches `pattern` (a regular expression, per line).
    static func offenders(in folder: String, _ pattern: String) throws -> [String] {
        let expression = try Regex(pattern).anchorsMatchLineEndings()
        return try sources(in: folder).filter { $0.text.contains(expression) }.map(\.path)
    }

    @Test("the sources are where this test looks for them")
    func sourcesAreFound() throws {
        #expect(try Self.sources(in: "Sources/RestCore").count > 10)
        #expect(try Self.sources(in: "Sources/MockOrg/Engine").count > 10)
    }

    @Test("RestCore spawns no process")
    func restCoreSpawnsNothing() throws {
        #expect(
            try Self.offenders(in: "Sources/RestCore", #"\bProcess\(|posix_spawn|\bfork\(|\bexecv|^import Subprocess"#)
                == [])
    }

    @Test("RestCore reads no environment: the app passes proxies and certificates as values")
    func restCoreReadsNoEnvironment() throws {
        #expect(try Self.offenders(in: "Sources/RestCore", #"processInfo\.environment|\bgetenv\(|\bsetenv\("#) == [])
    }

    @Test("nothing but the executable and the tests imports MockOrg")
    func onlyTheExecutableImportsMockOrg() throws {
        let folders = try FileManager.default.contentsOfDirectory(
            atPath: Self.root.appendingPathComponent("Sources").path)
        for folder in folders where folder != "ContactTUI" && folder != "MockOrg" {
            #expect(
                try Self.offenders(in: "Sources/" + folder, #"^(@testable )?import MockOrg\b"#) == [], "in \(folder)")
        }
        #expect(try Self.offenders(in: "Benchmarks", #"^import MockOrg\b"#) == [])
    }

    @Test("the executable writes to standard error in one place, which sanitises every line")
    func oneWayToStandardError() throws {
        #expect(
            try Self.offenders(
                in: "Sources/ContactTUI", #"FileHandle\.standardError|STDERR_FILENO|\bfputs\(|\bfprintf\(|&stderr\b"#)
                == ["Sources/ContactTUI/Output/StandardError.swift"])
    }

    @Test("ContactList never sees ncurses or MockOrg")
    func contactListDrawsOnlyCells() throws {
        #expect(try Self.offenders(in: "Sources/ContactList", #"^import (CNcurses|MockOrg|Hummingbird)\b"#) == [])
    }

    @Test("ContactList never imports Replica, and Replica never handles a credential")
    func replicaBoundaries() throws {
        #expect(try Self.offenders(in: "Sources/ContactList", #"^(@testable )?import Replica\b"#) == [])
        #expect(
            try Self.offenders(
                in: "Sources/Replica", #"(?i)access_?token|refresh_?token|authorization|^import Credentials"#) == [])
    }

    @Test("MockOrg's engine does not import Hummingbird (NIO's ByteBuffer is its one wire type)")
    func engineKnowsNoHTTP() throws {
        #expect(try Self.offenders(in: "Sources/MockOrg/Engine", #"^import (Hummingbird|HTTPTypes|NIOHTTP1)\b"#) == [])
    }

    @Test("SOQL and JSONKit import nothing but the standard library")
    func sharedTargetsStandAlone() throws {
        for folder in ["Sources/SOQL", "Sources/JSONKit"] {
            #expect(
                try Self.offenders(in: folder, #"^(public |package |internal )?import "#) == [],
                "in \(folder)")
        }
    }
}
