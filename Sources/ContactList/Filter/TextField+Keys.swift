extension TextField {
    /// Applies a line editor's key (the filter's keys: ←/→, Home/End, ^A/^E, Backspace, Delete,
    /// ^U, ^W, typed characters); false for any other key.
    @discardableResult
    mutating func apply(_ key: Key) -> Bool {
        switch key {
        case .character(let character): insert(String(character))
        case .backspace: deleteBackward()
        case .delete: deleteForward()
        case .left: moveLeft()
        case .right: moveRight()
        case .home, .control("a"): moveToStart()
        case .end, .control("e"): moveToEnd()
        case .control("u"): deleteToStart()
        case .control("w"): deleteWordBackward()
        default: return false
        }
        return true
    }
}
