extension ContactListModel {
    /// Where the next key goes: the one place that decides it (see `Focus` for the order).
    public var focus: Focus {
        if isTerminalTooSmall { return .tooSmall }
        if !alerts.isEmpty { return .alert }
        switch modal {
        case .awaitingDescribe: return .awaitingDescribe
        case .editor: return .editor
        case .bulkDeletePrompt: return .bulkDeletePrompt
        case .loadAllPrompt: return .loadAllPrompt
        case .loadingAll: return .loadingAll
        case .messages: return .messages
        case .queryBar: return .queryBar
        case nil: break
        }
        switch mode {
        case .help: return .help
        case .detail: return .detail
        case .list: return isEditingFilter ? .filterLine : .list
        }
    }

    /// The field editor, while it is open.
    public var fieldEditor: FieldEditor? {
        if case .editor(let editor) = modal { return editor }
        return nil
    }

    /// The bulk delete's question, while it is asked.
    public var bulkDeletePrompt: BulkDeletePrompt? {
        if case .bulkDeletePrompt(let prompt) = modal { return prompt }
        return nil
    }

    /// The load of every remaining page, while it is asked about or runs.
    public var loadAll: LoadAll? {
        switch modal {
        case .loadAllPrompt(let loadAll), .loadingAll(let loadAll): return loadAll
        default: return nil
        }
    }

    /// Whether every remaining page is being loaded.
    public var isLoadingAll: Bool {
        if case .loadingAll = modal { return true }
        return false
    }

    /// What `e` waits for the describe to edit, while it waits.
    public var awaitedEdit: EditTarget? {
        if case .awaitingDescribe(let target) = modal { return target }
        return nil
    }
}
