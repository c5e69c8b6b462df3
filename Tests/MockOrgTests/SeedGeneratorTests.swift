import Foundation
import Testing

@testable import MockOrg

@Suite struct SeedGeneratorTests {
    static func names(seed: UInt64, count: Int) -> [String] {
        let generator = SeedGenerator(seed: seed, contactCount: count)
        return (0..<count).map { generator.makeContact(index: $0).name }
    }

    @Test func theSameSeedGivesTheSameDataAndAnotherSeedOtherData() {
        #expect(Self.names(seed: 42, count: 500) == Self.names(seed: 42, count: 500))
        #expect(Self.names(seed: 42, count: 500) != Self.names(seed: 43, count: 500))
        // A bigger org starts with the same contacts.
        #expect(Array(Self.names(seed: 42, count: 800).prefix(500)) == Self.names(seed: 42, count: 500))
    }

    /// At scale the contacts are made in two halves on two threads: the same contacts, in order.
    @Test func contactsMadeInTwoHalvesAreTheContactsMadeInOne() {
        let generator = SeedGenerator(seed: 5, contactCount: 1001)
        let inHalves = [ContactRecord](count: 1001, halvingFrom: 2) { generator.makeContact(index:) }
        let inOne = (0..<1001).map(generator.makeContact(index:))
        #expect(inHalves.count == 1001)
        #expect(inHalves.map { "\($0)" } == inOne.map { "\($0)" })
    }

    @Test func aboutOneContactInTenHasCases() {
        let generator = SeedGenerator(seed: 9, contactCount: 5000)
        let withCases = (0..<5000).filter { generator.caseCount(forContact: $0) > 0 }.count
        #expect((350...650).contains(withCases))
    }

    @Test func namesMixScripts() {
        let scalars = Self.names(seed: 1, count: 2000).joined().unicodeScalars
        #expect(scalars.contains { (0xC0...0x17F).contains($0.value) }, "accented Latin")
        #expect(scalars.contains { (0x4E00...0x9FFF).contains($0.value) }, "CJK")
        #expect(scalars.contains { (0x0590...0x06FF).contains($0.value) }, "Hebrew or Arabic")
        #expect(scalars.contains { $0.properties.isEmojiPresentation }, "emoji")
    }

    @Test func idsCarryTheCaseSafeSuffixAndParseBack() throws {
        for (prefix, serial) in [("003", 1), ("001", 61), ("500", 999_999), ("003", 1_000_000)] {
            let id = SalesforceID.make(keyPrefix: prefix, serial: serial)
            #expect(id.count == 18 && id.hasPrefix(prefix))
            #expect(String(id.suffix(3)) == expectedChecksum(String(id.prefix(15))))
            let parsed = try #require(SalesforceID.parse(id))
            #expect(parsed.keyPrefix == prefix && parsed.serial == serial)
            let short = try #require(SalesforceID.parse(id.prefix(15)))
            #expect(short.serial == serial)
            #expect(SalesforceID.parse(id.prefix(15) + "XYZ") == nil || id.suffix(3) == "XYZ")
        }
    }
}
