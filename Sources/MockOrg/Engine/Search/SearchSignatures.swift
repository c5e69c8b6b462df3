import Foundation

/// The byte pairs and triples of each record's searchable text, hashed into 512 bits a row, so that
/// a SOSL search reads the fields of only the rows whose bits hold every one of its terms.
///
/// A row's text is each text field lowercased as the search matches it, in NFC so that the bytes
/// of equal text are equal, and the digits of each phone field. Any text a term matches holds the
/// term's tokens (or its phone digits), so a row whose bits lack them cannot match: the bits only
/// spare the exact test, never decide a match. Built for an object on its first search; a created
/// record gets its bits on the next search, an updated one at once (`recordChanged`), and deletes
/// change no text. Only used under `OrgStore`'s lock.
struct SearchSignatures {
    private var objects: [SObjectType: ObjectSearchSignatures] = [:]

    /// The bits of every row of `object`, made for the rows created since the last search.
    mutating func signatures(of object: SObjectType, tables: OrgTables) -> ObjectSearchSignatures {
        let kept: ObjectSearchSignatures
        if let known = objects[object] {
            kept = known
        } else {
            kept = ObjectSearchSignatures(object)
            objects[object] = kept
        }
        kept.extend(to: tables.rowCount(of: object), tables: tables)
        return kept
    }

    /// A record's text changed: its bits are made again, if its object's are kept.
    mutating func recordChanged(_ object: SObjectType, row: Int, tables: OrgTables) {
        objects[object]?.update(row: row, tables: tables)
    }
}

/// The search bits of one object's rows.
final class ObjectSearchSignatures {
    typealias Bits = SIMD8<UInt64>

    private let fields: [FieldSpec]
    private var rows: [Bits] = []
    /// The bits of non-ASCII texts, which repeat across rows (names, cities) and cost the most to fold.
    private var folded: [String: Bits] = [:]

    init(_ object: SObjectType) {
        fields = OrgStore.searchedFields(of: object, scope: .all)
    }

    /// Whether the row may hold every term (false: it holds none of them in full for sure).
    func mayMatch(row: Int, _ terms: [TermBits]) -> Bool {
        guard row < rows.count else { return true }
        let have = rows[row]
        return terms.allSatisfy { $0.isMet(by: have) }
    }

    fileprivate func extend(to count: Int, tables: OrgTables) {
        guard rows.count < count else { return }
        rows.reserveCapacity(count)
        for row in rows.count..<count { rows.append(bits(of: row, tables: tables)) }
        if folded.count > 100_000 { folded.removeAll() }
    }

    fileprivate func update(row: Int, tables: OrgTables) {
        guard row < rows.count else { return }
        rows[row] = bits(of: row, tables: tables)
    }

    private func bits(of row: Int, tables: OrgTables) -> Bits {
        var bits = Bits()
        for field in fields {
            guard case .string(let text) = field.read(tables, row) else { continue }
            bits |= textBits(text)
            if field.type == .phone { bits |= textBits(String(text.filter(\.isNumber))) }
        }
        return bits
    }

    private func textBits(_ text: String) -> Bits {
        var text = text
        text.makeContiguousUTF8()
        if let bits = text.utf8.withContiguousStorageIfAvailable({ Self.asciiBits($0) }), let bits {
            return bits
        }
        if let kept = folded[text] { return kept }
        let bits = Self.bits(Array(Self.fold(text).utf8))
        folded[text] = bits
        return bits
    }

    /// The bits of ASCII text, lowercased on the fly; nil for text that is not ASCII.
    private static func asciiBits(_ utf8: UnsafeBufferPointer<UInt8>) -> Bits? {
        var bits = Bits()
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        for (index, byte) in utf8.enumerated() {
            guard byte < 0x80 else { return nil }
            let lowered = byte >= 65 && byte <= 90 ? byte + 32 : byte
            if index >= 1 { set(&bits, pair: previous, lowered) }
            if index >= 2 { set(&bits, triple: beforePrevious, previous, lowered) }
            beforePrevious = previous
            previous = lowered
        }
        return bits
    }

    /// Text as the search compares it: lowercased, then in NFC.
    static func fold(_ text: String) -> String {
        text.lowercased().precomposedStringWithCanonicalMapping
    }

    /// The bits of bytes folded already.
    static func bits(_ bytes: [UInt8]) -> Bits {
        var bits = Bits()
        for index in bytes.indices.dropFirst() {
            set(&bits, pair: bytes[index - 1], bytes[index])
            if index >= 2 { set(&bits, triple: bytes[index - 2], bytes[index - 1], bytes[index]) }
        }
        return bits
    }

    private static func set(_ bits: inout Bits, pair a: UInt8, _ b: UInt8) {
        set(&bits, hash: UInt32(a) << 8 | UInt32(b))
    }

    private static func set(_ bits: inout Bits, triple a: UInt8, _ b: UInt8, _ c: UInt8) {
        set(&bits, hash: 0x0100_0000 | UInt32(a) << 16 | UInt32(b) << 8 | UInt32(c))
    }

    private static func set(_ bits: inout Bits, hash key: UInt32) {
        let bit = Int((key &* 2_654_435_761) >> 23)  // 0..<512
        bits[bit >> 6] |= 1 << UInt64(bit & 63)
    }
}

/// What a row's bits must hold for one search term: the bits of its tokens, or (for a phone field
/// matched by digits) the bits of its digits.
struct TermBits {
    let tokens: ObjectSearchSignatures.Bits
    let digits: ObjectSearchSignatures.Bits?

    init(_ term: SearchTerm) {
        var tokens = ObjectSearchSignatures.Bits()
        for token in term.tokens {
            tokens |= ObjectSearchSignatures.bits(Array(ObjectSearchSignatures.fold(token).utf8))
        }
        self.tokens = tokens
        let digits = term.digits
        self.digits =
            digits.isEmpty ? nil : ObjectSearchSignatures.bits(Array(ObjectSearchSignatures.fold(digits).utf8))
    }

    func isMet(by have: ObjectSearchSignatures.Bits) -> Bool {
        if have & tokens == tokens { return true }
        guard let digits else { return false }
        return have & digits == digits
    }
}
