import RestCore
import SOQL

/// One row of the list: the record's identity and the text of its columns.
///
/// Only what the list shows is kept (not the whole JSON body), so that a
/// hundred thousand loaded contacts stay small; the detail view retrieves
/// every field from the server when it opens.
public struct ContactRecord: Hashable, Sendable, Identifiable {
    /// The record's id (18 characters).
    public let id: String
    /// The record's sObject type from `attributes.type`, e.g. `Contact`.
    public let objectType: String
    /// Its name, values and `LastModifiedDate`, as text or as the replica's bytes.
    private var fields: Fields
    /// What a delete of it would take with it, as its page counted; nil when not counted (a row
    /// of the org search, or a list whose object's describe could not be read).
    public internal(set) var dependents: Dependents?

    /// A record's text: made (read from the org, or changed here), or kept as the replica's
    /// snapshot holds it and made when asked for (`SnapshotRow`), as a start's 100,000 rows are.
    private enum Fields: Sendable {
        case made(displayName: String, values: [String], lastModifiedDate: String?)
        case snapshot(SnapshotRow)
    }

    public init(id: String, objectType: String, displayName: String? = nil, values: [String]) {
        self.id = id
        self.objectType = objectType
        fields = .made(
            displayName: displayName.flatMap { $0.isEmpty ? nil : $0 } ?? id, values: values, lastModifiedDate: nil)
    }

    /// The record of a row kept in the replica's snapshot, whose text is read from there when
    /// asked for.
    init(id: String, objectType: String, snapshotRow: SnapshotRow) {
        self.id = id
        self.objectType = objectType
        fields = .snapshot(snapshotRow)
    }

    /// The name shown in messages about this record (its `Name`, else its id).
    public var displayName: String {
        switch fields {
        case .made(let displayName, _, _): displayName
        case .snapshot(let row): row.displayName.isEmpty ? id : row.displayName
        }
    }

    /// The text of each column of the query, in the order of the columns.
    public var values: [String] {
        switch fields {
        case .made(_, let values, _): values
        case .snapshot(let row): row.values
        }
    }

    /// The record's `LastModifiedDate` as the org wrote it, which every PATCH of it carries as
    /// `If-Unmodified-Since`; nil when the row did not read it (an org search's row).
    public internal(set) var lastModifiedDate: String? {
        get {
            switch fields {
            case .made(_, _, let date): date
            case .snapshot(let row): row.lastModifiedDate
            }
        }
        set { fields = .made(displayName: displayName, values: values, lastModifiedDate: newValue) }
    }

    /// The replica's bytes this record is read from; nil when its text is made.
    var snapshotRow: SnapshotRow? {
        if case .snapshot(let row) = fields { return row }
        return nil
    }

    public static func == (a: ContactRecord, b: ContactRecord) -> Bool {
        guard a.id == b.id, a.objectType == b.objectType, a.dependents == b.dependents else { return false }
        if let row = a.snapshotRow, let other = b.snapshotRow, row.isSame(as: other) { return true }
        return a.displayName == b.displayName && a.values == b.values && a.lastModifiedDate == b.lastModifiedDate
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(objectType)
        hasher.combine(displayName)
        hasher.combine(values)
        hasher.combine(lastModifiedDate)
        hasher.combine(dependents)
    }

    /// The record carrying `date` as its `LastModifiedDate`: a queued change read back from the
    /// outbox keeps the replica's copy's, its condition.
    public func lastModified(_ date: String?) -> ContactRecord {
        var record = self
        record.lastModifiedDate = date
        return record
    }

    /// Reads a record from a query result entry, keeping the columns' text; nil when it has no id.
    public init?(json: JSONValue, columns: [Column]) {
        guard let id = json["Id"]?.stringValue else { return nil }
        self.init(
            id: id,
            objectType: json["attributes"]?["type"]?.stringValue ?? "Contact",
            displayName: Self.text(at: ["Name"], in: json),
            values: columns.map { Self.text(at: $0.path, in: json) })
        lastModifiedDate = json["LastModifiedDate"]?.stringValue
    }

    /// A row of a query whose rows are not records (no `Id`, or aggregates): shown, never changed.
    /// Its id is its place in the query (`row:12`), which no Salesforce Id can be.
    init(row json: JSONValue, number: Int, columns: [Column]) {
        let values = columns.map { Self.text(at: $0.path, in: json) }
        self.init(
            id: "row:\(number)", objectType: json["attributes"]?["type"]?.stringValue ?? "AggregateResult",
            displayName: values.first, values: values)
    }

    /// Whether this row is a record of the org (else a row of a count or an aggregate).
    public var isRecord: Bool { !id.hasPrefix("row:") }

    /// The text of the column at `index`; "" past the end.
    public func value(at index: Int) -> String {
        switch fields {
        case .made(_, let values, _): index < values.count ? values[index] : ""
        case .snapshot(let row): row.value(at: index)
        }
    }

    /// The text at a field path such as `["Account", "Name"]` (or `["account", "name"]`: keys
    /// match ignoring case); "" for null or missing (a null relationship included).
    static func text(at path: [String], in json: JSONValue) -> String {
        FieldLookup.value(at: path, in: json, fields: \.objectValue).map(text(of:)) ?? ""
    }

    /// The text of one field's value: a compound address as one line, other records and arrays "".
    static func text(of value: JSONValue) -> String {
        if let members = value.objectValue { return CompoundAddress.line(members, text: \.stringValue) ?? "" }
        return value.stringValue ?? ""
    }
}
