import JSONKit

/// One CSV row written as a TSV line or a JSON line, byte for byte what `RecordWriter` writes for
/// the record `BulkCSVRecords` reads from it.
extension BulkCSVLayout {
    func appendTSV(_ row: CSVRow, to output: inout [UInt8]) {
        for (index, source) in tsv.enumerated() {
            if index > 0 { output.append(UInt8(ascii: "\t")) }
            switch source {
            case .missing:
                break
            case .column(let column, let kind):
                Self.appendTSV(row.fields[column].text, kind: kind, to: &output)
            case .address(let shown, let all):
                guard !Self.allNull(all, in: row) else { break }
                var first = true
                for column in shown {
                    guard let column, !row.fields[column].text.isEmpty else { continue }
                    if !first { output.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: " ")]) }
                    first = false
                    Self.appendTSVText(row.fields[column].text, to: &output)
                }
            case .object(let member):
                guard case .object(_, let all) = member, !Self.allNull(all, in: row) else { break }
                Self.appendJSON(member, row: row, to: &output)
            }
        }
        output.append(UInt8(ascii: "\n"))
    }

    func appendJSON(_ row: CSVRow, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "{"))
        for (index, entry) in members.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            output.append(contentsOf: entry.key)
            Self.appendJSON(entry.member, row: row, to: &output)
        }
        output.append(contentsOf: [UInt8(ascii: "}"), UInt8(ascii: "\n")])
    }

    static func allNull(_ columns: [Int], in row: CSVRow) -> Bool {
        columns.allSatisfy { row.fields[$0].text.isEmpty }
    }

    private static func appendJSON(_ member: Member, row: CSVRow, to output: inout [UInt8]) {
        switch member {
        case .column(let column, let kind):
            guard let column, case let text = row.fields[column].text, !text.isEmpty else {
                output.append(contentsOf: "null".utf8)
                return
            }
            appendJSON(text, kind: kind, to: &output)
        case .object(let children, let all):
            guard !allNull(all, in: row) else {
                output.append(contentsOf: "null".utf8)
                return
            }
            output.append(UInt8(ascii: "{"))
            for (index, child) in children.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                JSONEscaper.appendQuotedForTerminal(child.key, to: &output)
                output.append(UInt8(ascii: ":"))
                appendJSON(child.member, row: row, to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    // MARK: - Values, as `BulkCSVRecords.value` reads them and `RecordWriter` writes those

    private static func appendTSV(_ text: UnsafeBufferPointer<UInt8>, kind: Kind, to output: inout [UInt8]) {
        guard !text.isEmpty else { return }
        switch kind {
        case .text, .boolean:
            appendTSVText(text, to: &output)
        case .number:
            if let number = number(text) {
                JSONNumber.append(number, to: &output)
            } else {
                appendTSVText(text, to: &output)
            }
        case .dateTime:
            guard text.last == UInt8(ascii: "Z") else { return appendTSVText(text, to: &output) }
            appendTSVText(UnsafeBufferPointer(rebasing: text.dropLast()), to: &output)
            output.append(contentsOf: "+0000".utf8)
        }
    }

    /// Text escaped for TSV; bytes that are not UTF-8 are replaced, as a `String` made of them is.
    private static func appendTSVText(_ text: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        let start = output.count
        guard !TSVEscaper.append(text, to: &output) else { return }
        output.removeSubrange(start...)
        TSVEscaper.append(String(decoding: text, as: UTF8.self), to: &output)
    }

    private static func appendJSON(_ text: UnsafeBufferPointer<UInt8>, kind: Kind, to output: inout [UInt8]) {
        switch kind {
        case .text:
            appendJSONString(text, to: &output)
        case .number:
            if let number = number(text) {
                JSONNumber.append(number, to: &output)
            } else {
                appendJSONString(text, to: &output)
            }
        case .boolean:
            if text.elementsEqual("true".utf8) || text.elementsEqual("false".utf8) {
                output.append(contentsOf: text)
            } else {
                appendJSONString(text, to: &output)
            }
        case .dateTime:
            guard text.last == UInt8(ascii: "Z") else { return appendJSONString(text, to: &output) }
            JSONEscaper.appendQuotedForTerminal(String(decoding: text.dropLast(), as: UTF8.self) + "+0000", to: &output)
        }
    }

    /// A quoted JSON string; ASCII text straight from the bytes, other text through a `String`,
    /// which replaces bytes that are not UTF-8.
    private static func appendJSONString(_ text: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        if text.allSatisfy({ $0 < 0x80 }) {
            JSONEscaper.appendQuotedForTerminal(text, to: &output)
        } else {
            JSONEscaper.appendQuotedForTerminal(String(decoding: text, as: UTF8.self), to: &output)
        }
    }

    private static func number(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        Double(String(decoding: text, as: UTF8.self))
    }
}
