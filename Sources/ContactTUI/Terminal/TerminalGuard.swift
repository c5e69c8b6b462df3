import Glibc

/// Restores the terminal on every way out: signals that ask the app to quit
/// are turned into wake-ups of the event loop (so the loop ends normally), and
/// fatal signals put the terminal back into its saved mode before the process dies.
enum TerminalGuard {
    // Signal handlers cannot capture context; these are written once before the
    // handlers are installed and only read by them afterwards.
    nonisolated(unsafe) private static var wakeDescriptor: Int32 = -1
    nonisolated(unsafe) private static var savedMode = termios()
    nonisolated(unsafe) private static var hasSavedMode = false

    /// Signals that end the app cleanly through the event loop.
    static let quitSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    /// Signals after which the process cannot continue.
    static let fatalSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

    /// Saves the terminal mode and installs the handlers; `wakeDescriptor`
    /// receives one byte, the signal number, for each quit signal.
    static func install(wakeDescriptor descriptor: Int32) {
        wakeDescriptor = descriptor
        hasSavedMode = tcgetattr(STDIN_FILENO, &savedMode) == 0
        for signal in quitSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                var byte = UInt8(truncatingIfNeeded: signal)
                _ = write(TerminalGuard.wakeDescriptor, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(signal, &action, nil)
        }
        for signal in fatalSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                TerminalGuard.restoreAfterCrash()
                Glibc.signal(signal, SIG_DFL)
                raise(signal)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)
            sigaction(signal, &action, nil)
        }
    }

    /// Puts the handlers back to their defaults once the terminal is restored.
    static func uninstall() {
        for signal in quitSignals + fatalSignals { Glibc.signal(signal, SIG_DFL) }
        wakeDescriptor = -1
    }

    /// Async-signal-safe: only tcsetattr and write.
    private static func restoreAfterCrash() {
        if hasSavedMode { _ = tcsetattr(STDIN_FILENO, TCSANOW, &savedMode) }
        // Leave the alternate screen, show the cursor, reset attributes.
        let reset: StaticString = "\u{1B}[?1049l\u{1B}[?25h\u{1B}[0m\r\n"
        _ = write(STDOUT_FILENO, reset.utf8Start, reset.utf8CodeUnitCount)
    }
}
