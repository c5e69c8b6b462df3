import Testing

@testable import SOQL

/// `SOQLSelectRewriter`: a compound field of the SELECT list replaced by its parts, and nothing else touched.
@Suite struct SOQLSelectRewriterTests {
    @Test func aFieldIsReplacedByItsPartsWhereverItStandsAndInAnyCase() {
        #expect(
            SOQLSelectRewriter.replacingFields(
                "SELECT Id, mailingaddress, Name FROM Contact WHERE MailingAddress != null ORDER BY Name",
                ["MailingAddress": ["MailingStreet", "MailingCity"]])
                == "SELECT Id, MailingStreet, MailingCity, Name FROM Contact WHERE MailingAddress != null ORDER BY Name"
        )
        #expect(
            SOQLSelectRewriter.replacingFields(
                "SELECT MailingAddress,OtherAddress FROM Contact",
                ["MailingAddress": ["MailingCity"], "OtherAddress": ["OtherCity"]])
                == "SELECT MailingCity,OtherCity FROM Contact")
    }

    @Test func aFieldWhosePartsAreAllSelectedIsTakenOutWithItsComma() {
        let replacements = ["MailingAddress": [String]()]
        #expect(
            SOQLSelectRewriter.replacingFields("SELECT MailingAddress, MailingCity FROM Contact", replacements)
                == "SELECT MailingCity FROM Contact")
        #expect(
            SOQLSelectRewriter.replacingFields("SELECT MailingCity, MailingAddress FROM Contact", replacements)
                == "SELECT MailingCity FROM Contact")
    }

    @Test func aParentsFieldAnAliasOrAStatementThatDoesNotParseIsLeftAlone() {
        let replacements = ["MailingAddress": ["MailingCity"]]
        #expect(SOQLSelectRewriter.replacingFields("SELECT Account.MailingAddress FROM Contact", replacements) == nil)
        #expect(SOQLSelectRewriter.replacingFields("SELECT Id FROM Contact", replacements) == nil)
        #expect(SOQLSelectRewriter.replacingFields("SELECT FROM", replacements) == nil)
    }
}
