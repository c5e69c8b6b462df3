import Foundation
import TestSupport
import Testing

@testable import MockOrg

/// LIKE against a reference built independently: the pattern turned into an anchored,
/// case-insensitive regular expression.
@Suite struct LikePatternTests {
    static let texts = [
        "Smith", "smithson", "Goldsmith", "O'Brien", "Müller", "MÜLLER-Lüdenscheidt", "山田 太郎", "عبد الله",
        "Rocket 🚀", "", "a", "ab", "abc", "100% sure", "under_score", "ÉLODIE", "élodie", "Ødegaard",
        "ødegaard", "SMITH", "über Straße", "Zoë Ødegaard-Smith", "a\u{1}b", "a\u{0}c",
    ]

    static let patterns = [
        "smith", "%smith%", "smith%", "%smith", "%", "", "_", "__", "a%c", "a_c", "%ü%", "müll%", "%MÜLLER%",
        "%🚀", "山田%", "%ld%", "100\\%%", "under\\_score", "%\\_%", "é%", "%ø%", "%a%b%", "_b%",
        "_MITH", "s_i%", "%m_ll%", "%ödeg%", "%Ødeg%", "%über%", "%ë ø%", "a\u{1}_", "a_b", "a\u{0}%",
        "%_", "%th_%", "%e%",
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

    /// Patterns of `%` and `_` that make a backtracking matcher try every way to split the text
    /// (`%_%_%_%_%_%_#` once held the org for 108 s on 200 contacts) finish: a backtracking
    /// matcher would try about 60^8 splits of these texts, which the time limit cuts short, while
    /// the linear one answers at once. The speed itself is not what is asserted.
    @Test(.timeLimit(.minutes(1))) func backtrackingPatternsFinish() {
        let texts = [String(repeating: "a", count: 60), String(repeating: "ü", count: 60)]
        for (text, pattern) in zip(texts, ["%_%_%_%_%_%_%_%_#", "%_%_%_%_%_%_%_%_é"]) {
            let like = LikePattern(pattern)
            #expect(!like.matches(text))
            #expect(like.matches(text + "#") == pattern.hasSuffix("#"))
        }
        let bytes = Array(String(repeating: "a", count: 60).utf8)
        let matched = bytes.withUnsafeBufferPointer {
            LikePattern("%_%_%_%_%_%_%_%_#").matches(folded: $0, isASCII: true)
        }
        #expect(matched == false)
    }

    /// Random patterns of letters, `%` and `_` against random texts agree with the reference.
    @Test func randomPatternsMatchLikeTheReference() {
        var random = SeededGenerator(seed: 15)
        func word(_ alphabet: [Character], _ length: Int) -> String {
            String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
        }
        for _ in 0..<3000 {
            let pattern = word(["a", "b", "%", "_", "A"], Int(random.next() % 8))
            let text = word(["a", "b", "B", "é"], Int(random.next() % 10))
            #expect(
                LikePattern(pattern).matches(text) == Self.reference(pattern, text), "'\(text)' LIKE '\(pattern)'")
        }
    }

    @Test(arguments: patterns)
    func matchesLikeTheReference(_ pattern: String) {
        let like = LikePattern(pattern)
        for text in Self.texts {
            #expect(like.matches(text) == Self.reference(pattern, text), "'\(text)' LIKE '\(pattern)'")
        }
    }
}
