/// The byte pairs and triples of each record's searchable text, hashed into bits a row
/// (`SearchBits`), so that a SOSL search reads the fields of only the rows whose bits hold every
/// one of its terms.
///
/// A row's text is each text field lowercased as the search matches it, in NFC so that the bytes
/// of equal text are equal, and the digits of each phone field. Any text a term matches holds the
/// term's tokens (or its phone digits), so a row whose bits lack them cannot match: the bits only
/// spare the exact test, never decide a match. The org builds them with its data, before it
/// listens (`init(tables:)`), so that no search waits for them or scans without them. A created record gets its bits on the next search, an updated one
/// at once (`recordChanged`), and deletes change no text. Only used under `OrgStore`'s lock.
struct SearchSignatures {
    private var objects: [SObjectType: ObjectSearchSignatures] = [:]

    /// The bits of every row of every data object in `tables`.
    init(tables: OrgTables) {
        for object in SObjectType.dataObjects {
            let built = ObjectSearchSignatures(object)
            built.build(from: tables)
            objects[object] = built
        }
    }

    /// The bits of every row of `object`, made for the rows created since the last search; nil for
    /// an object without bits (not one of `SObjectType.dataObjects`).
    func signatures(of object: SObjectType, tables: OrgTables) -> ObjectSearchSignatures? {
        guard let kept = objects[object] else { return nil }
        kept.extend(to: tables.rowCount(of: object), tables: tables)
        return kept
    }

    /// A record's text changed: its bits are made again.
    func recordChanged(_ object: SObjectType, row: Int, tables: OrgTables) {
        objects[object]?.update(row: row, tables: tables)
    }
}
