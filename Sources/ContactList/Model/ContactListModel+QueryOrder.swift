extension ContactListModel {
    /// How far apart a page's records are numbered in `rows.queryOrder`, so that records a new run of
    /// the query does not list keep a place between those it does.
    static let queryOrderStride = 1 << 16

    /// After the first page of a new run of the query: each record the earlier run listed and this
    /// page does not (a pending delete, a row on a later page) is placed right after the nearest
    /// record before it that the page lists, so that a rollback puts it back where it was.
    mutating func reanchorQueryOrder(previous: RecordIDTable, listed: Set<String>) {
        var anchor = Int.min / 2
        var offset = 0
        for (id, _) in previous.orders.sorted(by: { $0.order < $1.order }) {
            if listed.contains(id), let order = rows.queryOrder(of: id) {
                anchor = order
                offset = 0
            } else {
                offset += 1
                rows.setQueryOrder(anchor + offset, of: id)
            }
        }
    }
}
