import Foundation
import Testing

@testable import MockOrg

/// LIKE against a reference built independently: the pattern turned into an anchored,
/// case-insensitive regular expression.
@Suite struct LikePatternTests {
    static let texts = [
        "Smith", "smithson", "Goldsmith", "O'Brien", "Müller", "MÜLLER-Lüdenscheidt", "山田 太郎", "عبد الله",
        "Rocket 🚀", "", "a", "ab", "abc", "100% sure", "under_score", "ÉLODIE", "élodie", "Ødegaard",
    ]

    static let patterns = [
        "smith", "%smith%", "smith%", "%smith", "%", "", "_", "__", "a%c", "a_c", "%ü%", "müll%", "%MÜLLER%",
        "%🚀", "山田%", "%ld%", "100\\%%", "under\\_score", "%\\_%", "é%", "%ø%", "%a%b%", "_b%",
    ]

    static func reference(_ pattern: String, _ text: String) -> Bool {
        var regex = "^"
        var escaping = false
        for character in pattern {
            if escaping {
                regex += NSRegularExpression.escapedPattern(for: String(character))
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == "%" {
                regex += ".*"
            } else if character == "_" {
                regex += "."
            } else {
                regex += NSRegularExpression.escapedPattern(for: String(character))
            }
        }
        regex += "$"
        let expression = try! NSRegularExpression(
            pattern: regex, options: [.caseInsensitive, .dotMatchesLineSeparators])
        let range = NSRange(text.startIndex..., in: text)
        return expression.firstMatch(in: text, range: range) != nil
    }

    @Test(arguments: patterns)
    func matchesLikeTheReference(_ pattern: String) {
        let like = LikePattern(pattern)
        for text in Self.texts {
            #expect(like.matches(text) == Self.reference(pattern, text), "'\(text)' LIKE '\(pattern)'")
        }
    }
}
