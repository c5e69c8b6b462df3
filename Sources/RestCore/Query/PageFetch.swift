import HTTPTypes
import Synchronization

/// One page being fetched in the background; dropping it cancels the request, and the next
/// page's request if that one has started early.
///
/// With `startsNextEarly`, the next page is requested as soon as this page's head names it
/// (`nextRecordsUrl` comes before `records`), while this page's body is still arriving, but only
/// once this page is `arm`ed, that is, once the caller waits for it: so the server makes page N+1
/// while the client decodes and parses page N, and never more than one page is in flight ahead
/// of the one the caller waits for.
final class PageFetch<Page: QueryPageDecodable>: Sendable {
    private let task: Task<Result<Page, RestClientError>, Never>
    private let nextPage: EarlyNextPage<Page>?

    init(_ request: RestRequest, client: RestClient, startsNextEarly: Bool = false) {
        let nextPage = startsNextEarly ? EarlyNextPage<Page>(client: client, headers: request.headers) : nil
        var request = request
        request.bodyHeadObserver = nextPage?.observer
        self.nextPage = nextPage
        task = Task { await Self.fetch(request, client: client) }
    }

    deinit {
        task.cancel()
    }

    /// The page; cancelling the task that waits for it cancels the fetch too.
    var result: Result<Page, RestClientError> {
        get async {
            await withTaskCancellationHandler {
                await task.value
            } onCancel: { [task] in
                task.cancel()
            }
        }
    }

    /// The caller now waits for this page: the next one may start as soon as its path is known.
    func arm() {
        nextPage?.arm()
    }

    /// The next page's fetch if it started early for `path`; `nil` when it did not (the caller
    /// starts it), and an early fetch for any other path is cancelled.
    func takeNextPage(at path: String) -> PageFetch<Page>? {
        nextPage?.take(at: path)
    }

    static func fetch(_ request: RestRequest, client: RestClient) async -> Result<Page, RestClientError> {
        do throws(RestClientError) {
            return .success(try Page.decodePage(from: try await client.send(request)))
        } catch {
            return .failure(error)
        }
    }
}

/// The next page of a `PageFetch`, started from the head of its body. The first path seen wins:
/// a retried or replayed answer sees the same head again and starts nothing more.
final class EarlyNextPage<Page: QueryPageDecodable>: Sendable {
    private struct State {
        var path: String?
        var armed = false
        var taken = false
        var fetch: PageFetch<Page>?
    }

    private let state = Mutex(State())
    private let client: RestClient
    /// The first request's headers (e.g. `Sforce-Query-Options`), sent with every next page too.
    private let headers: HTTPFields

    init(client: RestClient, headers: HTTPFields) {
        self.client = client
        self.headers = headers
    }

    var observer: BodyHeadObserver {
        BodyHeadObserver { [weak self] prefix in
            switch QueryPageHead(prefix: prefix) {
            case .incomplete: return false
            case .none: return true
            case .next(let path):
                self?.found(path)
                return true
            }
        }
    }

    func arm() {
        state.withLock { state in
            state.armed = true
            startIfReady(&state)
        }
    }

    func take(at path: String) -> PageFetch<Page>? {
        let (taken, dropped) = state.withLock { state in
            state.taken = true
            defer { state.fetch = nil }
            return state.path == path ? (state.fetch, nil) : (nil, state.fetch)
        }
        _ = dropped  // released here, outside the lock: its deinit cancels it
        return taken
    }

    private func found(_ path: String) {
        state.withLock { state in
            guard state.path == nil else { return }
            state.path = path
            startIfReady(&state)
        }
    }

    private func startIfReady(_ state: inout State) {
        guard state.armed, !state.taken, state.fetch == nil, let path = state.path, !Task.isCancelled else { return }
        var request = client.request(forNextRecordsURL: path)
        request.headers = headers
        state.fetch = PageFetch(request, client: client, startsNextEarly: true)
    }
}
