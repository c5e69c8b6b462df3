import SOQL

/// The errors of names that the org's schema does not know, in Salesforce's words.
extension SOQLError {
    static func noSuchColumn(
        _ name: String, on object: SObjectType, at offset: Int, in statement: String
    )
        -> SOQLError
    {
        at(
            offset, in: statement, code: "INVALID_FIELD",
            "No such column '" + name + "' on entity '" + object.name
                + "'. If you are attempting to use a custom field, be sure to append the '__c' after the custom field name. Please reference your WSDL or the describe call for the appropriate names."
        )
    }

    static func noSuchObject(_ name: String, at offset: Int, in statement: String) -> SOQLError {
        at(
            offset, in: statement, code: "INVALID_TYPE",
            "sObject type '" + name
                + "' is not supported. If you are attempting to use a custom object, be sure to append the '__c' after the entity name. Please reference your WSDL or the describe call for the appropriate names."
        )
    }
}
