import Foundation

/// Runs the interactive loop on a thread of its own.
///
/// The loop blocks in `poll()`, which must never happen on a thread of the
/// concurrency pool; ncurses is touched by this thread only.
enum UIThread {
    static func run<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: body()) }
            thread.name = "contact-tui.ui"
            thread.stackSize = 8 << 20
            thread.start()
        }
    }
}
