import ArgumentParser

/// The one check of a numeric option: within its stated range, else one sentence (exit 2).
/// A `Double` option also reads `inf` and `nan`, which fail every range here: converting them
/// to a `Duration` or an `Int` later would trap.
enum OptionRange {
    /// `value` in `range`, else "`option` must be between A and B[ unit]."
    static func check<Value: Comparable>(
        _ value: Value, _ option: String, in range: ClosedRange<Value>, unit: String = ""
    ) throws {
        guard range.contains(value) else {
            let unit = unit.isEmpty ? "" : " " + unit
            throw ValidationError(
                "\(option) must be between \(text(range.lowerBound)) and \(text(range.upperBound))\(unit).")
        }
    }

    /// `value` above zero and at most `upper`, else "`option` must be more than 0 and at most U unit."
    static func checkPositive(_ value: Double, _ option: String, atMost upper: Double, unit: String) throws {
        guard value > 0, value <= upper else {
            throw ValidationError("\(option) must be more than 0 and at most \(text(upper)) \(unit).")
        }
    }

    /// A bound as the help writes it: a whole `Double` without ".0".
    private static func text(_ value: some Comparable) -> String {
        if let value = value as? Double, value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }
}
