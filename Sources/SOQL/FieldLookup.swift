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
            guard let members = fields(current), let found = member(key, of: members) else { return nil }
            current = found.value
        }
        return current
    }

    /// The member named `key`: the exact key first, then ignoring ASCII case.
    static func member<Record>(
        _ key: some StringProtocol, of members: [String: Record]
    ) -> (key: String, value: Record)? {
        if let exact = members[String(key)] { return (String(key), exact) }
        return members.first { keyMatches($0.key, key) }
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

extension FieldLookup {
    /// The keys of `record` that `path` matches, in the record's own spelling (`["Account",
    /// "Name"]` for `account.name`); nil unless every step is found.
    public static func keys<Record>(
        at path: some Sequence<some StringProtocol>, in record: Record, fields: (Record) -> [String: Record]?
    ) -> [String]? {
        var current = record
        var keys: [String] = []
        for key in path {
            guard let members = fields(current), let found = member(key, of: members) else { return nil }
            current = found.value
            keys.append(found.key)
        }
        return keys
    }
}
