import Foundation

/// `ContactTUIBench run [--contact-tui PATH] [--scripts DIR] [--only STEP]` prints the benchmark
/// table: every step's rows, or with `--only` one step's (`list`, `million`, `keys`, `idle`, `json`,
/// `faults`, `bulk`, `search`, `replica`, `compression`: see `Driver.steps`); the other modes are the children
/// it starts (see `Modes`, `FaultModes`, `JSONParsing`).
enum Entry {
    static func main(_ arguments: [String]) async throws {
        // A child that exits before it reads its token must fail its step, not kill the bench.
        signal(SIGPIPE, SIG_IGN)
        func argument(_ index: Int) throws -> String {
            guard index < arguments.count else { throw BenchFailure("missing argument \(index) of \(arguments)") }
            return arguments[index]
        }
        // A token comes on standard input, a line, never in argv, where the process list shows it.
        func token() throws -> String {
            guard let line = readLine(strippingNewline: true), !line.isEmpty else {
                throw BenchFailure("no token on standard input")
            }
            return line
        }
        func option(_ name: String) -> String? {
            guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
            return arguments[index + 1]
        }
        switch arguments.first ?? "run" {
        case "bare": try await Modes.bare(bodyFile: try argument(1))
        case "keys": Modes.keys(rows: Int(try argument(1)) ?? 1000)
        case "filter": Modes.filterKeys(rows: Int(try argument(1)) ?? 100_000)
        case "edit": Modes.editKeys(rows: Int(try argument(1)) ?? 100_000)
        case "model-rss": Modes.modelRSS(rows: Int(try argument(1)) ?? 100_000)
        case "search": try await SearchMode.run(url: try argument(1), token: try token())
        case "replica": try await ReplicaMode.run(url: try argument(1), token: try token())
        case "replica-reopen":
            try await ReplicaMode.reopen(url: try argument(1), token: try token(), file: try argument(2))
        case "json-parse": try JSONParsing.run(bodyFile: try argument(1))
        case "fault-deletes":
            try await FaultModes.deletes(url: try argument(1), token: try token(), count: Int(try argument(2)) ?? 100)
        case "bulk-deletes":
            try await BulkDeleteMode.run(url: try argument(1), token: try token(), count: Int(try argument(2)) ?? 1000)
        case "cursor-expiry":
            try await FaultModes.cursorExpiry(
                url: try argument(1), token: try token(), wait: Double(try argument(2)) ?? 3)
        default:
            let selfPath = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
            let directory = URL(fileURLWithPath: selfPath).deletingLastPathComponent().path
            var driver = Driver(
                contactTUI: option("--contact-tui") ?? directory + "/contact-tui",
                scripts: option("--scripts") ?? "Benchmarks/scripts", selfPath: selfPath)
            let only = option("--only")
            if let only, !Driver.stepNames.contains(only) {
                throw BenchFailure("--only takes one of \(Driver.stepNames.joined(separator: ", ")), not \(only)")
            }
            driver.run(only: only)
        }
    }
}

do {
    try await Entry.main(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("ContactTUIBench: \(error)\n".utf8))
    exit(1)
}
