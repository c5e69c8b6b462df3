import ContactList
import Glibc
import Logging
import RestCore

/// The event loop of the interactive list.
///
/// One thread runs it and owns ncurses. It blocks in `poll()` on the terminal
/// and on the wake-up pipe (with a timeout only while a spinner turns), drains
/// every key with `get_wch`, applies queued network outcomes, and redraws once
/// per wake-up.
final class AppLoop {
    /// How often the spinner turns while something is in flight.
    static let spinnerInterval: Int32 = 100

    private var model: ContactListModel
    private let client: RestClient
    private let terminal: Terminal
    private let logger: Logger?
    private let queue = WakeupQueue()
    private var running = true
    private var clicks = DoubleClickDetector()

    init(model: ContactListModel, client: RestClient, useColor: Bool, useMouse: Bool, logger: Logger?) {
        self.model = model
        self.client = client
        self.terminal = Terminal(useColor: useColor, useMouse: useMouse)
        self.logger = logger
    }

    /// Runs until the user quits or a quit signal arrives; the terminal is
    /// restored on every path out.
    func run() throws(Terminal.StartError) {
        TerminalGuard.install(wakeDescriptor: queue.writeDescriptor)
        defer { TerminalGuard.uninstall() }
        try terminal.start()
        defer { terminal.stop() }
        TerminalGuard.chainResizeSignal()

        layout()
        perform(model.start())
        redraw()
        while running {
            if !waitForInput() { model.tick() }
            var effects: [ContactListEffect] = []
            while let key = terminal.readKey() {
                switch key {
                case .resize: layout()
                // The terminal's own keys: the model never sees them, so they close no help or prompt.
                case .control("l"):
                    terminal.repaintOnNextDraw()
                    continue
                case .control("z"):
                    terminal.suspend()
                    layout()
                    continue
                default: break
                }
                effects += model.handle(key: clicks.classify(key, at: .now))
            }
            let signals = queue.drainWakeups()
            if !signals.isEmpty {
                logger?.info("quitting on signal", metadata: ["signal": "\(signals[0])"])
                running = false
            }
            for event in queue.drain() {
                switch event {
                case .response(let id, let result): effects += model.handle(response: result, for: id)
                }
            }
            perform(effects)
            if running { redraw() }
        }
    }

    /// Blocks until a key, a network outcome or a signal arrives; false when the
    /// spinner's timeout passed first.
    private func waitForInput() -> Bool {
        var descriptors = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: queue.readDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        let timeout = model.needsAnimation ? Self.spinnerInterval : -1
        return poll(&descriptors, nfds_t(descriptors.count), timeout) != 0
    }

    /// Tells the model how many rows the screen's layout shows, after a resize.
    private func layout() {
        let size = terminal.size
        let layout = ScreenLayout(screen: Rect(width: size.width, height: size.height))
        model.visibleRowCount = layout.visibleRowCount
        model.isTerminalTooSmall = layout.isTooSmall
    }

    private func redraw() {
        let size = terminal.size
        var buffer = CellBuffer(width: size.width, height: size.height)
        ContactListScreen(model: model).render(area: buffer.area, buffer: &buffer)
        terminal.draw(buffer)
    }

    private func perform(_ effects: [ContactListEffect]) {
        for effect in effects {
            switch effect {
            case .quit:
                running = false
            case .send(let request):
                send(request)
            }
        }
    }

    /// Sends on the concurrency pool; the outcome comes back through the wake-up pipe.
    private func send(_ request: RestRequest) {
        let client = client
        let queue = queue
        let logger = logger
        logger?.info("request", metadata: ["id": "\(request.id)", "request": "\(request.summary)"])
        Task {
            let result: Result<RestResponse, RestClientError>
            do throws(RestClientError) {
                result = .success(try await client.send(request))
            } catch {
                result = .failure(error)
            }
            switch result {
            case .success(let response):
                logger?.info("response", metadata: ["id": "\(request.id)", "status": "\(response.status)"])
            case .failure(let error):
                logger?.warning("failure", metadata: ["id": "\(request.id)", "error": "\(error.description)"])
            }
            queue.post(.response(request.id, result))
        }
    }
}
