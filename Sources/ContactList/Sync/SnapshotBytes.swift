/// Rows kept ready in one piece of bytes, which the records read from them share: a part of the
/// replica's snapshot of a list (each row its length, 4 bytes little-endian, then its
/// `ReadyRowFormat` bytes).
///
/// A start shows 100,000 rows from the snapshot. Making each row's text as it is read (a string
/// for each long value, an array of them, its `LastModifiedDate`) was most of the start's time
/// ("Sync down" in docs/BENCHMARKS.md), while only a screenful is ever drawn at once; so a row
/// keeps where its bytes are (`SnapshotRow`) and makes a value when it is asked for.
final class SnapshotBytes: Sendable {
    let bytes: [UInt8]
    let format: ReadyRowFormat

    init(bytes: [UInt8], format: ReadyRowFormat) {
        self.bytes = bytes
        self.format = format
    }
}
