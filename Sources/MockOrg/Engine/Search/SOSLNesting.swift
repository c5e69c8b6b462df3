/// Where a scan of SOSL text stands: inside a quoted literal (with its `\` escapes) or not, and
/// how deep in parentheses. The one reading for every scan that must step over literals and
/// nested clauses.
struct SOSLNesting {
    private(set) var depth: Int
    private var quoted = false
    private var escaped = false

    init(depth: Int = 0) {
        self.depth = depth
    }

    /// Takes the next character; true when it is plain text at `depth`, not part of a literal
    /// and not a quote or a parenthesis.
    mutating func read(_ character: Character) -> Bool {
        if quoted {
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "'" {
                quoted = false
            }
            return false
        }
        switch character {
        case "'": quoted = true
        case "(": depth += 1
        case ")": depth -= 1
        default: return true
        }
        return false
    }
}
