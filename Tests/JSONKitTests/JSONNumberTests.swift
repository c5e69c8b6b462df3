import JSONKit
import Testing

@Suite struct JSONNumberTests {
    @Test(arguments: [
        (42.0, "42"), (-3, "-3"), (-0.0, "0"), (2.5, "2.5"), (1e15, "1000000000000000.0"), (1e20, "1e+20"),
        (999_999_999_999_999, "999999999999999"),
        (.infinity, "inf"), (0.1, "0.1"),
    ])
    func rendersNumbersAsSalesforceSends(number: Double, expected: String) {
        #expect(JSONNumber.text(number) == expected)
        var output: [UInt8] = []
        JSONNumber.append(number, to: &output)
        #expect(output == Array(expected.utf8))
    }
}
