import Foundation

/// Makes the search bits of one object's rows: every searched field's text streamed into one set
/// of bits a row. Text that is ASCII or Latin-1 letters is lowercased on the fly; any other text
/// is folded as the search folds it (`ObjectSearchSignatures.fold`), and its bits are kept by text,
/// as names and cities repeat across rows and folding costs the most. One maker a thread.
struct RowBitsMaker {
    private let fields: [(text: @Sendable (OrgTables, Int) -> String?, isPhone: Bool)]
    private var folded: [UTF8Key: SearchBits] = [:]

    init(_ object: SObjectType) {
        fields = OrgStore.searchedFields(of: object, scope: .all).map { field in
            (field.readText ?? { field.read($0, $1).text }, field.type == .phone)
        }
    }

    /// The bits of `row` of `tables`.
    mutating func bits(of row: Int, tables: OrgTables) -> SearchBits {
        SearchBits.collecting { words in
            for (readText, isPhone) in fields {
                guard var text = readText(tables, row) else { continue }
                text.makeContiguousUTF8()
                let plain =
                    text.utf8.withContiguousStorageIfAvailable {
                        SearchBits.addPlain($0, digitsToo: isPhone, to: words)
                    } ?? false
                guard !plain else { continue }
                SearchBits.add(foldedBits(text), to: words)
                if isPhone { SearchBits.add(foldedBits(String(text.filter(\.isNumber))), to: words) }
            }
        }
    }

    /// Forgets the folded texts once there are many: edits and creates add texts without end.
    mutating func trimCache() {
        if folded.count > 100_000 { folded.removeAll() }
    }

    private mutating func foldedBits(_ text: String) -> SearchBits {
        let key = UTF8Key(text: text)
        if let kept = folded[key] { return kept }
        let bits = SearchBits(folded: ObjectSearchSignatures.fold(text).utf8)
        folded[key] = bits
        return bits
    }

    /// A text compared and hashed by its bytes: `String`'s own Unicode-aware equality and
    /// hashing cost more than folding saves.
    private struct UTF8Key: Hashable {
        let text: String

        static func == (left: UTF8Key, right: UTF8Key) -> Bool {
            var left = left.text
            var right = right.text
            return left.withUTF8 { left in
                right.withUTF8 { right in
                    left.count == right.count
                        && (left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0)
                }
            }
        }

        func hash(into hasher: inout Hasher) {
            var text = text
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }
}
