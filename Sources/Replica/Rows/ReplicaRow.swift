import ContactList
import RestCore

/// One record of a list, as the replica keeps it.
public struct ReplicaRow: Hashable, Sendable {
    /// The record's `Id`.
    public var id: String
    /// Its fields as the org answered them (relationships as nested objects), `attributes` left out.
    public var fields: [String: JSONValue]
    /// The `LastModifiedDate` text as the org wrote it, when queried.
    public var lastModifiedDate: String?
    /// The `SystemModstamp` text as the org wrote it, when queried.
    public var systemModstamp: String?
    /// The row's place in its list, from 0.
    public var position: Int
    /// The row as the list shows it, in the bytes of the list's `ReadyRowFormat`; nil when not kept
    /// so (the row is then read from `fields`).
    public var ready: [UInt8]?

    public init(
        id: String, fields: [String: JSONValue], lastModifiedDate: String? = nil, systemModstamp: String? = nil,
        position: Int
    ) {
        self.id = id
        self.fields = fields
        self.lastModifiedDate = lastModifiedDate
        self.systemModstamp = systemModstamp
        self.position = position
    }

    /// A row from a query result's record (nil without an `Id`), its dates read from its fields,
    /// and ready for the list in `format`'s bytes when one is given.
    public init?(record: JSONValue, position: Int, format: ReadyRowFormat? = nil) {
        guard var fields = record.objectValue, let id = fields["Id"]?.stringValue else { return nil }
        fields["attributes"] = nil
        self.init(
            id: id, fields: fields, lastModifiedDate: fields["LastModifiedDate"]?.stringValue,
            systemModstamp: fields["SystemModstamp"]?.stringValue, position: position)
        if let format, let row = format.row(of: record) { ready = format.bytes(of: row) }
    }
}
