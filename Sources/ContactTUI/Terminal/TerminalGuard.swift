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
    nonisolated(unsafe) private static var ncursesResizeAction = sigaction()
    nonisolated(unsafe) private static var ncursesResizeHandlerIsSet = false

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

    /// Wakes the event loop on SIGWINCH after ncurses' own handler has run.
    ///
    /// ncurses owns SIGWINCH: its handler only notes the resize, and `get_wch`
    /// then returns `KEY_RESIZE`. But the signal may be delivered to any thread,
    /// and only a signal to the UI thread interrupts its `poll()`; so, once
    /// ncurses has installed its handler (after `newterm`), this wraps it to also
    /// write a zero byte (a plain wake-up, not a quit) to the wake-up pipe.
    static func chainResizeSignal() {
        var current = sigaction()
        guard sigaction(SIGWINCH, nil, &current) == 0 else { return }
        ncursesResizeAction = current
        // SIG_DFL is 0 and SIG_IGN is 1: anything else is ncurses' handler.
        ncursesResizeHandlerIsSet =
            current.sa_flags & SA_SIGINFO == 0
            && unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) > 1
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in
            if TerminalGuard.ncursesResizeHandlerIsSet {
                TerminalGuard.ncursesResizeAction.__sigaction_handler.sa_handler?(signal)
            }
            var byte: UInt8 = 0
            _ = write(TerminalGuard.wakeDescriptor, &byte, 1)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(SIGWINCH, &action, nil)
    }

    /// Puts the handlers back to their defaults once the terminal is restored.
    static func uninstall() {
        for signal in quitSignals + fatalSignals { Glibc.signal(signal, SIG_DFL) }
        if ncursesResizeHandlerIsSet { sigaction(SIGWINCH, &ncursesResizeAction, nil) }
        wakeDescriptor = -1
    }

    /// Async-signal-safe: only tcsetattr and write.
    private static func restoreAfterCrash() {
        if hasSavedMode { _ = tcsetattr(STDIN_FILENO, TCSANOW, &savedMode) }
        // Leave the alternate screen, show the cursor, reset attributes, and turn off
        // bracketed paste and mouse reports.
        let reset: StaticString =
            "\u{1B}[?1049l\u{1B}[?25h\u{1B}[0m\u{1B}[?2004l\u{1B}[?1000l\u{1B}[?1006l\r\n"
        _ = write(STDOUT_FILENO, reset.utf8Start, reset.utf8CodeUnitCount)
    }
}
