extension ContactListModel {
    /// Where the next key goes: the one place that decides it (see `Focus` for the order).
    public var focus: Focus {
        if isTerminalTooSmall { return .tooSmall }
        if !notices.alerts.isEmpty { return .alert }
        switch modes.modal {
        case .awaitingDescribe: return .awaitingDescribe
        case .editor: return .editor
        case .bulkDeletePrompt: return .bulkDeletePrompt
        case .loadAllPrompt: return .loadAllPrompt
        case .loadingAll: return .loadingAll
        case .messages: return .messages
        case .outbox: return .outbox
        case .queryBar: return .queryBar
        case .createForm: return .createForm
        case .listViewPicker: return .listViewPicker
        case .exportPath: return .exportPath
        case .exportOverwrite: return .exportOverwrite
        case nil: break
        }
        switch modes.mode {
        case .help: return .help
        case .detail: return .detail
        case .list: return modes.isEditingFilter ? .filterLine : .list
        }
    }

    /// The field editor, while it is open.
    public var fieldEditor: FieldEditor? {
        if case .editor(let editor) = modes.modal { return editor }
        return nil
    }

    /// The bulk delete's question, while it is asked.
    public var bulkDeletePrompt: BulkDeletePrompt? {
        if case .bulkDeletePrompt(let prompt) = modes.modal { return prompt }
        return nil
    }

    /// The load of every remaining page, while it is asked about or runs.
    public var loadAll: LoadAll? {
        switch modes.modal {
        case .loadAllPrompt(let loadAll), .loadingAll(let loadAll): return loadAll
        default: return nil
        }
    }

    /// Whether every remaining page is being loaded.
    public var isLoadingAll: Bool {
        if case .loadingAll = modes.modal { return true }
        return false
    }

    /// What `e` waits for the describe to edit, while it waits.
    public var awaitedEdit: EditTarget? {
        if case .awaitingDescribe(let target) = modes.modal { return target }
        return nil
    }
}
