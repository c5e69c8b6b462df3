/// The one way a field path of a query finds its value in a record.
///
/// Salesforce answers with each field's canonical spelling (`Name`), while the query may spell
/// it otherwise (`name`), so keys match ignoring ASCII case; an exact match is tried first.
public enum FieldLookup {
    /// The value at `path` in `record`, following nested records; nil when a key is missing or a
    /// step is not a record. `fields` gives a value's members when it is a record.
    public static func value<Record>(
        at path: some Sequence<some StringProtocol>, in record: Record, fields: (Record) -> [String: Record]?
    ) -> Record? {
        var current = record
        for key in path {
            guard let members = fields(current) else { return nil }
            if let exact = members[String(key)] {
                current = exact
            } else if let match = members.first(where: { keyMatches($0.key, key) }) {
                current = match.value
            } else {
                return nil
            }
        }
        return current
    }

    /// Whether a record's key is the path's key, ignoring ASCII case.
    public static func keyMatches(_ key: some StringProtocol, _ wanted: some StringProtocol) -> Bool {
        key.utf8.count == wanted.utf8.count && zip(key.utf8, wanted.utf8).allSatisfy { folded($0) == folded($1) }
    }

    /// A byte of a key as matching compares it: ASCII letters in lower case.
    @inline(__always)
    public static func folded(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}
