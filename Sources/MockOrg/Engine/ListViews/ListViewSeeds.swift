/// The list views every mock org starts with, as a new Salesforce org has them.
enum ListViewSeeds {
    /// A view before it has an id.
    struct Definition {
        let object: SObjectType
        let label: String
        let developerName: String
        let columns: [String]
        var filter: String?
        var scope = "everything"
        var ordering: [ListView.Ordering]
        var soqlCompatible = true
        var rowLimit: Int?

        func view(id: String) -> ListView {
            ListView(
                id: id, object: object, label: label, developerName: developerName, columns: columns, filter: filter,
                scope: scope, ordering: ordering, soqlCompatible: soqlCompatible, rowLimit: rowLimit)
        }
    }

    /// The columns of an object's "All" view, which views added by `--list-view` show too.
    static func defaultColumns(_ object: SObjectType) -> [String] {
        switch object {
        case .contact: ["Name", "Account.Name", "Title", "Phone", "Email"]
        case .account: ["Name", "BillingCity", "BillingCountry", "Phone", "Industry"]
        case .supportCase: ["CaseNumber", "Contact.Name", "Subject", "Status", "CreatedDate"]
        case .user: ["Name", "Username", "Email", "IsActive"]
        }
    }

    static func defaultOrdering(_ object: SObjectType) -> [ListView.Ordering] {
        switch object {
        case .contact, .account, .user: [ListView.Ordering(field: "Name", descending: false)]
        case .supportCase: [ListView.Ordering(field: "CaseNumber", descending: true)]
        }
    }

    /// The seeded views; "My Contacts" only when the org has a user to own records (`ownerID`).
    static func definitions(ownerID: String?) -> [Definition] {
        func definition(
            _ object: SObjectType, _ label: String, _ developerName: String, filter: String? = nil
        ) -> Definition {
            Definition(
                object: object, label: label, developerName: developerName, columns: defaultColumns(object),
                filter: filter, ordering: defaultOrdering(object))
        }
        var contacts = [definition(.contact, "All Contacts", "AllContacts")]
        if let ownerID {
            var mine = definition(.contact, "My Contacts", "MyContacts", filter: "OwnerId = '" + ownerID + "'")
            mine.scope = "mine"
            contacts.append(mine)
        }
        contacts.append(definition(.contact, "New This Week", "NewThisWeek", filter: "CreatedDate = THIS_WEEK"))
        // Recently viewed views are not SOQL-compatible on Salesforce: only their results read them.
        var recent = definition(.contact, "Recently Viewed Contacts", "RecentlyViewedContacts")
        recent.scope = "mru"
        recent.soqlCompatible = false
        recent.ordering = [ListView.Ordering(field: "LastModifiedDate", descending: true)]
        recent.rowLimit = 200
        contacts.append(recent)
        return contacts + [
            definition(.account, "All Accounts", "AllAccounts"),
            definition(.account, "New This Week", "NewThisWeek", filter: "CreatedDate = THIS_WEEK"),
            definition(.account, "Technology Accounts", "TechnologyAccounts", filter: "Industry = 'Technology'"),
            definition(.supportCase, "All Open Cases", "AllOpenCases", filter: "Status != 'Closed'"),
            definition(.supportCase, "All Closed Cases", "AllClosedCases", filter: "Status = 'Closed'"),
        ]
    }
}
