/// Renders numbers as Salesforce sends them, the one way the package writes a JSON number.
package enum JSONNumber {
    /// Whole numbers below 10^15 print without a fractional part ("42", not "42.0"); others as
    /// Swift's shortest round-tripping form ("2.5", "1e+20").
    package static func text(_ number: Double) -> String {
        if number.isFinite, number.rounded() == number, abs(number) < 1e15 {
            return String(Int64(number))
        }
        return String(number)
    }

    /// Appends `text(number)` to `output`.
    package static func append(_ number: Double, to output: inout [UInt8]) {
        output.append(contentsOf: text(number).utf8)
    }
}
