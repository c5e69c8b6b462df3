/// Every record id the list knows, each with its place in the query's order (as the latest load
/// listed it) and whether its row is loaded, in one table by `RecordIDKey`.
///
/// One table, not a set of loaded ids beside a map of places: a start shows 100,000 rows from the
/// replica, and each is then placed and loaded with one lookup (`update(_:_:)`), where two
/// tables cost two lookups a row, a third of the list's time ("Sync down" in
/// docs/BENCHMARKS.md). An id is in the table while it has a place or a loaded row.
struct RecordIDTable: Sendable {
    struct Entry: Sendable {
        /// The record's place in the query's order; nil when no load listed it.
        var order: Int?
        /// Whether the record's row is loaded.
        var isLoaded = false
    }

    private var entries: [RecordIDKey: Entry] = [:]

    var count: Int { entries.count }
    var capacity: Int { entries.capacity }
    var isEmpty: Bool { entries.isEmpty }

    mutating func reserveCapacity(_ capacity: Int) { entries.reserveCapacity(capacity) }

    /// Whether the record with `id` is loaded.
    func isLoaded(_ id: String) -> Bool { entries[RecordIDKey(id)]?.isLoaded == true }

    /// The place of the record with `id` in the query's order; nil when it has none.
    func order(of id: String) -> Int? { entries[RecordIDKey(id)]?.order }

    /// The ids of the loaded records.
    var loadedIDs: Set<String> { Set(entries.compactMap { $0.value.isLoaded ? $0.key.id : nil }) }

    /// Every id with a place, and its place, in no order.
    var orders: [(id: String, order: Int)] {
        entries.compactMap { key, entry in entry.order.map { (key.id, $0) } }
    }

    /// Gives the record with `id` a place (nil: none).
    mutating func setOrder(_ order: Int?, of id: String) {
        update(RecordIDKey(id)) { $0.order = order }
    }

    /// Marks the record of `key` loaded; false (and nothing changes) when it was loaded already.
    mutating func load(_ key: RecordIDKey) -> Bool {
        update(key) { entry in
            guard !entry.isLoaded else { return false }
            entry.isLoaded = true
            return true
        }
    }

    /// Marks the record with `id` not loaded; its place stays.
    mutating func unload(_ id: String) {
        update(RecordIDKey(id)) { $0.isLoaded = false }
    }

    /// Marks every record not loaded; the places stay.
    mutating func unloadAll() {
        var placed = [RecordIDKey: Entry](minimumCapacity: entries.capacity)
        for (key, entry) in entries { if let order = entry.order { placed[key] = Entry(order: order) } }
        entries = placed
    }

    /// Changes the entry of `key` (a new one when it has none) with one lookup, and drops it when
    /// it is left with neither a place nor a loaded row.
    mutating func update<Result>(_ key: RecordIDKey, _ body: (inout Entry) -> Result) -> Result {
        var isLeftEmpty = false
        let result = Self.change(&entries[key, default: Entry()]) { entry in
            let result = body(&entry)
            isLeftEmpty = entry.order == nil && !entry.isLoaded
            return result
        }
        if isLeftEmpty { entries[key] = nil }
        return result
    }

    private static func change<Result>(_ entry: inout Entry, _ body: (inout Entry) -> Result) -> Result {
        body(&entry)
    }
}
