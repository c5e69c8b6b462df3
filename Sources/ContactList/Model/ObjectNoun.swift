/// The words for records of the list's object in the app's sentences: "contact", "contacts",
/// "account", "opportunities". Taken from the object's describe when the app has read it
/// (`label`, `labelPlural`), else made from the API name.
public struct ObjectNoun: Hashable, Sendable {
    public let singular: String
    public let plural: String

    public init(singular: String, plural: String) {
        self.singular = singular
        self.plural = plural
    }

    /// The words made from an object's API name: `Contact` → contact(s), `Opportunity` →
    /// opportunities, a custom `Invoice__c` → invoice(s).
    public init(objectType: String) {
        var base = objectType
        if base.hasSuffix("__c") { base = String(base.dropLast(3)).replacingUnderscores() }
        let word = base.lowercased()
        singular = word
        if word.hasSuffix("y"), let before = word.dropLast().last, !"aeiou".contains(before) {
            plural = word.dropLast() + "ies"
        } else if word.hasSuffix("s") || word.hasSuffix("x") || word.hasSuffix("ch") || word.hasSuffix("sh") {
            plural = word + "es"
        } else {
            plural = word + "s"
        }
    }

    /// "1 contact", "5 contacts".
    public func count(_ count: Int) -> String {
        "\(count) \(count == 1 ? singular : plural)"
    }

    /// "1 contact was", "5 contacts were".
    public func countWere(_ count: Int) -> String {
        "\(self.count(count)) \(count == 1 ? "was" : "were")"
    }
}

extension String {
    fileprivate func replacingUnderscores() -> String {
        split(separator: "_", omittingEmptySubsequences: true).joined(separator: " ")
    }
}
