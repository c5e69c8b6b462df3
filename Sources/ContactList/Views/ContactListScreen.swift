import RestCore

/// The whole frame: each slot of the `ScreenLayout` drawn by its widget.
package struct ContactListScreen: Widget {
    package var model: ContactListModel

    package init(model: ContactListModel) {
        self.model = model
    }

    package func render(area: Rect, buffer: inout CellBuffer) {
        for placement in ScreenLayout(screen: area, model: model).placements {
            render(placement.slot, area: placement.area, buffer: &buffer)
        }
    }

    /// Draws one slot of the screen into its rectangle.
    package func render(_ slot: ScreenLayout.Slot, area: Rect, buffer: inout CellBuffer) {
        switch slot {
        case .header: HeaderView(title: headerTitle, usage: headerUsage).render(area: area, buffer: &buffer)
        case .list: ListView(model: model).render(area: area, buffer: &buffer)
        case .detail:
            guard case .detail(let detail) = model.modes.mode else { return }
            DetailView(detail: detail, spinnerFrame: model.viewport.spinnerFrame, editor: model.fieldEditor)
                .render(area: area, buffer: &buffer)
        case .help:
            HelpOverlay(
                scrollOffset: model.viewport.helpScrollOffset, isReadOnly: model.isReadOnly || !model.rowsAreRecords
            )
            .render(area: area, buffer: &buffer)
        case .status: StatusLine(model: model).render(area: area, buffer: &buffer)
        case .keyHints: KeyHintBar(model: model).render(area: area, buffer: &buffer)
        case .filterBar:
            if let bar = model.queryBar {
                FilterBar(field: bar.field, matchCount: nil, prompt: ":").render(area: area, buffer: &buffer)
            } else if let path = model.exportPathField {
                FilterBar(field: path, matchCount: nil, prompt: "Write to: ").render(area: area, buffer: &buffer)
            } else {
                FilterBar(field: model.modes.filterField, matchCount: model.filter.map { _ in model.shownCount })
                    .render(area: area, buffer: &buffer)
            }
        case .prompt:
            if let form = model.createForm {
                CreateFormView(form: form, noun: model.noun.singular).render(area: area, buffer: &buffer)
            } else if let picker = model.listViewPicker {
                ListViewPickerView(picker: picker).render(area: area, buffer: &buffer)
            } else if case .messages(let offset) = model.modes.modal {
                MessagesView(messages: model.notices.messages, scrollOffset: offset).render(area: area, buffer: &buffer)
            } else if case .outbox(let offset) = model.modes.modal {
                OutboxView(items: model.outboxItems, scrollOffset: offset).render(area: area, buffer: &buffer)
            } else if let bar = model.queryBar, let error = bar.error {
                QueryErrorView(query: bar.field.text, error: error).render(area: area, buffer: &buffer)
            } else if let prompt = model.bulkDeletePrompt {
                BulkDeletePromptView(prompt: prompt).render(area: area, buffer: &buffer)
            } else if let loadAll = model.loadAll {
                LoadAllView(
                    loadAll: loadAll, isLoading: model.isLoadingAll, loaded: model.rows.orgRowsStart,
                    total: model.run.totalSize,
                    noun: model.noun
                ).render(area: area, buffer: &buffer)
            }
        case .alert:
            AlertView(alerts: model.notices.alerts, scrollOffset: model.viewport.alertScrollOffset).render(
                area: area, buffer: &buffer)
        case .tooSmall:
            TooSmallNotice(minimumWidth: ScreenLayout.minimumWidth, minimumHeight: ScreenLayout.minimumHeight)
                .render(area: area, buffer: &buffer)
        }
    }

    /// The header's title: the object and the view, then the org; the help; or the record shown.
    var headerTitle: String {
        switch model.modes.mode {
        case .list:
            // The object and the view first: they say what the rows are, and stay on a narrow screen.
            return "\(model.searchedObjectName) · \(model.run.title) · \(model.origin)"
                + (model.requests.apiVersionInUse.map { " · " + $0 } ?? "") + (model.isReadOnly ? " · read-only" : "")
                + (model.run.cachedRowsStatus.label.map { " · " + $0 } ?? "")
                + (model.bulkJobLabel.map { " · " + $0 } ?? "")
        case .help: return "contact-tui · Keys"
        case .detail(let detail):
            return "\(detail.record.objectType) · \(SafeText.sanitize(detail.record.displayName))"
        }
    }

    /// The org's API usage, shown beside the list's title.
    var headerUsage: APIUsage? {
        if case .list = model.modes.mode { return model.requests.apiUsage }
        return nil
    }
}
