import JSONKit
import RestCore
import SOQL

/// TSV straight from a page's bytes: the fields of each record are found with a scanner and
/// copied (unescaped and re-escaped for TSV) with no tree of values in between. The output is
/// byte for byte what `write(_: [JSONValue], into:)` gives for the same records.
extension RecordWriter {
    /// Appends the records of `page` to `output` (and the header row first, once, for TSV).
    public mutating func write(_ page: QueryPageBytes, into output: inout [UInt8]) throws(RestClientError) {
        if countsRows {
            write([.object(["totalSize": .number(Double(page.totalSize))])], into: &output)
            return
        }
        guard format == .tsv, let columns, let columnTree else {
            write(try page.parsedRecords(), into: &output)
            return
        }
        if !headerWritten {
            // The org's spelling of the fields, from the first records (parsed only for this).
            spellHeader(from: (try? page.parsedRecords(limit: Self.recordsSpellingTheHeader)) ?? [])
        }
        writeHeaderIfNeeded(into: &output)
        var ranges = [Range<Int>?](repeating: nil, count: columns.count)
        let outcome: Result<Void, JSONFailure> = page.body.withUnsafeBufferPointer { buffer in
            do throws(JSONFailure) {
                for record in page.records {
                    for index in ranges.indices { ranges[index] = nil }
                    var scanner = JSONScanner(bytes: buffer, index: record.lowerBound)
                    if scanner.current == UInt8(ascii: "{") {
                        try Self.locate(columnTree, with: &scanner, into: &ranges)
                    }
                    for (index, range) in ranges.enumerated() {
                        if index > 0 { output.append(UInt8(ascii: "\t")) }
                        if let range {
                            try Self.appendTSVField(UnsafeBufferPointer(rebasing: buffer[range]), to: &output)
                        }
                    }
                    output.append(UInt8(ascii: "\n"))
                }
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        if case .failure(let failure) = outcome {
            throw .jsonSerialization(failure.description)
        }
    }

    /// How many records of the first page the header's spelling is looked for in.
    static let recordsSpellingTheHeader = 100

    /// Records in `ranges` where each wanted field of the object at the cursor lies.
    private static func locate(
        _ node: ColumnNode, with scanner: inout JSONScanner, into ranges: inout [Range<Int>?]
    ) throws(JSONFailure) {
        let bytes = scanner.bytes
        try scanner.scanObject { scanner, key throws(JSONFailure) in
            guard let child = node.child(matching: UnsafeBufferPointer(rebasing: bytes[key])) else { return false }
            let start = scanner.index
            if !child.children.isEmpty, scanner.current == UInt8(ascii: "{") {
                try locate(child, with: &scanner, into: &ranges)
            } else {
                try scanner.skipValue()
            }
            for column in child.columns {
                ranges[column] = start..<scanner.index
            }
            return true
        }
    }

    /// One JSON value as a TSV field, as `appendTSVValue` writes the parsed value.
    private static func appendTSVField(
        _ value: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]
    )
        throws(JSONFailure)
    {
        switch value.first {
        case UInt8(ascii: "\"")?:
            try appendTSVString(UnsafeBufferPointer(rebasing: value[1..<(value.count - 1)]), to: &output)
        case UInt8(ascii: "n")?:
            return
        case UInt8(ascii: "t")?, UInt8(ascii: "f")?:
            output.append(contentsOf: value)
        default:
            // Numbers render as the parsed value does ("42", not "42.0"); objects and arrays as compact JSON.
            var scanner = JSONScanner(bytes: value)
            appendTSVValue(try scanner.parseValue(), to: &output)
        }
    }

    /// The text of a JSON string's inside, unescaped, then escaped for TSV.
    private static func appendTSVString(
        _ raw: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]
    )
        throws(JSONFailure)
    {
        var index = 0
        while index < raw.count {
            // The run up to the next JSON escape, escaped for TSV in one pass.
            var runEnd = index
            while runEnd < raw.count, raw[runEnd] != UInt8(ascii: "\\") { runEnd += 1 }
            if runEnd > index {
                guard TSVEscaper.append(UnsafeBufferPointer(rebasing: raw[index..<runEnd]), to: &output) else {
                    throw JSONFailure(message: "invalid UTF-8 in a string", offset: index)
                }
                index = runEnd
                continue
            }
            guard index + 1 < raw.count else { throw JSONFailure(message: "invalid escape", offset: index) }
            let escaped = raw[index + 1]
            index += 2
            switch escaped {
            case UInt8(ascii: "n"): TSVEscaper.appendASCII(0x0A, to: &output)
            case UInt8(ascii: "t"): TSVEscaper.appendASCII(0x09, to: &output)
            case UInt8(ascii: "r"): TSVEscaper.appendASCII(0x0D, to: &output)
            case UInt8(ascii: "\\"): TSVEscaper.appendASCII(0x5C, to: &output)
            case UInt8(ascii: "\""): output.append(UInt8(ascii: "\""))
            case UInt8(ascii: "/"): output.append(UInt8(ascii: "/"))
            case UInt8(ascii: "b"): TSVEscaper.appendASCII(0x08, to: &output)
            case UInt8(ascii: "f"): TSVEscaper.appendASCII(0x0C, to: &output)
            case UInt8(ascii: "u"):
                // Rare in practice: the scanner decodes the escape (and its surrogate pair).
                var end = index + 4
                if end + 1 < raw.count, raw[end] == UInt8(ascii: "\\"), raw[end + 1] == UInt8(ascii: "u") {
                    end += 6
                }
                guard end <= raw.count else { throw JSONFailure(message: "invalid \\u escape", offset: index) }
                appendTSV(try JSONScanner(bytes: raw).decodeString((index - 2)..<end), to: &output)
                index = end
            default:
                throw JSONFailure(message: "invalid escape", offset: index)
            }
        }
    }
}

/// Column paths as a tree of keys: `Id`, `Account.Name`, `Account.Owner.Name` share `Account`.
struct ColumnNode: Sendable {
    /// The key, folded as `FieldLookup` matches keys (the query may spell them otherwise than the answer).
    var key: [UInt8]
    /// The columns whose value is this key's value (one, or more when a field is selected twice).
    var columns: [Int] = []
    var children: [ColumnNode] = []

    init(key: [UInt8] = []) {
        self.key = key
    }

    init(columns: [SelectList.Column]) {
        self.init()
        for (index, column) in columns.enumerated() {
            insert(column.path[...], column: index)
        }
    }

    private mutating func insert(_ path: ArraySlice<String>, column: Int) {
        guard let first = path.first else { return }
        let key = Array(first.utf8).map(FieldLookup.folded)
        let position: Int
        if let existing = children.firstIndex(where: { $0.key == key }) {
            position = existing
        } else {
            children.append(ColumnNode(key: key))
            position = children.count - 1
        }
        if path.count == 1 {
            children[position].columns.append(column)
        } else {
            children[position].insert(path.dropFirst(), column: column)
        }
    }

    func child(matching key: UnsafeBufferPointer<UInt8>) -> ColumnNode? {
        search: for child in children where child.key.count == key.count {
            for index in 0..<key.count where child.key[index] != FieldLookup.folded(key[index]) {
                continue search
            }
            return child
        }
        return nil
    }
}
