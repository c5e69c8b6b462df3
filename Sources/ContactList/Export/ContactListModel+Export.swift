import Foundation

extension ContactListModel {
    // MARK: - Writing the rows to a file

    /// What `w` writes: the marked records when there are marks, else the rows shown (the
    /// filter's matches, the org search's rows included), in the order they are listed.
    var rowsToWrite: [ContactRecord] {
        guard viewport.marks.isEmpty else { return markedRecordsInOrder }
        return (0..<shownCount).map { shownRecord(at: $0) }
    }

    /// `w`: asks for the file's path in the bottom line.
    mutating func beginExport() {
        guard rowsAreRecords else {
            notices.statusMessage = "Only records can be written; 'contact-tui list' prints this query's rows."
            return
        }
        guard shownCount > 0 || !viewport.marks.isEmpty else {
            notices.statusMessage = "No \(noun.plural) to write."
            return
        }
        // The runner reads the records again from the org, by id, so that the file holds every field.
        guard !offline.isOffline else {
            notices.statusMessage =
                "Offline: w reads the records again from the org, so it writes once the org answers."
            return
        }
        modes.modal = .exportPath(TextField())
    }

    /// The path being typed after `w`, while it is.
    public var exportPathField: TextField? {
        if case .exportPath(let field) = modes.modal { return field }
        return nil
    }

    /// The export that waits for `y` to replace its existing file, while it waits.
    public var exportAwaitingOverwrite: RecordExport? {
        if case .exportOverwrite(let export) = modes.modal { return export }
        return nil
    }

    /// Keys while the path is typed: the filter's line-editing keys; Enter writes, Esc cancels.
    mutating func handleExportPath(key: Key) -> [ContactListEffect] {
        guard var field = exportPathField else { return [] }
        switch key {
        case .escape:
            modes.modal = nil
            notices.statusMessage = "Nothing written"
            return []
        case .enter:
            let path = field.text.trimmingCharacters(in: .whitespaces)
            guard !path.isEmpty else { return [] }
            modes.modal = nil
            let records = rowsToWrite
            notices.statusMessage = "Writing \(noun.count(records.count)) to \(path)…"
            return [.export(RecordExport(path: path, query: query, ids: records.map(\.id)))]
        case .paste(let text): field.insertPasted(text)
        default: field.apply(key)
        }
        modes.modal = .exportPath(field)
        return []
    }

    /// "Replace FILE? y/N": `y` writes over it, any other key writes nothing.
    mutating func answerExportOverwrite(_ key: Key) -> [ContactListEffect] {
        guard var export = exportAwaitingOverwrite else { return [] }
        modes.modal = nil
        guard key == .character("y") || key == .character("Y") else {
            notices.statusMessage = "Nothing written; \(export.path) is unchanged"
            return []
        }
        export.overwrite = true
        notices.statusMessage = "Writing \(noun.count(export.ids.count)) to \(export.path)…"
        return [.export(export)]
    }

    /// How the runner's write ended: said in the status line; an existing file asks first.
    public mutating func settleExport(_ outcome: RecordExport.Outcome) {
        switch outcome {
        case .written(let path, let count):
            notices.statusMessage = "Wrote \(noun.count(count)) to \(path)"
        case .exists(let export):
            // A prompt or an editor opened meanwhile keeps the keys; the user can press w again.
            guard modes.modal == nil else {
                notices.statusMessage = "\(export.path) exists; nothing written"
                return
            }
            modes.modal = .exportOverwrite(export)
            notices.statusMessage = "\(export.path) exists. Replace it? y/N"
        case .failed(let sentence):
            notices.statusMessage = sentence
        }
    }
}
