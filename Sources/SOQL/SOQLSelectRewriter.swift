/// Rewrites fields of a statement's SELECT list, for a Bulk API 2.0 job that cannot select a
/// compound field and selects its parts instead.
package enum SOQLSelectRewriter {
    /// `soql` with each top-level field of the SELECT list named in `replacements` (matched
    /// ignoring ASCII case, without an alias) replaced by the fields given for it, or removed when
    /// they are none; nil when the SELECT list does not parse or names none of them.
    package static func replacingFields(_ soql: String, _ replacements: [String: [String]]) -> String? {
        guard let items = SOQLParser.selectItems(of: soql) else { return nil }
        var characters = Array(soql)
        var edits: [(range: Range<Int>, fields: [String])] = []
        for item in items {
            guard case .field(let path, alias: nil) = item, path.parts.count == 1,
                let fields = replacements.first(where: { FieldLookup.keyMatches($0.key, path.parts[0]) })?.value
            else { continue }
            let range = path.offset..<(path.offset + path.parts[0].count)
            guard range.upperBound <= characters.count, String(characters[range]) == path.parts[0] else { return nil }
            edits.append((range, fields))
        }
        guard !edits.isEmpty else { return nil }
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            if edit.fields.isEmpty {
                characters.removeSubrange(removalRange(of: edit.range, in: characters))
            } else {
                characters.replaceSubrange(edit.range, with: edit.fields.joined(separator: ", "))
            }
        }
        return String(characters)
    }

    /// The item at `range` with the comma that joins it to the list (the one after it, else the one before).
    private static func removalRange(of range: Range<Int>, in characters: [Character]) -> Range<Int> {
        var end = range.upperBound
        while end < characters.count, characters[end] == " " { end += 1 }
        if end < characters.count, characters[end] == "," {
            end += 1
            while end < characters.count, characters[end] == " " { end += 1 }
            return range.lowerBound..<end
        }
        var start = range.lowerBound
        while start > 0, characters[start - 1] == " " { start -= 1 }
        if start > 0, characters[start - 1] == "," { start -= 1 }
        return start..<range.upperBound
    }
}
