import ContactList
import Foundation
import Glibc
import Logging
import RecordOutput
import Replica
import RestCore

/// The event loop of the interactive list.
///
/// One thread runs it and owns ncurses. It blocks in `poll()` on the terminal
/// and on the wake-up pipe (with a timeout only while a spinner turns), drains
/// every key with `get_wch` and draws the frame after each (so that the next key of a burst
/// acts on what the screen showed), applies queued network outcomes, and redraws.
final class AppLoop {
    /// How often the spinner turns while something is in flight.
    static let spinnerInterval: Int32 = 100
    /// How long a quit signal waits for changes in flight to settle.
    static let signalGracePeriod: Duration = .seconds(5)

    private var model: ContactListModel
    private let client: RestClient
    private let terminal: Terminal
    private let logger: Logger?
    private let queue = WakeupQueue()
    private var running = true
    /// Set by the first quit signal: the loop ends then even if changes are still in flight.
    private var quitDeadline: ContinuousClock.Instant?
    private var clicks = DoubleClickDetector()
    private let browser = BrowserLauncher(environment: ProcessInfo.processInfo.environment)
    /// Requests of `.sendAfter` effects, waiting or in flight, so that `.cancel` can stop them.
    private var cancellable: [RestRequestID: Task<Void, Never>] = [:]
    /// The bulk reads of first syncs (`.readBulk`) until their last piece or failure arrives:
    /// cancelling one (`.cancel`, or the quit) aborts its job at the org.
    private var bulkReads: [RestRequestID: Task<Void, Never>] = [:]
    /// How long the quit waits for the bulk jobs it cancels to be aborted at the org: the
    /// create's answer and the abort's are two round trips.
    static let bulkAbortGracePeriod = DispatchTimeInterval.seconds(2)

    /// Where the queries run from `:` are kept; nil keeps none.
    private let history: QueryHistoryFile?
    /// The durable outbox: each change is written to it before its request goes; nil keeps none.
    private var journal: OutboxJournal?
    /// The local replica of the lists' rows (nil with `--no-cache`).
    private var replica: ReplicaStore?
    /// Where the columns' layout of each list is kept; nil keeps none.
    private let columnLayouts: ColumnLayoutFile?
    /// Confirms in the background the owner the stores were opened for (see `LocalStores.ownerCheck`).
    private let ownerCheck: (@Sendable () async -> String?)?

    init(
        model: ContactListModel, client: RestClient, useColor: Bool, useMouse: Bool, logger: Logger?,
        history: QueryHistoryFile? = nil, journal: OutboxJournal? = nil, replica: ReplicaStore? = nil,
        columnLayouts: ColumnLayoutFile? = nil, ownerCheck: (@Sendable () async -> String?)? = nil
    ) {
        self.ownerCheck = ownerCheck
        self.history = history
        self.journal = journal
        self.replica = replica
        self.columnLayouts = columnLayouts
        self.model = model
        self.client = client
        self.terminal = Terminal(useColor: useColor, useMouse: useMouse)
        self.logger = logger
    }

