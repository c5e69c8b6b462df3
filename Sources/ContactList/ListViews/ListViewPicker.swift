import Foundation
import RestCore

/// `v`: the current object's list views, by label, narrowed by the text typed; Enter switches to
/// the one highlighted.
///
/// Invariant: no key reaches the list while the picker is open; once Enter chose a view and its
/// requests are in flight (`switching`), only Esc acts, and it cancels them.
public struct ListViewPicker: Hashable, Sendable {
    /// The object whose views are listed.
    public let object: String
    /// The views read so far, in the org's order.
    public internal(set) var views: [ListViewSummary] = []
    /// Whether every page of the views has been read.
    public internal(set) var isComplete = false
    /// The text that narrows the views.
    public internal(set) var field = TextField()
    /// The highlighted entry of `matches`.
    public internal(set) var selection = 0
    /// A page of the views in flight; nil once they are read.
    var pending: RestRequestID?
    /// The next pages already asked for, so a page that names one twice cannot loop.
    var seenPages: Set<String> = []
    /// The switch to the chosen view, once Enter sent its describe (then its first page).
    var switching: QueryBar?

    init(object: String) {
        self.object = object
    }

    /// The views whose label holds the typed text, ignoring case, in the org's order.
    public var matches: [ListViewSummary] {
        let text = field.text.trimmingCharacters(in: .whitespaces).lowercased()
        guard !text.isEmpty else { return views }
        return views.filter { $0.label.lowercased().contains(text) || $0.developerName.lowercased().contains(text) }
    }

    /// The view Enter would open.
    public var highlighted: ListViewSummary? {
        let matches = self.matches
        return matches.indices.contains(selection) ? matches[selection] : nil
    }

    /// Whether the chosen view is being opened: only Esc acts then.
    public var isWaiting: Bool { switching != nil }

    /// Moves the highlight by `delta` among the matches, stopping at the ends.
    mutating func move(by delta: Int) {
        selection = max(0, min(selection + delta, matches.count - 1))
    }

    /// Edits the narrowing text; the highlight goes back to the first match.
    mutating func edit(_ key: Key) {
        guard field.apply(key) else { return }
        selection = 0
    }
}
