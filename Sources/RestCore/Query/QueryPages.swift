import HTTPTypes

/// The pages of a query, fetched as they are iterated, following `nextRecordsUrl` until the
/// last page. Errors are thrown, never swallowed.
///
/// With `prefetch`, the next page is requested (and decoded) in the background as soon as the
/// head of the page the caller waits for names it, so the server makes the next page while this
/// one is still decoded and parsed, and the network works while the caller processes a page; at
/// most one page is ever in flight ahead of the one waited for, so memory stays flat in the
/// number of pages (see `PageFetch`).
public struct QueryPages<Page: QueryPageDecodable>: AsyncSequence, Sendable {
    public typealias Element = Page
    public typealias Failure = RestClientError

    let client: RestClient
    let firstRequest: RestRequest
    let prefetch: Bool

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(client: client, first: firstRequest, prefetch: prefetch)
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        private enum Pending {
            case request(RestRequest)
            case fetching(PageFetch<Page>)
        }

        let client: RestClient
        let prefetch: Bool
        private var pending: Pending?
        /// The first request's headers (e.g. `Sforce-Query-Options`), sent with every next page too.
        let carriedHeaders: HTTPFields
        /// The most records a page may hold: the `batchSize` the first request asked for.
        let pageSize: Int

        init(client: RestClient, first: RestRequest, prefetch: Bool) {
            self.client = client
            self.prefetch = prefetch
            self.pending = .request(first)
            self.carriedHeaders = first.headers
            self.pageSize = Self.pageSize(asked: first.headers[.sforceQueryOptions])
        }

        /// `batchSize=N` in `Sforce-Query-Options`, else the server's default, 2000.
        static func pageSize(asked options: String?) -> Int {
            let sizes = (options ?? "").split(separator: ",").compactMap { option -> Int? in
                let parts = option.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                return parts.count == 2 && parts[0].lowercased() == "batchsize" ? Int(parts[1]) : nil
            }
            return sizes.first ?? 2000
        }

        public mutating func next() async throws(RestClientError) -> Page? {
            try await next(isolation: nil)
        }

        public mutating func next(
            isolation actor: isolated (any Actor)?
        ) async throws(RestClientError) -> Page? {
            let outcome: Result<Page, RestClientError>
            var current: PageFetch<Page>?
            switch pending {
            case nil: return nil
            case .request(let request)? where prefetch:
                current = PageFetch(request, client: client, startsNextEarly: true)
                current?.arm()
                outcome = await current!.result
            case .request(let request)?: outcome = await PageFetch<Page>.fetch(request, client: client)
            case .fetching(let fetch)?:
                current = fetch
                fetch.arm()
                outcome = await fetch.result
            }
            pending = nil
            let page = try outcome.get()
            try QueryPageLimit.check(recordCount: page.recordCount, pageSize: pageSize)
            if let next = page.nextRecordsUrl, !page.done {
                if prefetch, let early = current?.takeNextPage(at: next) {
                    pending = .fetching(early)
                } else {
                    var nextRequest = client.request(forNextRecordsURL: next)
                    nextRequest.headers = carriedHeaders
                    pending =
                        prefetch
                        ? .fetching(PageFetch(nextRequest, client: client, startsNextEarly: true))
                        : .request(nextRequest)
                }
            }
            return page
        }
    }
}

/// Every record of a query, page after page, in the server's order.
public struct QueryRecords<Record: Decodable & Sendable>: AsyncSequence, Sendable {
    public typealias Element = Record
    public typealias Failure = RestClientError

    let pages: QueryPages<QueryPage<Record>>

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(pages: pages.makeAsyncIterator())
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        var pages: QueryPages<QueryPage<Record>>.AsyncIterator
        var buffered: [Record] = []
        var index = 0

        public mutating func next() async throws(RestClientError) -> Record? {
            try await next(isolation: nil)
        }

        public mutating func next(isolation actor: isolated (any Actor)?) async throws(RestClientError) -> Record? {
            while index == buffered.count {
                guard let page = try await pages.next(isolation: actor) else { return nil }
                buffered = page.records
                index = 0
            }
            defer { index += 1 }
            return buffered[index]
        }
    }
}

extension RestClient {
    /// The pages of `soql`, each fetched when the previous one has been consumed (or, with
    /// `prefetch`, as soon as the previous one has arrived).
    public func pages<Record: Decodable & Sendable>(
        forQuery soql: String, as recordType: Record.Type = JSONValue.self, apiVersion: APIVersion? = nil,
        batchSize: Int = 2000, prefetch: Bool = false
    ) -> QueryPages<QueryPage<Record>> {
        pages(
            startingWith: request(forQuery: soql, apiVersion: apiVersion, batchSize: batchSize),
            as: QueryPage<Record>.self, prefetch: prefetch)
    }

    /// The pages that start with `request` (a query, queryAll or next-page request), each
    /// decoded as `Page` (`QueryPage<Record>`, or `QueryPageBytes` to read records without a tree).
    public func pages<Page: QueryPageDecodable>(
        startingWith request: RestRequest, as pageType: Page.Type, prefetch: Bool = false
    ) -> QueryPages<Page> {
        QueryPages(client: self, firstRequest: request, prefetch: prefetch)
    }

    /// Every record of `soql`, following `nextRecordsUrl` to the end (the stand-in for the
    /// Mobile SDK's Combine publisher; unlike it, this throws errors).
    public func records<Record: Decodable & Sendable>(
        forQuery soql: String, as recordType: Record.Type = JSONValue.self, apiVersion: APIVersion? = nil,
        batchSize: Int = 2000
    ) -> QueryRecords<Record> {
        records(startingWith: request(forQuery: soql, apiVersion: apiVersion, batchSize: batchSize), as: recordType)
    }

    /// Every record of the pages that start with `request` (a query, queryAll or next-page request).
    public func records<Record: Decodable & Sendable>(
        startingWith request: RestRequest, as recordType: Record.Type = JSONValue.self
    ) -> QueryRecords<Record> {
        QueryRecords(pages: pages(startingWith: request, as: QueryPage<Record>.self))
    }
}
