/// The fields of Account, Contact and Case, in describe order.

enum AccountSchema {
    static let fields: [FieldSpec] =
        [
            .id(.account),
            .isDeleted(.account),
            FieldSpec(
                "Name", .string, label: "Account Name", length: 255, nillable: false,
                read: { tables, row in .string(tables.accounts[row].name) },
                readText: { tables, row in tables.accounts[row].name },
                write: { tables, row, value in tables.accounts[row].name = value.text ?? "" }),
            .text("Industry", .picklist, label: "Industry", length: 255, in: \.accounts, \.industry) {
                $0.accounts[$1].industry
            },
            .text("Phone", .phone, label: "Account Phone", length: 40, in: \.accounts, \.phone) {
                $0.accounts[$1].phone
            },
            .text("BillingCity", .string, label: "Billing City", length: 40, in: \.accounts, \.billingCity) {
                $0.accounts[$1].billingCity
            },
            .text("BillingCountry", .string, label: "Billing Country", length: 80, in: \.accounts, \.billingCountry) {
                $0.accounts[$1].billingCountry
            },
            FieldSpec(
                "NumberOfEmployees", .int, label: "Employees",
                read: { tables, row in tables.accounts[row].numberOfEmployees.map { .number(Double($0)) } ?? .null },
                write: { tables, row, value in
                    if case .number(let count) = value {
                        tables.accounts[row].numberOfEmployees = Int32(count)
                    } else {
                        tables.accounts[row].numberOfEmployees = nil
                    }
                }),
            FieldSpec(
                "AnnualRevenue", .currency, label: "Annual Revenue",
                read: { tables, row in tables.accounts[row].annualRevenue.map { .number($0) } ?? .null },
                write: { tables, row, value in
                    if case .number(let amount) = value {
                        tables.accounts[row].annualRevenue = amount
                    } else {
                        tables.accounts[row].annualRevenue = nil
                    }
                }),
        ]
        + FieldSpec.audit(
            users: { tables, row in tables.accounts[row].users },
            setOwner: { tables, row, owner in tables.accounts[row].users.owner = owner },
            created: { tables, row in tables.accounts[row].createdDate },
            lastModified: { tables, row in tables.accounts[row].lastModifiedDate },
            deleted: { tables, row in tables.accounts[row].deletedDate })
}

enum ContactSchema {
    static let fields: [FieldSpec] =
        [
            .id(.contact),
            .isDeleted(.contact),
            .reference(
                "AccountId", to: .account, relationship: "Account", label: "Account ID",
                serial: { tables, row in tables.contacts[row].accountSerial },
                write: { tables, row, value in
                    tables.contacts[row].accountSerial =
                        value.text.flatMap { tables.row(of: .account, id: $0) }
                        .map { Int32($0 + 1) } ?? 0
                }),
            FieldSpec(
                "LastName", .string, label: "Last Name", length: 80, nillable: false,
                read: { tables, row in .string(tables.contacts[row].lastName) },
                write: { tables, row, value in tables.contacts[row].lastName = value.text ?? "" }),
            .text("FirstName", .string, label: "First Name", length: 40, in: \.contacts, \.firstName) {
                $0.contacts[$1].firstName
            },
            FieldSpec(
                "Name", .string, label: "Full Name", length: 121, nillable: false, createable: false, updateable: false,
                read: { tables, row in .string(tables.contacts[row].name) },
                readText: { tables, row in tables.contacts[row].name }),
            .text("MailingStreet", .textarea, label: "Mailing Street", length: 255, in: \.contacts, \.mailingStreet) {
                $0.contacts[$1].mailingStreet
            },
            .text("MailingCity", .string, label: "Mailing City", length: 40, in: \.contacts, \.mailingCity) {
                $0.contacts[$1].mailingCity
            },
            .text("MailingState", .string, label: "Mailing State/Province", length: 80, in: \.contacts, \.mailingState)
            {
                $0.contacts[$1].mailingState
            },
            .text(
                "MailingPostalCode", .string, label: "Mailing Zip/Postal Code", length: 20, in: \.contacts,
                \.mailingPostalCode
            ) {
                $0.contacts[$1].mailingPostalCode
            },
            .text("MailingCountry", .string, label: "Mailing Country", length: 80, in: \.contacts, \.mailingCountry) {
                $0.contacts[$1].mailingCountry
            },
            FieldSpec(
                "MailingAddress", .address, label: "Mailing Address", createable: false, updateable: false,
                read: { tables, row in
                    let street = tables.contacts[row].mailingStreet
                    let city = tables.contacts[row].mailingCity
                    let state = tables.contacts[row].mailingState
                    let postalCode = tables.contacts[row].mailingPostalCode
                    let country = tables.contacts[row].mailingCountry
                    if street == nil, city == nil, state == nil, postalCode == nil, country == nil { return .null }
                    return .address(street: street, city: city, state: state, postalCode: postalCode, country: country)
                }),
            .text("Phone", .phone, label: "Business Phone", length: 40, in: \.contacts, \.phone) {
                $0.contacts[$1].phone
            },
            .text("MobilePhone", .phone, label: "Mobile Phone", length: 40, in: \.contacts, \.mobilePhone) {
                $0.contacts[$1].mobilePhone
            },
            .text("Email", .email, label: "Email", length: 80, in: \.contacts, \.email) { $0.contacts[$1].email },
            .text("Title", .string, label: "Title", length: 128, in: \.contacts, \.title) { $0.contacts[$1].title },
            FieldSpec(
                "Birthdate", .date, label: "Birthdate",
                read: { tables, row in tables.contacts[row].birthdate.map { .date(Int($0)) } ?? .null },
                write: { tables, row, value in
                    if case .date(let days) = value {
                        tables.contacts[row].birthdate = Int32(days)
                    } else {
                        tables.contacts[row].birthdate = nil
                    }
                }),
        ]
        + FieldSpec.audit(
            users: { tables, row in tables.contacts[row].users },
            setOwner: { tables, row, owner in tables.contacts[row].users.owner = owner },
            created: { tables, row in tables.contacts[row].createdDate },
            lastModified: { tables, row in tables.contacts[row].lastModifiedDate },
            deleted: { tables, row in tables.contacts[row].deletedDate })
}

