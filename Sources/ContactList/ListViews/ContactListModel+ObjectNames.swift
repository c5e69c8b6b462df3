import RestCore

extension ContactListModel {
    // MARK: - Tab: object names in the query bar

    /// Tab in the query bar: completes the object name before the cursor from the org's
    /// describe-global, read once and kept; before it arrives, the Tab waits for it.
    mutating func completeObjectName(in bar: inout QueryBar) -> [ContactListEffect] {
        guard let names = objectNames else {
            bar.completesAfterNames = true
            guard !inFlight.values.contains(.describeGlobal) else { return [] }
            let request = requests.request(forDescribeGlobal: nil)
            inFlight[request.id] = .describeGlobal
            notices.statusMessage = "Reading the org's objects…"
            return [.send(request)]
        }
        let candidates = bar.completeObjectName(from: names)
        notices.statusMessage =
            candidates.count > 1
            ? candidates.prefix(Self.shownCandidates).joined(separator: "  ")
                + (candidates.count > Self.shownCandidates ? "  …" : "") : ""
        return []
    }

    /// How many object names a Tab with several candidates lists in the status line.
    static let shownCandidates = 8

    /// The org's object types: their names are kept, and a Tab that waited for them completes.
    mutating func applyDescribeGlobal(_ result: Result<RestResponse, RestClientError>) -> [ContactListEffect] {
        do throws(RestClientError) {
            objectNames = try DescribeGlobal.decode(try result.get()).sobjects.filter(\.queryable).map(\.name)
                .sorted { $0.lowercased() < $1.lowercased() }
        } catch {
            notices.statusMessage = "The org's objects could not be read: \(error.description)"
            return []
        }
        guard var bar = queryBar, bar.completesAfterNames else { return [] }
        bar.completesAfterNames = false
        let effects = completeObjectName(in: &bar)
        modes.modal = .queryBar(bar)
        return effects
    }
}

extension QueryBar {
    /// Completes the word before the cursor (letters, digits, `_`) to the longest start that every
    /// name beginning with it shares, ignoring case; returns those names.
    mutating func completeObjectName(from names: [String]) -> [String] {
        completesAfterNames = false
        let before = field.characters[..<field.cursor]
        let word = String(before.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }.reversed())
        guard !word.isEmpty else { return [] }
        let candidates = names.filter { $0.lowercased().hasPrefix(word.lowercased()) }
        guard let first = candidates.first else { return [] }
        var common = first
        for name in candidates.dropFirst() {
            common = String(zip(common, name).prefix { $0.lowercased() == $1.lowercased() }.map(\.0))
        }
        guard common.count >= word.count else { return candidates }
        for _ in 0..<word.count { field.deleteBackward() }
        field.insert(common)
        return candidates
    }
}
