import TestSupport
import Testing

@testable import ContactList

/// The loaded rows keep their invariant through any sequence of changes: every record at most
/// once, the ids, the search index and the filter's matches always those of the rows as they are,
/// and the org search's rows last.
@Suite struct LoadedRowsTests {
    static let columns = [Column(field: "Name"), Column(field: "Email")]

    static func record(_ number: Int, name: String? = nil) -> ContactRecord {
        ContactRecord(
            id: "003" + String(number), objectType: "Contact", displayName: name ?? "Ann \(number)",
            values: [name ?? "Ann \(number)", "a\(number)@example.com"])
    }

    /// Checks the invariant against a recomputation from the rows alone.
    static func check(_ rows: LoadedRows, _ context: String) {
        let ids = rows.records.map(\.id)
        #expect(Set(ids).count == ids.count, "a record twice: \(context)")
        #expect(rows.recordIDs.loadedIDs == Set(ids), "ids: \(context)")
        #expect(rows.searchIndex.count == rows.records.count, "index: \(context)")
        if let filter = rows.filter {
            let expected = rows.records.indices.filter { filter.matches(rows.records[$0], columns: columns) }
            #expect(filter.matches == expected, "matches: \(context)")
        }
        #expect(rows.orgSearch.rowCount >= 0 && rows.orgSearch.rowCount <= rows.records.count, "org rows: \(context)")
        #expect(rows.shownCount <= rows.records.count, "shown: \(context)")
    }

    @Test func appendRefusesARecordLoadedAlready() {
        var rows = LoadedRows(columnCount: 2)
        let first = rows.append(Self.record(1))
        let again = rows.append(Self.record(1, name: "Other"))
        #expect(first && !again)
        #expect(rows.records.map(\.displayName) == ["Ann 1"])
        rows.insert(Self.record(1), at: 0)
        #expect(rows.records.count == 1)
        Self.check(rows, "after duplicates")
    }

    @Test func widthsFollowTheWidestValueLoaded() {
        var rows = LoadedRows(columnCount: 2)
        rows.append(Self.record(1, name: "Bo"))
        rows.append(Self.record(2, name: "Christabel"))
        #expect(rows.contentWidths[0] == 10)
        rows.removeAll()
        #expect(rows.contentWidths == [0, 0] && rows.records.isEmpty && rows.recordIDs.loadedIDs.isEmpty)
    }

    @Test("places in the query's order outlive the rows: a removed row keeps its place, and removeAll keeps them all")
    func placesOutliveTheRows() {
        var rows = LoadedRows(columnCount: 2)
        for number in 1...3 {
            rows.append(Self.record(number))
            rows.setQueryOrder(number * 10, of: Self.record(number).id)
        }
        rows.remove(at: 1)
        #expect(!rows.contains(Self.record(2).id) && rows.queryOrder(of: Self.record(2).id) == 20)
        rows.removeAll()
        #expect(rows.recordIDs.loadedIDs.isEmpty)
        #expect((1...3).map { rows.queryOrder(of: Self.record($0).id) } == [10, 20, 30])
        rows.setQueryOrder(nil, of: Self.record(3).id)
        #expect(rows.queryOrder(of: Self.record(3).id) == nil && rows.recordIDs.count == 2)
        Self.check(rows, "after removeAll")
    }

    @Test("a kept row is placed and loaded at once, unless loaded already or placed already when places are kept")
    func keptRowsPlacedOnce() {
        var rows = LoadedRows(columnCount: 2)
        var made = 0
        func append(_ number: Int, order: Int, keepsPlace: Bool) -> Bool {
            rows.append(
                kept: {
                    made += 1
                    return Self.record(number)
                }, key: RecordIDKey(Self.record(number).id), order: order, keepsPlace: keepsPlace, foldedRow: 0,
                of: nil)
        }
        #expect(append(1, order: 5, keepsPlace: true))
        #expect(!append(1, order: 6, keepsPlace: false), "loaded already")
        #expect(rows.queryOrder(of: Self.record(1).id) == 5)
        rows.setQueryOrder(7, of: Self.record(2).id)
        #expect(!append(2, order: 8, keepsPlace: true), "placed already, places kept")
        #expect(rows.queryOrder(of: Self.record(2).id) == 7 && !rows.contains(Self.record(2).id))
        #expect(append(2, order: 9, keepsPlace: false))
        #expect(rows.queryOrder(of: Self.record(2).id) == 9 && rows.contains(Self.record(2).id))
        #expect(made == 2, "a record is made only for a row taken")
        Self.check(rows, "after kept rows")
    }

    @Test(arguments: [1, 2, 3, 5, 8, 13, 21, 34] as [UInt64])
    func anySequenceOfChangesKeepsTheInvariant(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var rows = LoadedRows(columnCount: 2)
        var next = 0
        var log: [String] = []
        for step in 0..<400 {
            let choice = Int.random(in: 0..<9, using: &random)
            switch choice {
            case 0, 1, 2:
                next += 1
                let number = Bool.random(using: &random) && next > 3 ? Int.random(in: 0..<next, using: &random) : next
                let before = rows.records.count
                rows.append(Self.record(number, name: ["Ann", "Bob", "Zoë", "Ann Lee"].randomElement(using: &random)))
                rows.updateFilter { $0.appended(from: before, index: $1) }
                log.append("append \(number)")
            case 3 where !rows.records.isEmpty:
                let index = Int.random(in: 0..<rows.records.count, using: &random)
                rows.remove(at: index)
                log.append("remove \(index)")
            case 4:
                next += 1
                let index = Int.random(in: 0...rows.records.count, using: &random)
                rows.insert(Self.record(next), at: index)
                log.append("insert \(next) at \(index)")
            case 5 where !rows.records.isEmpty:
                let index = Int.random(in: 0..<rows.records.count, using: &random)
                let old = rows.records[index]
                let renamed = ContactRecord(
                    id: old.id, objectType: old.objectType, displayName: old.displayName,
                    values: [["Ann", "Zed", "Bob"].randomElement(using: &random)!, old.value(at: 1)])
                rows.replace(at: index, with: renamed)
                log.append("replace \(index)")
            case 6:
                let text = ["", "an", "b", "zoe", "ann l"].randomElement(using: &random)!
                rows.filter(by: text)
                log.append("filter \(text)")
            case 7:
                rows.endFilter()
                log.append("no filter")
            case 8 where Int.random(in: 0..<20, using: &random) == 0:
                rows.removeAll()
                rows.updateFilter { $0.rebuild(index: $1) }
                log.append("remove all")
            default:
                continue
            }
            Self.check(rows, "seed \(seed) step \(step): \(log.suffix(5))")
        }
    }
}