    /// Runs until the user quits or a quit signal arrives; the terminal is
    /// restored on every path out. Returns what is left to tell the user.
    func run() throws(Terminal.StartError) -> QuitReport {
        TerminalGuard.install(wakeDescriptor: queue.writeDescriptor)
        defer { TerminalGuard.uninstall() }
        try terminal.start()
        defer { terminal.stop() }
        TerminalGuard.chainResizeSignal()

        layout()
        resumeLeftChanges()
        showCachedRows()
        perform(model.start())
        checkOwner()
        if !terminal.isUTF8 { model.showNotice(ContactListModel.asciiLocaleNotice) }
        redraw()
        while running {
            if !waitForInput() { model.tick() }
            var effects: [ContactListEffect] = []
            while quitDeadline == nil, let key = terminal.readKey() {
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
                // Every key gets its frame: the next key of a burst acts on what this one drew.
                redraw()
            }
            for signal in queue.drainWakeups() { effects += quit(onSignal: signal) }
            let events = queue.drain()
            // Named only for the log, and only when outcomes arrived: never per key.
            let changesBefore = logger == nil || events.isEmpty ? [] : model.unorderedChangesInFlight
            for event in events {
                switch event {
                case .response(let id, let result):
                    cancellable[id] = nil
                    effects += model.handle(response: result, for: id)
                case .notice(let text): model.showNotice(text)
                case .exported(let outcome): model.settleExport(outcome)
                case .localStoresDropped(let sentence): effects += dropLocalStores(because: sentence)
                case .bulkPage(let id, let result):
                    if result.endsBulkRead { bulkReads[id] = nil }
                    effects += model.handle(bulkPage: result, for: id)
                case .bulkJob(let id, let job): model.handle(bulkJob: job, for: id)
                }
            }
            logSettledChanges(since: changesBefore)
            effects += model.quitWhenSettled()
            if let quitDeadline, ContinuousClock.now >= quitDeadline { effects.append(.quit) }
            perform(effects)
            if running { redraw() }
        }
        abortBulkReads()
        queue.markClosed()
        let report = QuitReport(
            changesInFlight: model.changesInFlight, alerts: model.notices.alerts,
            failedChangeCount: model.failedChangeCount,
            queuedChangeCount: model.offline.entries.count { $0.state != .conflict },
            conflictCount: model.offline.entries.count { $0.state == .conflict })
        for change in report.changesInFlight {
            logger?.warning("quitting with a change in flight: sent, outcome unknown", metadata: Self.metadata(change))
        }
        return report
    }

    /// A quit signal (SIGTERM, SIGHUP, SIGINT) waits for the changes in flight to settle, at
    /// most `signalGracePeriod`; a second signal quits at once.
    private func quit(onSignal signal: Int32) -> [ContactListEffect] {
        logger?.info("quitting on signal", metadata: ["signal": "\(signal)"])
        guard quitDeadline == nil else { return [.quit] }
        quitDeadline = .now + Self.signalGracePeriod
        return model.beginQuitting()
    }

    /// Logs how each change that was in flight before the latest outcomes settled.
    private func logSettledChanges(since before: [ChangeInFlight]) {
        guard let logger, !before.isEmpty else { return }
        let pending = Set(model.deleteRequests.keys).union(model.updateRequests.keys).union(
            model.changes.undeletes.keys)
        let settled = before.filter { !pending.contains($0.requestID) }
        for change in ContactListModel.ordered(settled) {
            var metadata = Self.metadata(change)
            if case .delete = change.kind {
                metadata["outcome"] = model.confirmedDeletedIDs.contains(change.record.id) ? "deleted" : "not deleted"
            }
            logger.info("change settled", metadata: metadata)
        }
    }

    private static func metadata(_ change: ChangeInFlight) -> Logger.Metadata {
        var metadata: Logger.Metadata = [
            "change": "\(change.kindName)", "record": "\(change.record.id)", "id": "\(change.requestID)",
        ]
        if let field = change.field { metadata["field"] = "\(field)" }
        return metadata
    }

