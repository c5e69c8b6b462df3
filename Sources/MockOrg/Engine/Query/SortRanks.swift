/// ORDER BY on many rows: each sort key is replaced by its rank among the distinct values
/// (equal under SOQL's case-insensitive comparison means equal rank), so the row sort compares integers.
enum SortRanks {
    /// The rank of every row's value for one ORDER BY item; ascending ranks give the item's order.
    static func ranks(of item: SOQLOrdering, rows count: Int, tables: OrgTables) -> [Int32] {
        var distinctIndex = [FieldValue: Int32]()
        var distinct = [FieldValue]()
        var valueOfRow = [Int32](repeating: 0, count: count)
        for row in 0..<count {
            let key = SOQLEvaluator.sortKey(item.path.value(in: tables, row: row))
            if let index = distinctIndex[key] {
                valueOfRow[row] = index
            } else {
                let index = Int32(distinct.count)
                distinctIndex[key] = index
                distinct.append(key)
                valueOfRow[row] = index
            }
        }
        let sortedDistinct = distinct.indices.sorted {
            SOQLEvaluator.compareKeys(distinct[$0], distinct[$1], item) < 0
        }
        var rankOfValue = [Int32](repeating: 0, count: distinct.count)
        var rank: Int32 = 0
        for (position, index) in sortedDistinct.enumerated() {
            if position > 0
                && SOQLEvaluator.compareKeys(distinct[sortedDistinct[position - 1]], distinct[index], item) != 0
            {
                rank += 1
            }
            rankOfValue[index] = rank
        }
        return valueOfRow.map { rankOfValue[Int($0)] }
    }

    /// Rows ordered by rank, ties in row order (a stable counting sort).
    static func countingSort(_ ranks: [Int32]) -> [Int32] {
        let buckets = Int(ranks.max() ?? 0) + 1
        var starts = [Int](repeating: 0, count: buckets + 1)
        for rank in ranks { starts[Int(rank) + 1] += 1 }
        for bucket in 0..<buckets { starts[bucket + 1] += starts[bucket] }
        var order = [Int32](repeating: 0, count: ranks.count)
        for (row, rank) in ranks.enumerated() {
            order[starts[Int(rank)]] = Int32(row)
            starts[Int(rank)] += 1
        }
        return order
    }
}