enum CaseSchema {
    static let fields: [FieldSpec] =
        [
            .id(.supportCase),
            .isDeleted(.supportCase),
            FieldSpec(
                "CaseNumber", .string, label: "Case Number", length: 30, nillable: false, createable: false,
                updateable: false, read: { tables, row in .string(tables.cases[row].caseNumberText) }),
            .reference(
                "ContactId", to: .contact, relationship: "Contact", label: "Contact ID",
                serial: { tables, row in tables.cases[row].contactSerial },
                write: { tables, row, value in
                    tables.cases[row].contactSerial =
                        value.text.flatMap { tables.row(of: .contact, id: $0) }
                        .map { Int32($0 + 1) } ?? 0
                }),
            .reference(
                "AccountId", to: .account, relationship: "Account", label: "Account ID",
                serial: { tables, row in tables.cases[row].accountSerial },
                write: { tables, row, value in
                    tables.cases[row].accountSerial =
                        value.text.flatMap { tables.row(of: .account, id: $0) }
                        .map { Int32($0 + 1) } ?? 0
                }),
            .text("Subject", .string, label: "Subject", length: 255, in: \.cases, \.subject) {
                $0.cases[$1].subject
            },
            FieldSpec(
                "Status", .picklist, label: "Status", length: 255,
                read: { tables, row in .string(tables.cases[row].status) },
                write: { tables, row, value in tables.cases[row].status = value.text ?? "New" }),
        ]
        + FieldSpec.audit(
            users: { tables, row in tables.cases[row].users },
            setOwner: { tables, row, owner in tables.cases[row].users.owner = owner },
            created: { tables, row in tables.cases[row].createdDate },
            lastModified: { tables, row in tables.cases[row].lastModifiedDate },
            deleted: { tables, row in tables.cases[row].deletedDate })
}

/// The org's users, read-only: the one the access token stands for and its colleagues.
enum UserSchema {
    static let fields: [FieldSpec] = [
        .id(.user),
        FieldSpec(
            "Username", .string, label: "Username", length: 80, nillable: false, createable: false, updateable: false,
            read: { tables, row in .string(tables.users[row].username) }),
        FieldSpec(
            "Name", .string, label: "Full Name", length: 121, nillable: false, createable: false, updateable: false,
            read: { tables, row in .string(tables.users[row].name) }),
        FieldSpec(
            "Email", .email, label: "Email", length: 128, nillable: false, createable: false, updateable: false,
            read: { tables, row in .string(tables.users[row].email) }),
        FieldSpec(
            "IsActive", .boolean, label: "Active", nillable: false, createable: false, updateable: false,
            read: { tables, row in .boolean(tables.users[row].isActive) }),
        .dateTime("CreatedDate", label: "Created Date") { tables, row in tables.users[row].createdDate },
    ]
}
