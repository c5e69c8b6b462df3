import ContactList
import Replica
import RestCore
import Synchronization

/// Runs a `ContactListModel` against a real `RestClient` the way the app's loop does: every
/// `.send` effect goes out on the concurrency pool at once, and each outcome is applied to the
/// model in the order it arrives, with the effects it returns performed in turn.
package struct ModelRunner {
    /// One request the model sent and what came back.
    package struct Exchange: Sendable {
        package let request: RestRequest
        package let result: Result<RestResponse, RestClientError>
    }

    /// Outcomes that arrived and are not yet applied; shared with the sending tasks.
    private final class Inbox: Sendable {
        let arrived = Mutex<[Exchange]>([])
    }

    package private(set) var model: ContactListModel
    package let client: RestClient
    /// Every exchange applied so far, in the order applied.
    package private(set) var exchanges: [Exchange] = []
    /// Requests sent whose outcome is not applied yet.
    package private(set) var outstanding = 0
    private let inbox = Inbox()
    /// Requests of `.sendAfter` effects not answered yet, so that `.cancel` can stop them.
    private var delayed: [RestRequestID: Task<Void, Never>] = [:]

    /// The durable outbox the app keeps, when the test gives one: each change is written to it
    /// before its request goes.
    package let journal: OutboxJournal?

    /// The local replica the app keeps, when the test gives one: each page applied is kept in it.
    package let replica: ReplicaStore?

    package init(
        model: ContactListModel, client: RestClient, journal: OutboxJournal? = nil, replica: ReplicaStore? = nil
    ) {
        self.model = model
        self.client = client
        self.journal = journal
        self.replica = replica
        self.model.journalsChanges = journal != nil
        self.model.keepsRows = replica != nil
    }

    /// Shows the replica's rows of the query before the first page, as the app does at start;
    /// `age` stands for the clock's reading of how old they are.
    package mutating func showCachedRows(age: String) throws {
        guard let replica, let cached = try replica.replicatedList(of: model.query, format: model.readyRowFormat) else {
            return
        }
        model.showCachedRows(cached, age: age)
    }

    /// Shows the replica's rows as the app's start does: a screenful, then the rest
    /// (`ReplicaStore.showCachedRows(in:screenful:)`); `shown` sees the model in between.
    package mutating func showCachedRows(screenful: Int, shown: (ContactListModel) -> Void = { _ in }) {
        guard let replica else { return }
        var model = self.model
        replica.showCachedRows(in: &model, screenful: screenful, shown: shown)
        self.model = model
    }

    /// Takes up what the outbox holds from a process that is gone, as the app does at start.
    package mutating func resumeLeftChanges() throws {
        guard let journal else { return }
        let reads = try journal.resumeLeftChanges(in: &model)
        perform(reads)
    }

    /// Starts the model (its first page goes out).
    package mutating func start() {
        perform(model.start())
    }

    /// Presses `key` and performs what the model asks. Outcomes wait for `applyArrived` or
    /// `settle`, so that a run of keys behaves as one typed faster than the org answers.
    package mutating func press(_ key: Key) {
        perform(model.handle(key: key))
    }

    /// Selects the row shown at `position` (counted from the top) and presses `d`; returns the
    /// record deleted, nil when there is no such row.
    @discardableResult
    package mutating func delete(atShown position: Int) -> ContactRecord? {
        press(.character("g"))
        for _ in 0..<position { press(.character("j")) }
        guard model.viewport.selection == position, let record = model.selectedRecord else { return nil }
        let pending = model.deleteRequests.count
        press(.character("d"))
        return model.deleteRequests.count > pending ? record : nil
    }

    /// Marks every row shown with `*` and deletes them with `d` (and `y` when it asks); returns
    /// the records marked.
    @discardableResult
    package mutating func deleteAllShown() -> [ContactRecord] {
        press(.character("*"))
        let marked = Array(model.viewport.marks.values)
        press(.character("d"))
        if model.bulkDeletePrompt != nil { press(.character("y")) }
        return marked
    }

    /// Changes how many rows the screen shows, as a resize does.
    package mutating func setVisibleRows(_ count: Int) {
        model.visibleRowCount = count
    }

    /// Applies outcomes as they arrive until nothing is in flight; false if `limit` passed first.
    @discardableResult
    package mutating func settle(within limit: Duration = .seconds(120)) async -> Bool {
        let deadline = ContinuousClock.now + limit
        applyArrived()
        while outstanding > 0 {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(5))
            applyArrived()
        }
        return true
    }

    /// Applies every outcome that has arrived, without waiting.
    package mutating func applyArrived() {
        while true {
            let batch = inbox.arrived.withLock { arrived in
                defer { arrived.removeAll() }
                return arrived
            }
            if batch.isEmpty { return }
            for exchange in batch {
                outstanding -= 1
                delayed[exchange.request.id] = nil
                exchanges.append(exchange)
                perform(model.handle(response: exchange.result, for: exchange.request.id))
            }
        }
    }

    private mutating func perform(_ effects: [ContactListEffect]) {
        let client = client
        let inbox = inbox
        for effect in effects {
            switch effect {
            case .rememberQuery, .export, .rememberColumns:
                break
            case .send(let request):
                outstanding += 1
                client.send(request) { result in
                    inbox.arrived.withLock { $0.append(Exchange(request: request, result: result)) }
                }
            case .sendAfter(let request, let delay):
                // As the app's loop does; a search cancelled while it waits reports `.cancelled`.
                outstanding += 1
                delayed[request.id] = Task {
                    let result: Result<RestResponse, RestClientError>
                    do {
                        try await Task.sleep(for: delay)
                        result = .success(try await client.send(request))
                    } catch let error as RestClientError {
                        result = .failure(error)
                    } catch {
                        result = .failure(.cancelled)
                    }
                    inbox.arrived.withLock { $0.append(Exchange(request: request, result: result)) }
                }
            case .cancel(let id):
                delayed.removeValue(forKey: id)?.cancel()
            case .quit, .open, .copy:
                break
            case .readBulk(_, _, let id):
                // This runner reads no bulk job: the list pages on, as when a job cannot run.
                let refusal = RestClientError.invalidRequest("the test runner reads no Bulk API 2.0 job.")
                perform(model.handle(bulkPage: .failure(.unsupportedQuery(refusal)), for: id))
            case .forgetRows(let query, let ids):
                do {
                    try replica?.removeRows(ids: ids, from: ListKey(query: query))
                } catch {
                    preconditionFailure("the test's replica could not be written: \(error)")
                }
            case .recordChange, .forgetChange, .keepRows:
                // Written before the effects after it (the change's request) are performed.
                do {
                    _ = try journal?.perform(effect)
                    _ = try replica?.perform(effect)
                } catch {
                    preconditionFailure("the test's outbox or replica could not be written: \(error)")
                }
            }
        }
    }
}
