import Testing

@testable import ContactList

/// A server's Id and object name are checked before `y` copies or `o` opens anything: an Id
/// with a newline and a shell command, or a type that walks the URL's path, is refused.
@Suite("Record Ids and object names are checked before y and o")
struct RecordIdentityTests {
    static let hostileID = "003000000000001AAA\nrm -rf ~\n"

    @Test(
        "a Salesforce Id is 15 or 18 ASCII letters and digits",
        arguments: [
            ("003000000000001", true), ("003000000000001AAA", true), ("001Hs00003bXyZqIAK", true),
            ("", false), ("003A", false), ("003000000000001AA", false), ("003000000000001AAAA", false),
            (hostileID, false), ("003000000000001AA\n", false), ("003000000000001A/A", false),
            ("003000000000001AÄ", false), ("00300000000０001", false), ("003 00000000001AAA", false),
        ])
    func salesforceID(text: String, valid: Bool) {
        #expect(SalesforceID.isValid(text) == valid)
    }

    @Test(
        "an object name is a letter, then letters, digits and underscores",
        arguments: [
            ("Contact", true), ("Custom__c", true), ("ns__Thing__c", true), ("A1_b", true),
            ("", false), ("_Contact", false), ("1Contact", false), ("Contact/../../evil?x=1#", false),
            ("Contact ", false), ("Cont-act", false), ("Contäct", false), ("Contact\n", false),
        ])
    func objectName(text: String, valid: Bool) {
        #expect(ObjectName.isValid(text) == valid)
    }

    @Test("RecordLink makes no URL from an Id or a type that is not Salesforce's")
    func recordLinkRefuses() {
        let instance = "https://acme.my.salesforce.com"
        #expect(RecordLink.lightningURL(instanceURL: instance, objectType: "Contact", id: Self.hostileID) == nil)
        #expect(
            RecordLink.lightningURL(
                instanceURL: instance, objectType: "Contact/../../evil?x=1#", id: "003000000000001AAA") == nil)
        #expect(
            RecordLink.lightningURL(instanceURL: instance, objectType: "Custom__c", id: "a00000000000001")
                == "https://acme.lightning.force.com/lightning/r/Custom__c/a00000000000001/view")
    }

    static func model(id: String, type: String = "Contact") -> ContactListModel {
        var record = Fixtures.contact(0)
        record["Id"] = id
        record["attributes"] = ["type": type, "url": "/x"]
        var model = Fixtures.model(records: [record])
        model.instanceURL = "https://acme.my.salesforce.com"
        return model
    }

    @Test("y and o refuse a record whose Id is not a Salesforce Id, with one sentence")
    func hostileIDRefused() {
        var model = Self.model(id: Self.hostileID)
        #expect(model.handle(key: .character("y")).isEmpty)
        #expect(model.notices.statusMessage == "This record's Id is not a Salesforce Id; y and o refuse it.")
        model.notices.statusMessage = ""
        #expect(model.handle(key: .character("o")).isEmpty)
        #expect(model.notices.statusMessage == "This record's Id is not a Salesforce Id; y and o refuse it.")
    }

    @Test("o refuses a record whose type would choose the URL's path; y still copies its Id")
    func hostileTypeRefused() {
        var model = Self.model(id: "003000000000001AAA", type: "Contact/../../evil?x=1#")
        #expect(model.handle(key: .character("o")).isEmpty)
        #expect(model.notices.statusMessage == "This record's object name is not a Salesforce name; o refuses it.")
        guard case .copy(let text)? = model.handle(key: .character("y")).first else {
            Issue.record("y did not copy a valid Id")
            return
        }
        #expect(text == "003000000000001AAA")
    }
}
