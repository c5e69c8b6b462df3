/// How Salesforce orders text in ORDER BY and compares it in WHERE: case-insensitively, by the
/// code points of the upper-case form ("the UTF-8 values of the uppercase character"). The one
/// comparison of text for the mock org's queries and for the list's own placing of synced rows.
package enum SOQLTextOrder {
    /// Case-insensitive comparison by code point: ASCII folded on the bytes, other text upper-cased first.
    package static func compareIgnoringCase(_ a: String, _ b: String) -> Int {
        if let result = compareASCIIFolded(a, b, foldedBeyondASCII: false) { return result }
        return compareASCIIFolded(upperCased(a), upperCased(b), foldedBeyondASCII: true) ?? 0
    }

    /// Compares with ASCII letters folded to upper case (so `_`, which lies between `Z` and `a`, sorts
    /// after the letters). When the text is not known to be upper-cased beyond ASCII
    /// (`foldedBeyondASCII` false), returns nil at the first differing non-ASCII byte.
    static func compareASCIIFolded(_ a: String, _ b: String, foldedBeyondASCII: Bool) -> Int? {
        var a = a
        var b = b
        a.makeContiguousUTF8()
        b.makeContiguousUTF8()
        return a.utf8.withContiguousStorageIfAvailable { left in
            b.utf8.withContiguousStorageIfAvailable { right -> Int? in
                let count = min(left.count, right.count)
                var index = 0
                while index < count {
                    var x = left[index]
                    var y = right[index]
                    if x >= 0x80 || y >= 0x80 {
                        // Bytes of non-ASCII text: equal bytes are fine, differing ones need Unicode folding.
                        if x == y {
                            index += 1
                            continue
                        }
                        return foldedBeyondASCII ? (x < y ? -1 : 1) : nil
                    }
                    if x >= 97 && x <= 122 { x &= ~0x20 }
                    if y >= 97 && y <= 122 { y &= ~0x20 }
                    if x != y { return x < y ? -1 : 1 }
                    index += 1
                }
                return left.count == right.count ? 0 : (left.count < right.count ? -1 : 1)
            } ?? nil
        } ?? nil
    }

    /// Upper case character by character, as Salesforce's Java does: a character whose upper case
    /// is several characters (ß, whose upper case is SS) stays as it is, so no text changes length
    /// and `Straße` does not equal `STRASSE`.
    package static func upperCased(_ text: String) -> String {
        var upper = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let mapped = scalar.properties.uppercaseMapping.unicodeScalars
            if mapped.count == 1, let single = mapped.first { upper.append(single) } else { upper.append(scalar) }
        }
        return String(upper)
    }

    /// Compares two texts already upper-cased with `upperCased` (sort keys).
    package static func compareUpperCased(_ a: String, _ b: String) -> Int {
        compareASCIIFolded(a, b, foldedBeyondASCII: true) ?? 0
    }
}
