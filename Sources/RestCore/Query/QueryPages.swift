/// The pages of a query, fetched one at a time as they are iterated, following
/// `nextRecordsUrl` until the last page. Errors are thrown, never swallowed.
public struct QueryPages<Record: Decodable & Sendable>: AsyncSequence, Sendable {
    public typealias Element = QueryPage<Record>
    public typealias Failure = RestClientError

    let client: RestClient
    let firstRequest: RestRequest

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(client: client, pending: firstRequest)
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        let client: RestClient
        var pending: RestRequest?
        /// The first request's headers (e.g. `Sforce-Query-Options`), sent with every next page too.
        let carriedHeaders: [(name: String, value: String)]

        init(client: RestClient, pending: RestRequest) {
            self.client = client
            self.pending = pending
            self.carriedHeaders = pending.headers
        }

        public mutating func next() async throws(RestClientError) -> QueryPage<Record>? {
            try await next(isolation: nil)
        }

        public mutating func next(
            isolation actor: isolated (any Actor)?
        ) async throws(RestClientError)
            -> QueryPage<Record>?
        {
            guard let request = pending else { return nil }
            pending = nil
            let response = try await client.send(request)
            let page = try QueryPage<Record>.decode(response)
            if let next = page.nextRecordsUrl, !page.done {
                var nextRequest = client.request(forNextRecordsURL: next)
                nextRequest.headers = carriedHeaders
                pending = nextRequest
            }
            return page
        }
    }
}

/// Every record of a query, page after page, in the server's order.
public struct QueryRecords<Record: Decodable & Sendable>: AsyncSequence, Sendable {
    public typealias Element = Record
    public typealias Failure = RestClientError

    let pages: QueryPages<Record>

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(pages: pages.makeAsyncIterator())
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        var pages: QueryPages<Record>.AsyncIterator
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
    /// The pages of `soql`, each fetched when the previous one has been consumed.
    public func pages<Record: Decodable & Sendable>(
        forQuery soql: String, as recordType: Record.Type = JSONValue.self, apiVersion: String? = nil,
        batchSize: Int = 2000
    ) -> QueryPages<Record> {
        QueryPages(client: self, firstRequest: request(forQuery: soql, apiVersion: apiVersion, batchSize: batchSize))
    }

    /// Every record of `soql`, following `nextRecordsUrl` to the end (the stand-in for the
    /// Mobile SDK's Combine publisher; unlike it, this throws errors).
    public func records<Record: Decodable & Sendable>(
        forQuery soql: String, as recordType: Record.Type = JSONValue.self, apiVersion: String? = nil,
        batchSize: Int = 2000
    ) -> QueryRecords<Record> {
        QueryRecords(pages: pages(forQuery: soql, as: recordType, apiVersion: apiVersion, batchSize: batchSize))
    }
}
