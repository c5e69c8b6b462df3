import JSONKit
import SOQL

/// sObject Get Deleted and Get Updated (`sobjects/{object}/deleted/?start=&end=` and `…/updated/…`),
/// as the REST API Developer Guide gives them: seconds are cut from both ends of the window, the
/// start must come more than a minute before the end, deleted records are kept 15 days (the
/// Recycle Bin's time to live) and updated ones 30, and at most 600,000 ids are answered
/// (`EXCEEDED_ID_LIMIT` past that).
extension OrgStore {
    static let replicationIDLimit = 600_000
    /// How far back Get Updated reaches.
    static let updatedWindowMillis: Int64 = 30 * DateText.millisPerDay
    private static let minuteMillis: Int64 = 60_000

    /// The body of `…/deleted/`: `{"deletedRecords":[{"id","deletedDate"}],"earliestDateAvailable","latestDateCovered"}`.
    func deletedRecords(_ object: SObjectType, start: String?, end: String?, now: Int64) throws(APIError) -> [UInt8] {
        let window = try Self.window(start: start, end: end, now: now, reach: recycleBinTTL, what: "deleted")
        return try state.withLock { (state: inout State) throws(APIError) -> [UInt8] in
            Self.purgeExpired(&state, now: now, ttl: recycleBinTTL)
            let tables = state.tables
            var found = [(row: Int, date: Int64)]()
            for row in 0..<tables.rowCount(of: object) where tables.isDeleted(object, row: row) {
                let date = tables.deletedDate(object, row: row)
                if date >= window.start && date <= window.covered { found.append((row, date)) }
            }
            try Self.checkIDLimit(found.count)
            found.sort { ($0.date, $0.row) < ($1.date, $1.row) }
            var writer = JSONWriter()
            writer.beginObject()
            writer.key("deletedRecords")
            writer.beginArray()
            for (row, date) in found {
                writer.beginObject()
                writer.pair("id", SalesforceID.make(keyPrefix: object.keyPrefix, serial: row + 1))
                writer.pair("deletedDate", DateText.dateTime(millis: date))
                writer.endObject()
            }
            writer.endArray()
            writer.pair("earliestDateAvailable", DateText.dateTime(millis: Self.floorMinute(now - recycleBinTTL)))
            writer.pair("latestDateCovered", DateText.dateTime(millis: window.covered))
            writer.endObject()
            return writer.bytes
        }
    }

    /// The body of `…/updated/`: `{"ids":[…],"latestDateCovered"}`, the live records whose
    /// `SystemModstamp` falls in the window, in id order.
    func updatedRecords(_ object: SObjectType, start: String?, end: String?, now: Int64) throws(APIError) -> [UInt8] {
        let window = try Self.window(
            start: start, end: end, now: now, reach: Self.updatedWindowMillis, what: "updated")
        guard let modstamp = object.field(named: "SystemModstamp") else {
            throw APIError(status: 400, "INVALID_TYPE", "sObject type '" + object.name + "' is not replicateable")
        }
        return try withTables { (tables) throws(APIError) -> [UInt8] in
            var rows = [Int]()
            for row in 0..<tables.rowCount(of: object) where !tables.isDeleted(object, row: row) {
                guard case .dateTime(let date) = modstamp.read(tables, row) else { continue }
                if date >= window.start && date <= window.covered { rows.append(row) }
            }
            try Self.checkIDLimit(rows.count)
            var writer = JSONWriter()
            writer.beginObject()
            writer.key("ids")
            writer.beginArray()
            for row in rows { writer.string(SalesforceID.make(keyPrefix: object.keyPrefix, serial: row + 1)) }
            writer.endArray()
            writer.pair("latestDateCovered", DateText.dateTime(millis: window.covered))
            writer.endObject()
            return writer.bytes
        }
    }

    /// The window asked for, cut to whole minutes; `covered` is its end, or now when the end is
    /// later (what happened up to now is answered, not only up to the last whole minute).
    private static func window(
        start: String?, end: String?, now: Int64, reach: Int64, what: String
    ) throws(APIError) -> (start: Int64, covered: Int64) {
        let from = try floorMinute(instant(start, name: "start"))
        let to = try floorMinute(instant(end, name: "end"))
        guard to - from >= minuteMillis else {
            throw APIError(
                status: 400, "INVALID_REPLICATION_DATE", "startDate must be at least one minute greater than endDate")
        }
        guard from >= floorMinute(now - reach) else {
            throw APIError(
                status: 400, "INVALID_REPLICATION_DATE",
                "startDate cannot be more than " + String(reach / DateText.millisPerDay) + " days ago for " + what
                    + " records")
        }
        return (from, min(to, now))
    }

    private static func instant(_ text: String?, name: String) throws(APIError) -> Int64 {
        guard let text, !text.isEmpty else {
            throw APIError(status: 400, "MISSING_ARGUMENT", name + " parameter is required")
        }
        guard let millis = SOQLLexer.parseDateTime(text) else {
            throw APIError(
                status: 400, "MISSING_ARGUMENT",
                name + " must be a date and time such as 2024-05-01T00:00:00+00:00, not: " + text)
        }
        return millis
    }

    private static func checkIDLimit(_ count: Int) throws(APIError) {
        guard count <= replicationIDLimit else {
            throw APIError(
                status: 400, "EXCEEDED_ID_LIMIT",
                "Too many ids: more than " + String(replicationIDLimit)
                    + " records; choose start and end dates that are closer together")
        }
    }

    private static func floorMinute(_ millis: Int64) -> Int64 {
        millis - ((millis % minuteMillis) + minuteMillis) % minuteMillis
    }
}
