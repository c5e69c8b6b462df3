/// A compound address field (`MailingAddress`) as a Bulk API 2.0 job reads it: the job cannot
/// select the field itself, so it selects the parts (`MailingStreet`, `MailingCity`, …) and the
/// address is put together again under the key REST gives each part (`street`, `city`, …).
public struct CompoundAddressParts: Sendable, Equatable {
    public struct Part: Sendable, Equatable {
        /// The key in the address REST returns (`postalCode`).
        public let key: String
        /// The column holding it (`MailingPostalCode`); nil when the org has no such field, so
        /// the key is always null, as REST sends it.
        public let column: String?
        public let kind: BulkCSVRecords.Kind

        public init(key: String, column: String?, kind: BulkCSVRecords.Kind = .text) {
            self.key = key
            self.column = column
            self.kind = kind
        }
    }

    /// The field's name as the org spells it (`MailingAddress`).
    public let name: String
    public let parts: [Part]

    public init(name: String, parts: [Part]) {
        self.name = name
        self.parts = parts
    }
}
