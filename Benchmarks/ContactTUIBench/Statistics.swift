/// The median of `values` (the upper middle one of an even count), as the bench's rows report it.
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

extension Duration {
    /// The duration in seconds, for the bench's figures.
    var inSeconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
