import CNcurses
import ContactList
import Glibc

/// The ncurses backend: owns the screen, copies cell buffers to it and reads keys.
///
/// Only the UI thread touches it. It is the one place that imports ncurses.
final class Terminal {
    /// Why the list cannot run on this terminal; a usage error (exit 2), since `list` works anywhere.
    struct StartError: Error, CustomStringConvertible {
        var description: String
        var exitCode: Int32 { 2 }
    }

    private var screen: OpaquePointer?
    private let useColor: Bool
    private var colorEnabled = false

    private let useMouse: Bool
    /// Whether the terminal switches to an alternate screen (terminfo `smcup`); set by `start`.
    private var hasAlternateScreen = true
    /// Whether the locale's character set is UTF-8; otherwise ncursesw draws only ASCII.
    private(set) var isUTF8 = true
    /// Reads what ncurses leaves undecoded: other Home/End encodings, mouse reports, pastes.
    private var decoder = InputDecoder()
    /// Keys decoded but not yet handed out (one unit can complete two).
    private var pendingKeys: [Key] = []

    /// Turns bracketed paste on and off (terminals that do not know it ignore both).
    static let bracketedPasteOn = "\u{1B}[?2004h"
    static let bracketedPasteOff = "\u{1B}[?2004l"

    init(useColor: Bool, useMouse: Bool) {
        self.useColor = useColor
        self.useMouse = useMouse
    }

    /// Starts ncurses on stdin/stdout.
    func start() throws(StartError) {
        _ = ct_setlocale_all()
        isUTF8 = nl_langinfo(nl_item(CODESET)).map { String(cString: $0) == "UTF-8" } ?? false
        let type = SafeText.sanitize(getenv("TERM").map { String(cString: $0) } ?? "")
        guard let screen = ct_newterm(dup(STDIN_FILENO), dup(STDOUT_FILENO)) else {
            throw StartError(
                description: "The terminal type '\(type)' is unknown to ncurses; set TERM (for example "
                    + "TERM=xterm-256color), or use 'contact-tui list' to print contacts instead.")
        }
        self.screen = screen
        // A terminal that cannot move the cursor (TERM=dumb) cannot show the list.
        guard ct_has_string_capability("cup") != 0 else {
            stop()
            throw StartError(
                description: "This terminal (TERM=\(type)) cannot move the cursor; "
                    + "use 'contact-tui list' to print contacts instead.")
        }
        hasAlternateScreen = ct_has_string_capability("smcup") != 0
        raw()
        noecho()
        nonl()
        keypad(ct_stdscr(), true)
        nodelay(ct_stdscr(), true)
        set_escdelay(25)
        curs_set(0)
        if useMouse { enableMouse() }
        Self.writeControl(Self.bracketedPasteOn)
        if useColor && has_colors() {
            start_color()
            use_default_colors()
            colorEnabled = true
            for role in Style.Color.allCases where role != .default {
                init_pair(Int16(role.rawValue), Self.foreground(for: role), -1)
            }
        }
    }

    /// Ends ncurses and gives the terminal back as it was.
    func stop() {
        guard let screen else { return }
        Self.writeControl(Self.bracketedPasteOff)
        endwin()
        delscreen(screen)
        self.screen = nil
        if !hasAlternateScreen {
            // endwin leaves the cursor on the last line, over the key hints: the shell's
            // prompt starts on a clean line below them instead.
            let newline: StaticString = "\r\n"
            _ = write(STDOUT_FILENO, newline.utf8Start, newline.utf8CodeUnitCount)
        }
    }

    var size: (width: Int, height: Int) { (Int(ct_cols()), Int(ct_lines())) }

    /// Copies a frame to the screen; ncurses sends only what changed.
    func draw(_ buffer: CellBuffer) {
        erase()
        var scalars: [wchar_t] = []
        scalars.reserveCapacity(buffer.width * 2)
        for y in 0..<buffer.height {
            var x = 0
            while x < buffer.width {
                let style = buffer[x, y].style
                let start = x
                scalars.removeAll(keepingCapacity: true)
                while x < buffer.width, buffer[x, y].style == style {
                    for scalar in buffer[x, y].grapheme.unicodeScalars { scalars.append(wchar_t(scalar.value)) }
                    x += 1
                }
                let (attributes, pair) = attributes(for: style)
                _ = ct_draw(Int32(y), Int32(start), scalars, Int32(scalars.count), attributes, pair)
            }
        }
        refresh()
    }

    /// The next key waiting, or nil when none is (never blocks).
    func readKey() -> Key? {
        while pendingKeys.isEmpty {
            var character: wint_t = 0
            let result = get_wch(&character)
            if result == ERR {
                pendingKeys = decoder.endOfInput()
                break
            }
            if result == ct_key_code_yes() {
                let code = Int32(character)
                let key = code == ct_key_mouse() ? Self.readMouse() : Self.decodeFunctionKey(code)
                if let key { pendingKeys = decoder.feed(.key(key)) }
            } else {
                pendingKeys = decoder.feed(.scalar(UInt32(character)))
            }
        }
        return pendingKeys.isEmpty ? nil : pendingKeys.removeFirst()
    }

    /// Ctrl-Z: gives the terminal back to the shell and stops the process; on `fg` takes the
    /// screen again (the caller then lays out and draws, as after a resize).
    func suspend() {
        Self.writeControl(Self.bracketedPasteOff)
        endwin()
        // SIGTSTP with its default action stops the process here until SIGCONT. It is sent to
        // this thread, unblocked for the moment (the UI thread starts with signals blocked), so
        // that it is delivered before `raise` returns, not later to another thread and to
        // whatever handler is back in place by then.
        var previous = sigaction()
        var stop = sigaction()
        stop.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&stop.sa_mask)
        sigaction(SIGTSTP, &stop, &previous)
        var stopSignal = sigset_t()
        var savedMask = sigset_t()
        sigemptyset(&stopSignal)
        sigaddset(&stopSignal, SIGTSTP)
        pthread_sigmask(SIG_UNBLOCK, &stopSignal, &savedMask)
        raise(SIGTSTP)
        pthread_sigmask(SIG_SETMASK, &savedMask, nil)
        sigaction(SIGTSTP, &previous, nil)
        // Back after `fg`: the next refresh returns to program mode and repaints everything.
        if useMouse { enableMouse() }
        Self.writeControl(Self.bracketedPasteOn)
        repaintOnNextDraw()
    }

    /// Writes a mode switch straight to the terminal (ncurses' `putp` goes to stdio's
    /// `stdout`, which is flushed only at exit).
    private static func writeControl(_ sequence: String) {
        var bytes = Array(sequence.utf8)
        _ = write(STDOUT_FILENO, &bytes, bytes.count)
    }

    /// Ctrl-L: the next frame is sent whole, whatever the terminal shows now.
    func repaintOnNextDraw() {
        _ = ct_clear_on_next_refresh()
    }

    private func attributes(for style: Style) -> (attr_t, Int16) {
        var attributes = ct_a_normal()
        if style.bold { attributes |= ct_a_bold() }
        if style.reverse { attributes |= ct_a_reverse() }
        let pair = colorEnabled && style.color != .default ? Int16(style.color.rawValue) : 0
        return (attributes, pair)
    }

    private static func foreground(for role: Style.Color) -> Int16 {
        switch role {
        case .default: return -1
        case .accent: return Int16(COLOR_CYAN)
        case .muted: return Int16(COLOR_BLUE)
        case .warning: return Int16(COLOR_YELLOW)
        case .error: return Int16(COLOR_RED)
        }
    }
}
