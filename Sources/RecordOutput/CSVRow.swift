/// One row as `CSVReader.scan` finds it: each field's bytes, quotes taken off, and whether it
/// was quoted (an unquoted empty field is null, a quoted one empty text).
struct CSVRow {
    struct Field {
        let text: UnsafeBufferPointer<UInt8>
        let quoted: Bool
    }

    var fields: [Field] = []
    /// The line (from 1) the row starts on, for a sentence about it.
    var line = 1

    var count: Int { fields.count }
}
