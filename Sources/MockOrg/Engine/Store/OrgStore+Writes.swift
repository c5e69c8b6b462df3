import Foundation
import JSONKit
import SOQL

/// Creating and updating records from JSON bodies, with Salesforce's validation errors.
extension OrgStore {
    /// Creates a record; returns the body of the 201 response.
    func create(_ object: SObjectType, body: [UInt8], now: Int64) throws(APIError) -> [UInt8] {
        let values = try writtenFields(Self.recordBody(body, of: object), of: object, creating: true)
        let id = try withTables { (tables) throws(APIError) -> String in
            try Self.checkCreate(object, values, in: tables)
            if duplicateRule { try Self.checkDuplicate(object, row: nil, values, in: tables) }
            return Self.applyCreate(object, values, to: tables, now: now)
        }
        var writer = JSONWriter()
        writer.beginObject()
        writer.pair("id", id)
        writer.pair("success", true)
        writer.key("errors")
        writer.beginArray()
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }

    /// Updates the given fields of a record.
    /// - Parameter ifUnmodifiedSince: refuse with 412 when the record changed after this instant
    ///   (milliseconds; compared in whole seconds, as HTTP dates carry them).
    func update(
        _ object: SObjectType, id: String, body: [UInt8], now: Int64, ifUnmodifiedSince: Int64? = nil
    ) throws(APIError) {
        let values = try writtenFields(Self.recordBody(body, of: object), of: object, creating: false)
        try state.withLock { (state: inout State) throws(APIError) in
            let row = try Self.locate(id, of: object, in: state.tables, forWrite: true)
            let record = RecordKey(object: object, row: row)
            try Self.checkUpdate(record, values, in: state.tables)
            if duplicateRule { try Self.checkDuplicate(object, row: row, values, in: state.tables) }
            if let since = ifUnmodifiedSince, !state.tables.isDeleted(object, row: row) {
                let modified = state.tables.lastModifiedDate(object, row: row)
                if modified / 1000 > since / 1000 { throw APIError.preconditionFailed(lastModified: modified) }
            }
            Self.applyUpdate(record, values, to: &state, now: now)
        }
    }

    /// Why a record with `values` cannot be created, if it cannot: a missing required field or a dead reference.
    static func checkCreate(
        _ object: SObjectType, _ values: [(field: FieldSpec, value: FieldValue)], in tables: OrgTables
    ) throws(APIError) {
        try validateReferences(values, in: tables)
        let missing = requiredFields(object).filter { name in
            !values.contains { $0.field.name == name && !($0.value.text ?? "").isEmpty }
        }
        guard missing.isEmpty else {
            throw APIError(
                status: 400, "REQUIRED_FIELD_MISSING",
                "Required fields are missing: [" + missing.joined(separator: ", ") + "]", fields: missing)
        }
    }

    /// Appends the record checked by `checkCreate`; returns its id.
    static func applyCreate(
        _ object: SObjectType, _ values: [(field: FieldSpec, value: FieldValue)], to tables: OrgTables, now: Int64
    ) -> String {
        let row = tables.appendBlank(object, now: now)
        for (field, value) in values { field.write?(tables, row, value) }
        tables.recordWritten(object, row: row)
        return SalesforceID.make(keyPrefix: object.keyPrefix, serial: row + 1)
    }

    /// Why `record` cannot take `values`, if it cannot: deleted, a dead reference or a required field emptied.
    static func checkUpdate(
        _ record: RecordKey, _ values: [(field: FieldSpec, value: FieldValue)], in tables: OrgTables
    ) throws(APIError) {
        guard !tables.isDeleted(record.object, row: record.row) else { throw APIError.entityIsDeleted }
        try validateReferences(values, in: tables)
        for (field, value) in values where !field.nillable && (value.text ?? "").isEmpty {
            throw APIError(
                status: 400, "REQUIRED_FIELD_MISSING", "Required fields are missing: [" + field.name + "]",
                fields: [field.name])
        }
    }

