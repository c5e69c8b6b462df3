import JSONKit
import NIOCore

/// The JSON text of single records as query pages show them, kept between requests so that a page
/// is assembled by copying bytes instead of being serialized field by field on every request.
///
/// Text is kept per shape: the queried object, the API version (it is part of each record's `url`)
/// and the selected fields in order. A shape keeps its records' text in one growing byte arena, with
/// an offset and a length per row. A change to a record forgets its row in the shapes of its object,
/// and forgets whole every shape that shows it as a parent (finding its children would cost more).
/// Only used under `OrgStore`'s lock.
struct RecordFragments {
    /// Shapes kept at once; the least recently used goes first.
    let maxShapes: Int
    /// A shape whose arena would grow past this starts again empty, which bounds each shape's memory
    /// at this much text plus 8 bytes per row.
    let maxArenaBytes: Int

    private var shapes: [Shape] = []
    private var clock: UInt64 = 0

    init(maxShapes: Int = 4, maxArenaBytes: Int = 32 << 20) {
        self.maxShapes = maxShapes
        self.maxArenaBytes = maxArenaBytes
    }

    /// The shape of `paths` selected from `object` at `apiVersion`, made empty if not kept.
    mutating func shape(of object: SObjectType, paths: [FieldPath], apiVersion: String) -> Shape {
        clock += 1
        let key = object.name + "|" + apiVersion + "|" + paths.map(\.canonicalName).joined(separator: ",")
        if let kept = shapes.first(where: { $0.key == key }) {
            kept.lastUsed = clock
            return kept
        }
        if shapes.count >= maxShapes,
            let oldest = shapes.indices.min(by: { shapes[$0].lastUsed < shapes[$1].lastUsed })
        {
            shapes.remove(at: oldest)
        }
        let shape = Shape(
            key: key, object: object, paths: paths, apiVersion: apiVersion, maxArenaBytes: maxArenaBytes)
        shape.lastUsed = clock
        shapes.append(shape)
        return shape
    }

    /// Forgets what a change to the record of `object` at `row` (an update or a delete) makes stale.
    mutating func recordChanged(_ object: SObjectType, row: Int) {
        for shape in shapes {
            if shape.parents.contains(object) {
                shape.forgetAll()
            } else if shape.object == object {
                shape.forget(row: row)
            }
        }
    }

    /// The kept text of one shape's records.
    final class Shape {
        let key: String
        let object: SObjectType
        let layout: RecordShape
        let apiVersion: String
        /// The objects whose fields the shape shows through a relationship.
        let parents: Set<SObjectType>
        fileprivate(set) var arena: [UInt8] = []
        private var offsets: [UInt32] = []
        /// 0 for a row whose text is not kept (a record's text is never empty).
        private var lengths: [UInt32] = []
        fileprivate var lastUsed: UInt64 = 0
        private let maxArenaBytes: Int
        /// How many times the arena started again, so a page can tell that its texts were dropped.
        private var restarts = 0

        fileprivate init(
            key: String, object: SObjectType, paths: [FieldPath], apiVersion: String, maxArenaBytes: Int
        ) {
            self.maxArenaBytes = maxArenaBytes
            self.key = key
            self.object = object
            self.layout = RecordShape(paths)
            self.apiVersion = apiVersion
            self.parents = Set(paths.compactMap { $0.relationship?.referenceTo })
        }

        /// Appends the records at `rows` as JSON values separated by commas.
        func appendRecords(_ rows: ArraySlice<Int32>, tables: OrgTables, to buffer: inout ByteBuffer) {
            // First every row's text is made kept, then copied from local references to the arrays:
            // the copy loop then does no exclusivity checks of this class's properties per record.
            let restartsBefore = restarts
            var bytes = max(rows.count - 1, 0)
            var missing = [Int]()
            do {
                // Read through a local reference, which must be gone before `fragment` writes the
                // array (or the write would copy it whole).
                let lengths = self.lengths
                for row in rows {
                    let row = Int(row)
                    if row < lengths.count && lengths[row] > 0 {
                        bytes += Int(lengths[row])
                    } else {
                        missing.append(row)
                    }
                }
            }
            for row in missing { bytes += fragment(row: row, tables: tables).count }
            guard restarts == restartsBefore else {
                // The arena started again on the way: texts kept earlier are gone, so copy as they come.
                appendRecordsOneByOne(rows, tables: tables, to: &buffer)
                return
            }
            buffer.reserveCapacity(minimumWritableBytes: bytes)
            let offsets = self.offsets
            let lengths = self.lengths
            arena.withUnsafeBytes { arena in
                var first = true
                for row in rows {
                    if !first { buffer.writeInteger(UInt8(ascii: ",")) }
                    first = false
                    let start = Int(offsets[Int(row)])
                    buffer.writeBytes(UnsafeRawBufferPointer(rebasing: arena[start..<(start + Int(lengths[Int(row)]))]))
                }
            }
        }

        private func appendRecordsOneByOne(_ rows: ArraySlice<Int32>, tables: OrgTables, to buffer: inout ByteBuffer) {
            var first = true
            for row in rows {
                if !first { buffer.writeInteger(UInt8(ascii: ",")) }
                first = false
                // Copied at once: writing the next record's text may start the arena again.
                let text = fragment(row: Int(row), tables: tables)
                arena.withUnsafeBytes { _ = buffer.writeBytes(UnsafeRawBufferPointer(rebasing: $0[text])) }
            }
        }

        /// Where the text of `row` is in `arena`, written first if it is not kept.
        func fragment(row: Int, tables: OrgTables) -> Range<Int> {
            if row < lengths.count, lengths[row] > 0 {
                let start = Int(offsets[row])
                return start..<(start + Int(lengths[row]))
            }
            var writer = JSONWriter(capacity: 256)
            layout.write(row: row, of: object, apiVersion: apiVersion, tables: tables, into: &writer)
            let text = writer.bytes
            if arena.count + text.count > maxArenaBytes { forgetAll() }
            if row >= lengths.count {
                let count = max(row + 1, tables.rowCount(of: object))
                offsets += repeatElement(0, count: count - offsets.count)
                lengths += repeatElement(0, count: count - lengths.count)
            }
            let start = arena.count
            offsets[row] = UInt32(start)
            lengths[row] = UInt32(text.count)
            arena.append(contentsOf: text)
            return start..<(start + text.count)
        }

        fileprivate func forget(row: Int) {
            if row < lengths.count { lengths[row] = 0 }
        }

        fileprivate func forgetAll() {
            restarts += 1
            arena.removeAll(keepingCapacity: true)
            offsets.removeAll()
            lengths.removeAll()
        }
    }
}
