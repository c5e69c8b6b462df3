import ContactList
import Foundation
import RestCore
import Synchronization

extension ReplicaStore {
    /// Performs the effect when it is the replica's (`keepRows`: a page starting at 0 replaces the
    /// list's rows and records the sync; a later page adds its rows; the last page makes the list
    /// whole; an incremental sync's delta changes it); false for every other effect. Rows are kept
    /// ready for the list in the effect's `ReadyRowFormat`, beside their JSON.
    public func perform(_ effect: ContactListEffect, now: Date = Date()) throws -> Bool {
        guard case .keepRows(let kept) = effect else { return false }
        let list = ListKey(query: kept.query)
        switch kept.change {
        case .page(let records, let firstPosition, let completesList):
            let rows = records.enumerated().compactMap { offset, record in
                ReplicaRow(
                    record: record, position: (firstPosition + offset) * Self.positionStride, format: kept.format)
            }
            if firstPosition == 0 {
                try replaceRows(of: list, with: rows, syncedAt: now, readyFormat: kept.format?.signature)
            } else {
                try upsert(rows, in: list, readyFormat: kept.format?.signature)
            }
            if completesList {
                try markComplete(list)
                keepSnapshotLater(of: list)
            }
        case .delta(let delta):
            try apply(delta, to: list, format: kept.format)
            keepSnapshotLater(of: list)
        }
        return true
    }

    /// The rows kept for `query`, as query result records, and when they were synced; nil when
    /// the list was never kept or holds no row.
    public func cachedRecords(of query: String) throws -> (records: [JSONValue], syncedAt: Date)? {
        let list = ListKey(query: query)
        guard let state = try syncState(of: list) else { return nil }
        let records = try records(of: list, limit: nil)
        return records.isEmpty ? nil : (records, state.syncedAt)
    }

    /// The list kept for `query` as the model takes it at start: its rows as the list shows them
    /// (`format`: the model's `readyRowFormat`; by default the query's own columns and order), in
    /// order, and its sync state; nil when the list was never kept or holds no row. With a `limit`,
    /// its first rows only, and whole only if they are all it holds (a screenful to show at once,
    /// before the rest is read). Rows kept ready in `format` are read from their bytes; others
    /// from their JSON.
    public func replicatedList(
        of query: String, format: ReadyRowFormat? = nil, limit: Int? = nil
    ) throws -> ReplicatedList? {
        let list = ListKey(query: query)
        guard let state = try syncState(of: list) else { return nil }
        return try replicatedList(list, state: state, format: format ?? ReadyRowFormat(query: query), limit: limit)
    }

    /// `replicatedList(of:format:limit:)` of a list whose sync state was read already.
    private func replicatedList(
        _ list: ListKey, state: ListSyncState, format: ReadyRowFormat, limit: Int?
    ) throws -> ReplicatedList? {
        let rows =
            try readyRows(of: list, state: state, format: format, limit: limit)
            ?? records(of: list, limit: limit).compactMap(format.row(of:))
        guard !rows.isEmpty else { return nil }
        return ReplicatedList(
            rows: rows, syncedAt: state.syncedAt, lastSystemModstamp: state.lastSystemModstamp,
            isComplete: state.isComplete && (limit.map { rows.count < $0 } ?? true))
    }

    /// The rows of `list` as query result records, read from their JSON.
    private func records(of list: ListKey, limit: Int?) throws -> [JSONValue] {
        if limit == nil, let whole = try recordsHoldingIDs(of: list) { return whole }
        return try rows(of: list, limit: limit).map { row in
            var fields = row.fields
            fields["Id"] = .string(row.id)
            if let date = row.lastModifiedDate { fields["LastModifiedDate"] = .string(date) }
            return JSONValue.object(fields)
        }
    }

