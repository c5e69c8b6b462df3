import Foundation
import NIOCore
import Testing

@testable import MockOrg

/// A SOSL search with the rows' search bits decides exactly as a fresh scan of every field does,
/// for every row, before and after creates, updates and deletes; and the bits do rule rows out.
@Suite struct SearchSignaturesTests {
    static let texts = [
        "smith", "Smi*", "José", "jose*", "Zoë", "山田", "山田*", "j smith", "Müller", "MÜLLER", "Ångström", "ångs*",
        "\"Van der Berg\"", "Van Berg*", "94107", "555-0199", "555*", "(415) 555-0123", "4155550123",
        "415555*", "example.org", "Rocket 🚀", "Łęcka", "łę*", "San Francisco", "Zyzzyva", "zyz*", "Quux",
        "Market Street", "ceo", "VP, Sales", "12*", "a b", "Sun ☀️",
        // Case subjects, so that the Case rows are compared on texts that match some of them.
        "Invoice", "endommagé", "配送*", "refund*",
    ]
    static let scopes = ["ALL", "NAME", "EMAIL", "PHONE"]

    /// Every row matches with the bits exactly when it matches without them.
    private func expectSameAsFreshScan(_ store: OrgStore, object: SObjectType = .contact) throws {
        try store.state.withLock { (state: inout OrgStore.State) throws in
            let tables = state.tables
            let signatures = state.searchSignatures.signatures(of: object, tables: tables)!
            // Rows some text matches, so that agreeing on "no row" alone cannot pass.
            var matched = 0
            for scope in Self.scopes {
                for text in Self.texts {
                    let search = try SOSLSearch(
                        parsing: "FIND {\(text)} IN \(scope) FIELDS RETURNING \(object.name)(Id)")
                    let fresh = OrgStore.searchMatcher(search, object: object, tables: tables)
                    let candidates = Set(
                        signatures.candidates(search.terms.map(TermBits.init))(0..<tables.rowCount(of: object)))
                    var differing: [Int] = []
                    for row in 0..<tables.rowCount(of: object) {
                        if fresh(row) { matched += 1 }
                        if fresh(row) && !candidates.contains(Int32(row)) { differing.append(row) }
                    }
                    #expect(differing.isEmpty, "\(text) in \(scope) fields: rows \(differing.prefix(5))")
                }
            }
            #expect(matched > 0, "no text matched any \(object.name) row")
        }
    }

    @Test func theBitsDecideAsAFreshScanOfASeededOrg() throws {
        let store = OrgStore(generator: SeedGenerator(seed: 7, contactCount: 3000))
        try expectSameAsFreshScan(store)
        try expectSameAsFreshScan(store, object: .account)
        try expectSameAsFreshScan(store, object: .supportCase)
    }

    @Test func aBuildInTwoHalvesMakesTheBitsOfABuildInOne() {
        let store = OrgStore(generator: SeedGenerator(seed: 7, contactCount: 3000))
        store.state.withLock { state in
            for object in [SObjectType.contact, .account] {
                let whole = ObjectSearchSignatures(object)
                whole.build(from: state.tables, halvingFrom: .max)
                let halves = ObjectSearchSignatures(object)
                halves.build(from: state.tables, halvingFrom: 2)
                #expect(whole.rows.count == state.tables.rowCount(of: object))
                #expect(halves.rows == whole.rows, "\(object)")
            }
        }
    }

