extension DetailState {
    /// Moves the selected line with a scroll key: by as many lines as the key scrolls, so that it
    /// keeps its place on screen while the view scrolls and moves on once the view stops at an end.
    mutating func moveSelectedLine(by key: Key, scrollDelta: Int, lines: Int) {
        switch key {
        case .character("g"), .home: selectedLine = 0
        case .character("G"), .end: selectedLine = lines - 1
        default: selectedLine += scrollDelta
        }
        selectedLine = max(0, min(selectedLine, lines - 1))
    }
}