    /// Blocks until a key, a network outcome or a signal arrives; false when the
    /// spinner's timeout passed first.
    private func waitForInput() -> Bool {
        // After a quit signal the terminal may be gone (SIGHUP): only outcomes are awaited.
        var descriptors = [pollfd(fd: queue.readDescriptor, events: Int16(POLLIN), revents: 0)]
        if quitDeadline == nil { descriptors.append(pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)) }
        let timeout = model.needsAnimation ? Self.spinnerInterval : -1
        return poll(&descriptors, nfds_t(descriptors.count), timeout) != 0
    }

    /// Tells the model how many rows the screen's layout shows, after a resize.
    private func layout() {
        let size = terminal.size
        let layout = ScreenLayout(screen: Rect(width: size.width, height: size.height))
        model.visibleRowCount = layout.visibleRowCount
        model.screenWidth = size.width
        model.isTerminalTooSmall = layout.isTooSmall
    }

    private func redraw() { draw(model) }

    private func draw(_ model: ContactListModel) {
        let size = terminal.size
        var buffer = CellBuffer(
            width: size.width, height: size.height, repertoire: terminal.isUTF8 ? .unicode : .ascii)
        ContactListScreen(model: model).render(area: buffer.area, buffer: &buffer)
        terminal.draw(buffer)
    }

    private func perform(_ effects: [ContactListEffect]) {
        for effect in effects {
            switch effect {
            case .quit:
                running = false
            // `--offline` (the model's `sendsNothing`): no request leaves the process; each fails at
            // once as one to an org that cannot be reached, and the model says why, as offline.
            case .send(let request) where model.offline.sendsNothing,
                .sendAfter(let request, _) where model.offline.sendsNothing:
                queue.post(.response(request.id, .failure(OfflineState.sendsNothingFailure)))
            case .send(let request):
                send(request)
            case .open(let url, let allowsDefaultBrowser):
                open(url, allowsDefaultBrowser: allowsDefaultBrowser)
            case .copy(let text):
                terminal.copyToClipboard(text)
            case .rememberQuery(let query):
                do {
                    try history?.remember(query)
                } catch {
                    model.showNotice("The query was not kept in the history: \(error.localizedDescription)")
                }
            case .sendAfter(let request, let delay):
                cancellable[request.id] = send(request, after: delay)
            case .cancel(let id):
                cancellable.removeValue(forKey: id)?.cancel()
                // Kept until it ends, so that a quit meanwhile waits for its abort too.
                bulkReads[id]?.cancel()
            case .keepRows:
                do {
                    _ = try replica?.perform(effect)
                } catch {
                    model.showNotice("The rows were not kept in the local replica: \(error.localizedDescription)")
                }
            case .forgetRows(let query, let ids):
                do {
                    try replica?.removeRows(ids: ids, from: ListKey(query: query))
                } catch {
                    model.showNotice(
                        "Deleted rows stay in the local replica until the next sync: \(error.localizedDescription)")
                }
            case .recordChange, .forgetChange:
                // Written before the effects after it (the change's request) are performed.
                do {
                    _ = try journal?.perform(effect)
                } catch {
                    model.showNotice("The change was not written to the outbox: \(error.localizedDescription)")
                }
            case .rememberColumns(let query, let settings):
                do {
                    try columnLayouts?.remember(settings, forQuery: query)
                } catch {
                    model.showNotice("The columns' layout was not kept: \(error.localizedDescription)")
                }
            case .export(let export):
                let writer = RecordFileWriter(client: client, environment: ProcessInfo.processInfo.environment)
                let queue = queue
                Task { queue.post(.exported(await writer.write(export))) }
            case .readBulk(let soql, let expectedRecords, let id):
                readBulk(soql, expectedRecords: expectedRecords, id: id)
            }
        }
    }

    /// Shows the replica's rows of the query at once; `start()` then syncs them (a whole list) or
    /// loads the list (part of one).
    private func showCachedRows() {
        guard let replica else { return }
        model.keepsRows = true
        // A screenful first, drawn at once; then the rest of the list, read before the first key
        // (keys typed meanwhile wait, and act on the rows that frame showed, which stay in place).
        var shown = model
        replica.showCachedRows(in: &shown, screenful: Self.firstCachedRows) { draw($0) }
        model = shown
    }

    /// How many of the replica's rows a start reads before its first frame: more than a screen holds.
    static let firstCachedRows = 300

    /// Asks in the background whether the stores' owner is the session's user.
    private func checkOwner() {
        guard let ownerCheck else { return }
        let queue = queue
        Task { if let sentence = await ownerCheck() { queue.post(.localStoresDropped(sentence)) } }
    }

    /// Stops using the local stores, and takes their rows off the screen unless the org's are
    /// there; returns the load of the list when their sync was under way.
    private func dropLocalStores(because sentence: String) -> [ContactListEffect] {
        replica = nil
        journal = nil
        model.keepsRows = false
        model.journalsChanges = false
        let effects = model.dropCachedRows()
        model.showNotice(sentence)
        return effects
    }

    /// Takes up the changes a process that is gone left in the outbox, before anything is sent.
    private func resumeLeftChanges() {
        guard let journal else { return }
        model.journalsChanges = true
        do {
            perform(try journal.resumeLeftChanges(in: &model))
        } catch {
            model.showNotice("The outbox could not be read: \(error.localizedDescription)")
        }
    }

    /// Starts a browser on `url`, or shows the URL when there is none to start.
    private func open(_ url: String, allowsDefaultBrowser: Bool) {
        guard let command = browser.command(for: url, allowsDefaultBrowser: allowsDefaultBrowser) else {
            model.showNotice(
                allowsDefaultBrowser ? "No $BROWSER or xdg-open to open \(url)" : "The mock org's record: \(url)")
            return
        }
        let queue = queue
        browser.start(command, logger: logger) { queue.post(.notice($0)) }
    }

    /// Sends after `delay` unless the task is cancelled first; cancelling it later cancels the
    /// request. A request cancelled before it went out reports nothing: the model forgot it.
    private func send(_ request: RestRequest, after delay: Duration) -> Task<Void, Never> {
        let client = client
        let queue = queue
        let logger = logger
        return Task {
            do { try await Task.sleep(for: delay) } catch { return }
            logger?.info("request", metadata: ["id": "\(request.id)", "request": "\(request.summary)"])
            let result: Result<RestResponse, RestClientError>
            do throws(RestClientError) {
                result = .success(try await client.send(request))
            } catch {
                result = .failure(error)
            }
            report(result, of: request, to: queue, logger: logger)
        }
    }

    /// Reads `soql` through a Bulk API 2.0 job (`BulkJobRecords`); each piece comes back through
    /// the wake-up pipe as a page, a failure as the job's error.
    private func readBulk(_ soql: String, expectedRecords: Int, id: RestRequestID) {
        let reader = BulkJobRecords(soql: soql, bulk: BulkQuery(client: client), expectedRecords: expectedRecords)
        let queue = queue
        logger?.info("bulk read", metadata: ["id": "\(id)"])
        bulkReads[id] = Task {
            do throws(BulkQueryError) {
                try await reader.readPages(progress: { queue.post(.bulkJob(id, $0)) }) { page in
                    queue.post(.bulkPage(id, .success(page)))
                }
            } catch {
                queue.post(.bulkPage(id, .failure(error)))
            }
        }
    }

    /// Cancels the bulk reads still running, which aborts their jobs at the org (so that none
    /// works on for an app that is gone), and waits for that at most `bulkAbortGracePeriod`.
    private func abortBulkReads() {
        let reads = Array(bulkReads.values)
        bulkReads = [:]
        guard !reads.isEmpty else { return }
        logger?.info("aborting bulk reads", metadata: ["count": "\(reads.count)"])
        let ended = DispatchSemaphore(value: 0)
        Task {
            for read in reads { read.cancel() }
            for read in reads { await read.value }
            ended.signal()
        }
        if ended.wait(timeout: .now() + Self.bulkAbortGracePeriod) == .timedOut {
            logger?.warning("quitting before every bulk job was aborted")
        }
    }

    /// Sends on the concurrency pool; the outcome comes back through the wake-up pipe.
    private func send(_ request: RestRequest) {
        let client = client
        let queue = queue
        let logger = logger
        logger?.info("request", metadata: ["id": "\(request.id)", "request": "\(request.summary)"])
        client.send(request) { result in
            report(result, of: request, to: queue, logger: logger)
        }
    }
}

extension Result<QueryResult, BulkQueryError> {
    /// Whether a bulk read's task ends with this: its last piece, or its failure.
    fileprivate var endsBulkRead: Bool {
        if case .success(let page) = self { return page.done }
        return true
    }
}

extension RestClientError {
    fileprivate var isCancellation: Bool {
        if case .cancelled = self { return true }
        return false
    }
}

/// Logs an outcome and hands it to the UI thread through the wake-up pipe.
private func report(
    _ result: Result<RestResponse, RestClientError>, of request: RestRequest, to queue: WakeupQueue,
    logger: Logger?
) {
    switch result {
    case .success(let response):
        logger?.info("response", metadata: ["id": "\(request.id)", "status": "\(response.status)"])
    case .failure(let error):
        // A change cut off by the quit may well have been applied: never call it cancelled.
        if request.method.isWrite && (queue.isClosed || error.isCancellation) {
            logger?.warning("sent, outcome unknown", metadata: ["id": "\(request.id)"])
        } else {
            logger?.warning("failure", metadata: ["id": "\(request.id)", "error": "\(error.description)"])
        }
    }
    queue.post(.response(request.id, result))
}
