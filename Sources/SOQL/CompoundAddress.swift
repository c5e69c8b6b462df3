/// A compound address field (`MailingAddress`, `BillingAddress`, or any record value made of an
/// address's parts) as one line of text: "street, city, postal code, state, country".
///
/// Salesforce sends such a field as a JSON object without `attributes`, so it is told from a
/// related record by its keys. Like `FieldLookup`, it is generic over the record type.
public enum CompoundAddress {
    /// The parts shown, in the order shown.
    public static let shownKeys = ["street", "city", "postalCode", "state", "country"]
    /// Every key an address value may carry.
    static let addressKeys: Set<String> =
        Set(shownKeys).union(["stateCode", "countryCode", "latitude", "longitude", "geocodeAccuracy"])

    /// The address in `members` as one line, empty parts skipped; nil when `members` is not an
    /// address (a key that no address has, or none of the shown parts).
    public static func line<Record>(_ members: [String: Record], text: (Record) -> String?) -> String? {
        guard members.keys.allSatisfy(addressKeys.contains), shownKeys.contains(where: { members[$0] != nil })
        else { return nil }
        let parts = shownKeys.compactMap { key -> String? in
            guard let value = members[key].flatMap(text), !value.isEmpty else { return nil }
            return value
        }
        return parts.joined(separator: ", ")
    }
}
