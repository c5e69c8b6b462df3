import ContactList
import Glibc
import RestCore

/// The event loop of the interactive list.
///
/// One thread runs it and owns ncurses. It blocks in `poll()` on the terminal
/// and on the wake-up pipe, drains every key with `get_wch`, applies queued
/// network outcomes, and redraws once per wake-up.
final class AppLoop {
    private var model: ContactListModel
    private let client: RestClient
    private let terminal: Terminal
    private let queue = WakeupQueue()
    private let view = ListView()
    private var running = true

    init(model: ContactListModel, client: RestClient, useColor: Bool) {
        self.model = model
        self.client = client
        self.terminal = Terminal(useColor: useColor)
    }

    /// Runs until the user quits or a quit signal arrives; the terminal is
    /// restored on every path out.
    func run() throws(Terminal.StartError) {
        TerminalGuard.install(wakeDescriptor: queue.writeDescriptor)
        defer { TerminalGuard.uninstall() }
        try terminal.start()
        defer { terminal.stop() }

        layout()
        perform(model.start())
        redraw()
        while running {
            waitForInput()
            var effects: [ContactListEffect] = []
            while let key = terminal.readKey() {
                if key == .resize { layout() }
                effects += model.handle(key: key)
            }
            if !queue.drainWakeups().isEmpty { running = false }
            for event in queue.drain() {
                switch event {
                case .response(let id, let result): effects += model.handle(response: result, for: id)
                }
            }
            perform(effects)
            if running { redraw() }
        }
    }

    private func waitForInput() {
        var descriptors = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: queue.readDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        _ = poll(&descriptors, nfds_t(descriptors.count), -1)
    }

    private func layout() {
        model.visibleRowCount = ListView.listRows(forHeight: terminal.size.height)
    }

    private func redraw() {
        let size = terminal.size
        var buffer = CellBuffer(width: size.width, height: size.height)
        view.render(model, into: &buffer)
        terminal.draw(buffer)
    }

    private func perform(_ effects: [ContactListEffect]) {
        for effect in effects {
            switch effect {
            case .quit:
                running = false
            case .send(let request):
                let client = client
                let queue = queue
                Task {
                    let result: Result<RestResponse, RestClientError>
                    do throws(RestClientError) {
                        result = .success(try await client.send(request))
                    } catch {
                        result = .failure(error)
                    }
                    queue.post(.response(request.id, result))
                }
            }
        }
    }
}
