/// The byte pairs and triples of each record's searchable text, hashed into bits a row
/// (`SearchBits`), so that a SOSL search reads the fields of only the rows whose bits hold every
/// one of its terms.
///
/// A row's text is each text field lowercased as the search matches it, in NFC so that the bytes
/// of equal text are equal, and the digits of each phone field. Any text a term matches holds the
/// term's tokens (or its phone digits), so a row whose bits lack them cannot match: the bits only
/// spare the exact test, never decide a match. The org builds them in the background once its
/// data is generated (`OrgStore.buildSearchSignatures`), from a snapshot of the tables; the rows
/// written meanwhile are made again when the build is installed. A created record gets its bits
/// on the next search, an updated one at once (`recordChanged`), and deletes change no text.
/// Only used under `OrgStore`'s lock.
struct SearchSignatures {
    private var objects: [SObjectType: ObjectSearchSignatures] = [:]
    /// The objects a build is making bits for off the lock, with the rows written since its snapshot.
    private var building: [SObjectType: Set<Int>] = [:]

    /// The bits of every row of `object`, made for the rows created since the last search; nil
    /// while a build makes them (the search then reads every row's fields).
    mutating func signatures(of object: SObjectType, tables: OrgTables) -> ObjectSearchSignatures? {
        guard building[object] == nil else { return nil }
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

    /// Whether a build of `object`'s bits may start: none is kept or being made. From now on the
    /// rows written are noted for `finishBuild`.
    mutating func startBuild(of object: SObjectType) -> Bool {
        guard objects[object] == nil, building[object] == nil else { return false }
        building[object] = []
        return true
    }

    /// Keeps the bits a build made from a snapshot, made again for the rows written since and
    /// extended to the rows created since.
    mutating func finishBuild(_ built: ObjectSearchSignatures, of object: SObjectType, tables: OrgTables) {
        let written = building.removeValue(forKey: object) ?? []
        for row in written { built.update(row: row, tables: tables) }
        built.extend(to: tables.rowCount(of: object), tables: tables)
        objects[object] = built
    }

    /// A record's text changed: its bits are made again, if its object's are kept.
    mutating func recordChanged(_ object: SObjectType, row: Int, tables: OrgTables) {
        building[object]?.insert(row)
        objects[object]?.update(row: row, tables: tables)
    }
}
