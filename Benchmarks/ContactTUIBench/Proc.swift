import Foundation
import Glibc

/// Reads process figures from /proc.
enum Proc {
    /// VmRSS of `pid` in bytes (0 when unknown).
    static func residentBytes(of pid: pid_t) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            let kilobytes = line.split(separator: " ").compactMap { Int($0) }.first ?? 0
            return kilobytes * 1024
        }
        return 0
    }

    /// Bytes `pid` has written through write system calls, sockets included (`wchar`), or 0.
    static func bytesWritten(by pid: pid_t) -> Int {
        guard let io = try? String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8) else { return 0 }
        return io.split(separator: "\n").first { $0.hasPrefix("wchar:") }
            .flatMap { Int($0.dropFirst("wchar:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
    }

    /// utime + stime of `pid` in clock ticks.
    static func cpuTicks(of pid: pid_t) -> Int? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // Fields after the command name: state is field 3, utime 14, stime 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }

    /// CPU time of the calling thread, in seconds.
    static func threadCPUSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
