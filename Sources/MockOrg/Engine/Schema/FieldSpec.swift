/// The Salesforce field types the describe call reports.
enum FieldType: String, Sendable {
    case id, string, email, phone, reference, datetime, date, boolean, picklist, textarea, int, currency
    /// A compound address (`MailingAddress`): read as one object of its parts, never filtered or sorted.
    case address

    /// Free text (not an id, a number, a date or a flag).
    var isText: Bool {
        switch self {
        case .string, .email, .phone, .picklist, .textarea: true
        case .id, .reference, .datetime, .date, .boolean, .int, .currency, .address: false
        }
    }

    /// Whether ORDER BY takes the field (describe's `sortable`).
    var isSortable: Bool { self != .textarea && self != .address }

    /// Whether WHERE takes the field (describe's `filterable`).
    var isFilterable: Bool { self != .address }

    /// The digits a number field holds (describe's `digits` or `precision`); 0 for other fields.
    var digits: Int {
        switch self {
        case .int: 8
        case .currency: 18
        default: 0
        }
    }

    /// The name of a literal of this type in Salesforce's type errors.
    var literalName: String {
        switch self {
        case .int: "integer"
        case .currency: "double"
        case .datetime: "dateTime"
        case .id, .reference: "id"
        default: rawValue
        }
    }
}

/// One field of an object: what describe reports and how to read and write it in the tables.
/// A class, so that conditions and field paths share one instance instead of copying a dozen
/// properties (strings and closures) for every row a query evaluates.
final class FieldSpec: Sendable {
    let name: String
    let type: FieldType
    let label: String
    let length: Int
    let nillable: Bool
    let createable: Bool
    let updateable: Bool
    let referenceTo: SObjectType?
    let relationshipName: String?
    let read: @Sendable (OrgTables, Int) -> FieldValue
    /// The text of a text field, read without a `FieldValue` around it: the search bits read every
    /// text field of every row at start-up. Nil where `read` alone says it.
    let readText: (@Sendable (OrgTables, Int) -> String?)?
    /// The row of the parent record, for reference fields.
    let parentRow: (@Sendable (OrgTables, Int) -> Int?)?
    let write: (@Sendable (OrgTables, Int, FieldValue) -> Void)?

    init(
        _ name: String, _ type: FieldType, label: String, length: Int = 0, nillable: Bool = true,
        createable: Bool = true, updateable: Bool = true, referenceTo: SObjectType? = nil,
        relationshipName: String? = nil, parentRow: (@Sendable (OrgTables, Int) -> Int?)? = nil,
        read: @escaping @Sendable (OrgTables, Int) -> FieldValue,
        readText: (@Sendable (OrgTables, Int) -> String?)? = nil,
        write: (@Sendable (OrgTables, Int, FieldValue) -> Void)? = nil
    ) {
        self.name = name
        self.type = type
        self.label = label
        self.length = length
        self.nillable = nillable
        self.createable = createable && write != nil
        self.updateable = updateable && write != nil
        self.referenceTo = referenceTo
        self.relationshipName = relationshipName
        self.parentRow = parentRow
        self.read = read
        self.readText = readText
        self.write = write
    }

    /// The standard Id field of `object`.
    static func id(_ object: SObjectType) -> FieldSpec {
        FieldSpec(
            "Id", .id, label: object.name + " ID", length: 18, nillable: false,
            read: { _, row in .string(SalesforceID.make(keyPrefix: object.keyPrefix, serial: row + 1)) })
    }

    /// A reference to `target` stored as a serial (0 for none).
    static func reference(
        _ name: String, to target: SObjectType, relationship: String, label: String, nillable: Bool = true,
        serial: @escaping @Sendable (OrgTables, Int) -> Int32,
        write: (@Sendable (OrgTables, Int, FieldValue) -> Void)?
    ) -> FieldSpec {
        FieldSpec(
            name, .reference, label: label, length: 18, nillable: nillable, referenceTo: target,
            relationshipName: relationship,
            parentRow: { tables, row in
                let value = serial(tables, row)
                return value > 0 ? Int(value) - 1 : nil
            },
            read: { tables, row in
                let value = serial(tables, row)
                return value > 0 ? .string(SalesforceID.make(keyPrefix: target.keyPrefix, serial: Int(value))) : .null
            },
            write: write)
    }

    static func dateTime(
        _ name: String, label: String, _ millis: @escaping @Sendable (OrgTables, Int) -> Int64
    )
        -> FieldSpec
    {
        FieldSpec(
            name, .datetime, label: label, nillable: false, createable: false, updateable: false,
            read: { tables, row in .dateTime(millis(tables, row)) })
    }

    /// A text field of the records in `table`, written through `path` and read by `read`, which
    /// names the field directly: reading through the key path would copy the whole record for every
    /// row a query scans.
    static func text<Record>(
        _ name: String, _ type: FieldType, label: String, length: Int,
        in table: any ReferenceWritableKeyPath<OrgTables, [Record]> & Sendable,
        _ path: any WritableKeyPath<Record, String?> & Sendable,
        read: @escaping @Sendable (OrgTables, Int) -> String?
    ) -> FieldSpec {
        FieldSpec(
            name, type, label: label, length: length,
            read: { tables, row in FieldValue(read(tables, row)) }, readText: read,
            write: { tables, row, value in tables[keyPath: table][row][keyPath: path] = value.text })
    }

    /// `OwnerId`, `CreatedDate`, `CreatedById`, `LastModifiedDate`, `LastModifiedById` and
    /// `SystemModstamp` (which follows the last change, a delete too): the last fields of every data object.
    /// Only the owner is written by clients; the org stamps the others on every write.
    static func audit(
        users: @escaping @Sendable (OrgTables, Int) -> RecordUsers,
        setOwner: @escaping @Sendable (OrgTables, Int, UInt8) -> Void,
        created: @escaping @Sendable (OrgTables, Int) -> Int64,
        lastModified: @escaping @Sendable (OrgTables, Int) -> Int64,
        deleted: @escaping @Sendable (OrgTables, Int) -> Int64
    ) -> [FieldSpec] {
        [
            .reference(
                "OwnerId", to: .user, relationship: "Owner", label: "Owner ID", nillable: false,
                serial: { tables, row in Int32(users(tables, row).owner) },
                write: { tables, row, value in
                    // A null owner keeps the org's user, as Salesforce defaults it to the caller.
                    setOwner(
                        tables, row, value.text.flatMap { tables.row(of: .user, id: $0) }.map { UInt8($0 + 1) } ?? 1)
                }),
            .dateTime("CreatedDate", label: "Created Date", created),
            .reference(
                "CreatedById", to: .user, relationship: "CreatedBy", label: "Created By ID", nillable: false,
                serial: { tables, row in Int32(users(tables, row).createdBy) }, write: nil),
            .dateTime("LastModifiedDate", label: "Last Modified Date", lastModified),
            .reference(
                "LastModifiedById", to: .user, relationship: "LastModifiedBy", label: "Last Modified By ID",
                nillable: false, serial: { tables, row in Int32(users(tables, row).lastModifiedBy) }, write: nil),
            .dateTime("SystemModstamp", label: "System Modstamp") { tables, row in
                max(lastModified(tables, row), deleted(tables, row))
            },
        ]
    }

    static func isDeleted(_ object: SObjectType) -> FieldSpec {
        FieldSpec(
            "IsDeleted", .boolean, label: "Deleted", nillable: false, createable: false, updateable: false,
            read: { tables, row in .boolean(tables.isDeleted(object, row: row)) })
    }
}