    /// Shows the list kept for the model's query, as a start does: its first `screenful` rows,
    /// then `shown(model)` (the runner draws them), then the rest after them, read while keys wait.
    /// A whole list's sync is then set up (`ContactListModel.syncCachedRows(of:rows:)`).
    ///
    /// A whole list's snapshot is read and decoded on the other cores, a part at a time, from
    /// before the screenful is read; without one, its ready rows on one other thread. This thread
    /// shows each chunk read, in order, making each row's record as it takes it.
    public func showCachedRows(
        in model: inout ContactListModel, screenful: Int, now: Date = Date(),
        shown: (ContactListModel) -> Void = { _ in }
    ) {
        let format = model.readyRowFormat
        let list = ListKey(query: model.query)
        guard let state = try? syncState(of: list) else { return }
        let snapshot = state.readyFormat == format.signature ? try? snapshotSize(of: list, format: format) : nil
        let early = snapshot.flatMap { $0.rows > screenful ? readSnapshot($0, of: list, format: format) : nil }
        guard let head = try? replicatedList(list, state: state, format: format, limit: screenful) else {
            early?.finishUnread()
            return
        }
        let age = CachedRowsStatus.age(seconds: now.timeIntervalSince(head.syncedAt))
        model.showCachedRows(head, age: age)
        guard head.rows.count == screenful else {
            early?.finishUnread()
            return
        }
        shown(model)
        if let chunks = try? early
            ?? readyRowCount(of: list, state: state, format: format).map({ count in
                model.reserveCachedRows(count)
                return readReadyRows(of: list, format: format)
            })
        {
            if let snapshot, early != nil { model.reserveCachedRows(snapshot.rows) }
            var shownChunks: [ReadyChunk] = []
            while let chunk = chunks.next() {
                model.showCachedRows(chunk, age: age)
                shownChunks.append(chunk.droppingFoldedText())
            }
            if chunks.wasRead {
                let whole = ReplicatedList(
                    rows: [], syncedAt: state.syncedAt, lastSystemModstamp: state.lastSystemModstamp,
                    isComplete: state.isComplete)
                model.syncCachedRows(of: whole, rows: shownChunks)
                return
            }
        }
        // Rows not kept ready (or a damaged one met on the way) are read whole from their JSON;
        // those shown already stay as they are.
        guard let whole = try? replicatedList(list, state: state, format: format, limit: nil) else { return }
        model.showCachedRows(whole, age: age)
    }

    /// Starts reading the snapshot's parts on other threads, each folded for `/` where it is
    /// read; the chunks come out of the returned `ReadyRowChunks` in order. One core is left to
    /// the list, which takes the chunks as they come: with a reader on every core, the list's
    /// thread waited its turn for one (on two cores, a re-open took a quarter longer).
    private func readSnapshot(_ size: ReadySnapshotSize, of list: ListKey, format: ReadyRowFormat) -> ReadyRowChunks {
        let chunks = ReadyRowChunks()
        let readers = max(1, min(size.parts, ProcessInfo.processInfo.activeProcessorCount - 1))
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let failed = Mutex(false)
            let nextPart = Mutex(0)
            DispatchQueue.concurrentPerform(iterations: readers) { _ in
                while true {
                    let part = nextPart.withLock { next in
                        defer { next += 1 }
                        return next
                    }
                    guard part < size.parts else { return }
                    if let chunk = try? readSnapshotPart(part, of: size, list: list, format: format) {
                        chunks.put(chunk, at: part)
                    } else {
                        failed.withLock { $0 = true }
                    }
                }
            }
            chunks.finish(read: !failed.withLock { $0 })
        }
        return chunks
    }

    /// Starts reading the list's ready rows one by one on another thread, a chunk at a time.
    private func readReadyRows(of list: ListKey, format: ReadyRowFormat) -> ReadyRowChunks {
        let chunks = ReadyRowChunks()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            var chunk: [ReadyRow] = []
            let read =
                (try? readReadyRows(of: list, format: format) { row in
                    chunk.append(row)
                    if chunk.count == ReadyRowChunks.size {
                        chunks.put(ReadyChunk(chunk, format: format))
                        chunk.removeAll(keepingCapacity: false)
                    }
                }) ?? false
            if read, !chunk.isEmpty { chunks.put(ReadyChunk(chunk, format: format)) }
            chunks.finish(read: read)
        }
        return chunks
    }
}