    @Test func theBitsFollowCreatesUpdatesAndDeletes() throws {
        let store = OrgStore(generator: SeedGenerator(seed: 7, contactCount: 500))
        try expectSameAsFreshScan(store)
        func id(_ row: Int) -> String { SalesforceID.make(keyPrefix: "003", serial: row + 1) }
        try store.update(
            .contact, id: id(3), body: Array(#"{"LastName":"Zyzzyva","Phone":"(415) 555-0123"}"#.utf8), now: 1)
        try store.update(.contact, id: id(4), body: Array(#"{"Title":null,"Email":"quux@example.org"}"#.utf8), now: 1)
        // Decomposed (NFD) text is found by the composed spelling, and the other way round.
        _ = try store.create(
            .contact, body: Array("{\"LastName\":\"A\u{30A}ngstro\u{308}m\",\"FirstName\":\"Quux\"}".utf8), now: 1)
        _ = try store.create(.contact, body: Array(#"{"LastName":"Zyzzyva","MobilePhone":"4155550123"}"#.utf8), now: 1)
        try store.delete(.contact, id: id(5))
        try expectSameAsFreshScan(store)
        try store.update(.contact, id: id(3), body: Array(#"{"LastName":"Smith","Phone":null}"#.utf8), now: 2)
        try expectSameAsFreshScan(store)
        try store.state.withLock { (state: inout OrgStore.State) throws in
            let search = try SOSLSearch(parsing: "FIND {Ångström} RETURNING Contact(Id)")
            let signatures = state.searchSignatures.signatures(of: .contact, tables: state.tables)!
            let row = state.tables.contacts.count - 2
            #expect(OrgStore.searchMatcher(search, object: .contact, tables: state.tables)(row))
            #expect(signatures.candidates(search.terms.map(TermBits.init))(row..<row + 1) == [Int32(row)])
        }
    }

    @Test func theBitsRuleOutRowsThatCannotMatch() throws {
        let store = OrgStore(generator: SeedGenerator(seed: 7, contactCount: 3000))
        try store.state.withLock { (state: inout OrgStore.State) throws in
            let signatures = state.searchSignatures.signatures(of: .contact, tables: state.tables)!
            // Every contact's phones read "(NNN) 555-NNNN": a phone line's digits must still rule out
            // nearly every row, as a name's letters do.
            for (text, most) in [
                ("94107", 300), ("smith123", 300), ("zyzzyva", 300), ("555-0199", 30), ("742 Market", 30),
            ] {
                let passing = signatures.candidates(SearchTerm.parse(text).map(TermBits.init))(0..<3000)
                #expect(passing.count < most, "\(text): \(passing.count) of 3000 rows pass")
            }
        }
    }

    /// Text of ASCII and Latin-1 letters, lowercased on the fly, has the bits of the same text
    /// folded as the search folds it; any other text is left to folding.
    @Test func plainTextHasTheBitsOfItsFoldedText() throws {
        func plainBits(_ text: String, digitsToo: Bool = false) -> SearchBits? {
            var text = text
            var plain = false
            let bits = SearchBits.collecting { words in
                plain = text.withUTF8 { SearchBits.addPlain($0, digitsToo: digitsToo, to: words) }
            }
            return plain ? bits : nil
        }
        let latin1 = (0xC0...0xFF).map { String(UnicodeScalar(UInt8($0))) }.joined()
        for text in ["Smith", "JOSÉ Núñez", "ØDEGAARD", "Zoë", "straße", "ÿ ÷ × Þorn", latin1, "A-b_c.9 @x", ""] {
            let plain = try #require(plainBits(text), "\(text) is plain")
            #expect(plain == SearchBits(folded: ObjectSearchSignatures.fold(text).utf8), "\(text)")
        }
        let phone = try #require(plainBits("(415) 555-0123", digitsToo: true))
        var digits = SearchBits(folded: "4155550123".utf8)
        digits |= SearchBits(folded: "(415) 555-0123".utf8)
        #expect(phone == digits)
        for text in ["Łukasz", "Nguyễn", "山田", "Анна", "Sun ☀️", "A\u{30A}ngstro\u{308}m", "¹²³", "µ"] {
            #expect(plainBits(text) == nil, "\(text) is left to folding")
        }
    }

    /// A search reads the rows its bits let through a block at a time: it keeps the rows a scan of
    /// every row keeps, in order, whether it stops in the first block, in a later one or never.
    @Test func aScanOfTheCandidatesKeepsTheRowsOfAScanOfEveryRow() throws {
        let store = OrgStore(generator: SeedGenerator(seed: 7, contactCount: 40_000))
        try store.state.withLock { (state: inout OrgStore.State) throws in
            #expect(state.tables.contacts.count > 2 * OrgStore.candidateBlock)
            let signatures = state.searchSignatures.signatures(of: .contact, tables: state.tables)!
            for (sosl, wanted) in [
                ("FIND {smith} RETURNING Contact(Id)", 5), ("FIND {smith} RETURNING Contact(Id)", 600),
                ("FIND {smith} RETURNING Contact(Id)", Int.max), ("FIND {555-0199} RETURNING Contact(Id)", Int.max),
                ("FIND {Zyzzyva} RETURNING Contact(Id)", 10),
                ("FIND {smith} RETURNING Contact(Id ORDER BY Name DESC)", 1_500),
            ] {
                let search = try SOSLSearch(parsing: sosl)
                let query = try store.statements.query(search.returning[0].soql, now: 1)
                let exact = OrgStore.searchMatcher(search, object: .contact, tables: state.tables)
                let everyRow = try OrgStore.scan(
                    query, includeDeleted: false, wanted: wanted, alsoMatching: exact, state: &state)
                let candidates = try OrgStore.scan(
                    query, includeDeleted: false, wanted: wanted,
                    among: signatures.candidates(search.terms.map(TermBits.init)), alsoMatching: exact, state: &state)
                #expect(candidates == everyRow, "\(sosl), \(wanted) wanted")
                if sosl.contains("smith") { #expect(!everyRow.isEmpty) }
                if wanted == 600 {
                    // Stopped in a block after the first, not at the end.
                    #expect(everyRow.count == 600)
                    #expect(Int(everyRow.last ?? 0) >= OrgStore.candidateBlock)
                }
            }
        }
    }
}