    /// Writes the values checked by `checkUpdate`, with the lock held.
    static func applyUpdate(
        _ record: RecordKey, _ values: [(field: FieldSpec, value: FieldValue)], to state: inout State, now: Int64
    ) {
        let tables = state.tables
        for (field, value) in values { field.write?(tables, record.row, value) }
        tables.touch(record.object, row: record.row, now: now)
        tables.recordWritten(record.object, row: record.row)
        state.fragments.recordChanged(record.object, row: record.row)
        state.searchSignatures.recordChanged(record.object, row: record.row, tables: tables)
    }

    private static func requiredFields(_ object: SObjectType) -> [String] {
        switch object {
        case .account: ["Name"]
        case .contact: ["LastName"]
        case .supportCase, .user: []
        }
    }

    /// The JSON object of a single record's body.
    static func recordBody(_ body: [UInt8], of object: SObjectType) throws(APIError) -> [String: Any] {
        guard let record = try parseJSON(body) as? [String: Any] else {
            throw APIError(
                status: 400, "JSON_PARSER_ERROR",
                "Cannot deserialize instance of " + object.name + " from a JSON value that is not an object")
        }
        return record
    }

    /// A request body parsed as JSON, or Salesforce's `JSON_PARSER_ERROR` saying where it is wrong.
    static func parseJSON(_ body: [UInt8]) throws(APIError) -> Any {
        // Checked strictly first: Foundation's parser forgives trailing commas and does not say where it stopped.
        if let failure = JSONSyntax.firstError(in: body) {
            throw APIError(status: 400, "JSON_PARSER_ERROR", JSONSyntax.message(for: failure, in: body))
        }
        do {
            return try JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed])
        } catch {
            // Not expected after the strict check; still an answer, never a crash.
            throw APIError(status: 400, "JSON_PARSER_ERROR", "The request body could not be read as JSON")
        }
    }

    /// The fields of a parsed JSON object, checked against the object's schema (`attributes` is skipped).
    static func parseFields(
        _ dictionary: [String: Any], of object: SObjectType, creating: Bool
    ) throws(APIError)
        -> [(field: FieldSpec, value: FieldValue)]
    {
        var result = [(field: FieldSpec, value: FieldValue)]()
        for name in dictionary.keys.sorted() where name != "attributes" {
            guard let field = object.field(named: name) else {
                throw APIError(
                    status: 400, "INVALID_FIELD", "No such column '" + name + "' on sobject of type " + object.name)
            }
            guard creating ? field.createable : field.updateable else {
                throw APIError(
                    status: 400, "INVALID_FIELD_FOR_INSERT_UPDATE",
                    "Unable to create/update fields: " + field.name
                        + ". Please check the security settings of this field and verify that it is read/write for your profile or permission set.",
                    fields: [field.name])
            }
            let value = try fieldValue(dictionary[name]!, for: field, object: object)
            result.append((field, value))
        }
        return result
    }

    /// A JSON value as the field's value, or Salesforce's error for a value of the wrong kind or size.
    private static func fieldValue(
        _ json: Any, for field: FieldSpec, object: SObjectType
    ) throws(APIError)
        -> FieldValue
    {
        if let typed = try typedValue(json, for: field) { return typed }
        let text: String
        switch json {
        case is NSNull:
            return .null
        case let string as String:
            text = string
        case let number as NSNumber:
            // Booleans and numbers sent for text fields are stored as their text, as Salesforce does.
            text = isBoolean(number) ? (number.boolValue ? "true" : "false") : number.stringValue
        default:
            throw APIError(
                status: 400, "JSON_PARSER_ERROR",
                "Cannot deserialize instance of " + field.type.rawValue + " from " + tokenName(of: json)
                    + " value for field " + field.name, fields: [field.name])
        }
        if field.type == .reference, !text.isEmpty, !SalesforceID.isWellFormed(text) {
            throw APIError(
                status: 400, "MALFORMED_ID", field.label + ": id value of incorrect type: " + text, fields: [field.name]
            )
        }
        if field.length > 0 && text.count > field.length {
            throw APIError(
                status: 400, "STRING_TOO_LONG",
                field.label + ": data value too large: " + text + " (max length=" + String(field.length) + ")",
                fields: [field.name])
        }
        if field.type == .email, !text.isEmpty, !isPlausibleEmail(text) {
            throw APIError(
                status: 400, "INVALID_EMAIL_ADDRESS", field.label + ": invalid email address: " + text,
                fields: [field.name])
        }
        return text.isEmpty ? .null : .string(text)
    }

    /// The value of a number or date field (JSON numbers, or their text as Salesforce also takes);
    /// nil for a field of another type.
    private static func typedValue(_ json: Any, for field: FieldSpec) throws(APIError) -> FieldValue? {
        func refused() -> APIError {
            let shown: String =
                switch json {
                case let string as String: " value " + string
                case let number as NSNumber where isBoolean(number): ""
                case let number as NSNumber: " value " + number.stringValue
                default: " value"
                }
            return APIError(
                status: 400, "JSON_PARSER_ERROR",
                "Cannot deserialize instance of " + field.type.rawValue + " from " + tokenName(of: json) + shown
                    + " or request may be missing a required field", fields: [field.name])
        }
        switch field.type {
        case .int, .currency:
            if json is NSNull { return .null }
            var number: Double?
            switch json {
            case let value as NSNumber where !isBoolean(value): number = value.doubleValue
            case let text as String where text.isEmpty: return .null
            case let text as String:
                // Decimal text only, as JSON writes numbers (Double(String) would also read 0x10).
                let bytes = Array(text.trimmingSpaces.utf8)
                if let first = bytes.first, first == UInt8(ascii: "-") || (first >= 0x30 && first <= 0x39),
                    JSONSyntax.firstError(in: bytes) == nil
                {
                    number = Double(String(decoding: bytes, as: UTF8.self))
                }
            default: number = nil
            }
            guard var number, number.isFinite else { throw refused() }
            if field.type == .int {
                guard number == number.rounded() else { throw refused() }
            } else {
                // Scale 0: stored rounded to a whole amount, as Salesforce rounds to a field's scale.
                number = number.rounded(.toNearestOrAwayFromZero)
            }
            guard abs(number) < pow(10, Double(field.type.digits)) else {
                throw APIError(
                    status: 400, "NUMBER_OUTSIDE_VALID_RANGE",
                    field.label + ": value outside of valid range on numeric field: " + numberText(number),
                    fields: [field.name])
            }
            return .number(number)
        case .date:
            if json is NSNull { return .null }
            guard let text = json as? String else { throw refused() }
            if text.isEmpty { return .null }
            // Salesforce keeps dates from 1700 to 4000.
            guard let days = SOQLLexer.parseDate(text), (1700...4000).contains(CivilDate.civil(fromDays: days).0) else {
                throw refused()
            }
            return .date(days)
        default:
            return nil
        }
    }

    /// Whether Foundation's parser read a JSON `true` or `false` (an NSNumber of type char).
    private static func isBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }

    /// The name Salesforce's parser (Jackson) gives the JSON token of a parsed value.
    private static func tokenName(of json: Any) -> String {
        switch json {
        case is String: "VALUE_STRING"
        case let number as NSNumber where isBoolean(number): number.boolValue ? "VALUE_TRUE" : "VALUE_FALSE"
        case is NSNumber: "VALUE_NUMBER"
        case is [Any]: "START_ARRAY"
        default: "START_OBJECT"
        }
    }

    /// A whole number written out in full (1500000000000000000, not 1.5e+18).
    private static func numberText(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e21 ? String(format: "%.0f", number) : String(number)
    }

    /// References must name a live record of the referenced object.
    private static func validateReferences(
        _ values: [(field: FieldSpec, value: FieldValue)], in tables: OrgTables
    )
        throws(APIError)
    {
        for (field, value) in values {
            guard let target = field.referenceTo, let id = value.text else { continue }
            guard let row = tables.row(of: target, id: id), !tables.isDeleted(target, row: row) else {
                throw APIError(
                    status: 400, "INVALID_CROSS_REFERENCE_KEY", "invalid cross reference id", fields: [field.name])
            }
        }
    }

    private static func isPlausibleEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !text.contains(" ")
            && !parts[1].hasPrefix(".") && !parts[1].hasSuffix(".")
    }
}
