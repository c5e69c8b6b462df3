extension ReadyRowFormat {
    /// Where a row's parts are in its bytes (`bytes(of:)`), besides its values.
    struct RowLayout {
        /// The name shown: the value at an index, or text of its own.
        enum Name {
            case value(Int)
            case text(Range<Int>)
        }

        let id: Range<Int>
        let type: Range<Int>
        let name: Name
        let modified: Range<Int>
        /// Where the ORDER BY values start (`orderValues(in:from:text:)`).
        let orderStart: Int
    }

    /// Walks a row's bytes as `row(from:)` reads them, without making any text: hands `value`
    /// each column's index, facts byte (its width, and the folded flag), text and folded text
    /// when it has one. Nil when the bytes do not read so, as `row(from:)` is; the ORDER BY
    /// values are checked too unless `checksOrder` is false (bytes checked once already).
    func walk(
        _ bytes: UnsafeRawBufferPointer, checksOrder: Bool = true,
        _ value: (_ column: Int, _ facts: UInt8, _ text: Range<Int>, _ folded: Range<Int>?) -> Void
    ) -> RowLayout? {
        var reader = Reader(bytes: bytes)
        guard let id = reader.textRange(), !id.isEmpty, let type = reader.textRange(),
            let count = reader.count(), count == columns.count
        else { return nil }
        for column in 0..<count {
            guard let facts = reader.byte(), let text = reader.textRange() else { return nil }
            var folded: Range<Int>?
            if facts & Self.foldedFlag != 0 {
                guard let range = reader.textRange() else { return nil }
                folded = range
            }
            value(column, facts, text, folded)
        }
        guard let reference = reader.count() else { return nil }
        let name: RowLayout.Name
        if reference == 0 {
            guard let text = reader.textRange() else { return nil }
            name = .text(text)
        } else {
            guard reference <= count else { return nil }
            name = .value(reference - 1)
        }
        guard let modified = reader.textRange() else { return nil }
        let orderStart = reader.offset
        // The ORDER BY values are checked here too, so that a snapshot row always reads them.
        guard !checksOrder || orderValues(in: bytes, from: orderStart, text: { $0 < count ? "" : nil }) != nil
        else { return nil }
        return RowLayout(id: id, type: type, name: name, modified: modified, orderStart: orderStart)
    }

    /// The ORDER BY values written from `start` to the end of `bytes`; `text` gives the value
    /// at an index (nil past the values). Nil when they do not read.
    func orderValues(
        in bytes: UnsafeRawBufferPointer, from start: Int, text: (Int) -> String?
    ) -> [RowOrder.SortValue]? {
        var reader = Reader(bytes: bytes, offset: start)
        guard let count = reader.count(), count == (order?.items.count ?? 0) else { return nil }
        var values: [RowOrder.SortValue] = []
        values.reserveCapacity(count)
        for _ in 0..<count {
            guard let tag = reader.byte() else { return nil }
            switch tag {
            case 0: values.append(.null)
            case 1:
                guard let reference = reader.count() else { return nil }
                if reference == 0 {
                    guard let text = reader.text() else { return nil }
                    values.append(.text(text))
                } else {
                    guard let value = text(reference - 1) else { return nil }
                    values.append(.text(value))
                }
            case 2:
                guard let number = reader.double() else { return nil }
                values.append(.number(number))
            case 3: values.append(.bool(false))
            case 4: values.append(.bool(true))
            default: return nil
            }
        }
        return reader.isAtEnd ? values : nil
    }
}
