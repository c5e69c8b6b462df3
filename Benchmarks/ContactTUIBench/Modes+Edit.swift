import ContactList
import RestCore

extension Modes {
    /// `edit ROWS`: CPU seconds from Enter on the field editor to the frame showing the new value
    /// (handle(key:) + the whole screen drawn into 100x30), the median of many edits of the
    /// selected row's Email, printed as `cpu-per-edit: SECONDS`. Each PATCH is answered before
    /// the next edit, so one update is in flight at a time.
    static func editKeys(rows: Int) {
        var model = loadedModel(rows: rows)
        model.visibleRowCount = 26
        var buffer = CellBuffer(width: 100, height: 30)
        let describe = RestResponse(
            status: 200, headers: [:],
            body: Array(#"{"name":"Contact","fields":[{"name":"Email","type":"email","updateable":true}]}"#.utf8))
        _ = model.handle(key: .character("l"))
        _ = model.handle(key: .character("l"))
        for id in requestIDs(model.handle(key: .character("e"))) {
            _ = model.handle(response: .success(describe), for: id)
        }
        _ = model.handle(key: .escape)
        var samples: [Double] = []
        for edit in 0..<301 {
            _ = model.handle(key: .character("e"))
            _ = model.handle(key: .control("u"))
            for character in "e\(edit)@example.com" { _ = model.handle(key: .character(character)) }
            let start = Proc.threadCPUSeconds()
            let sent = requestIDs(model.handle(key: .enter))
            ContactListScreen(model: model).render(area: buffer.area, buffer: &buffer)
            samples.append(Proc.threadCPUSeconds() - start)
            for id in sent {
                _ = model.handle(response: .success(RestResponse(status: 204, headers: [:], body: [])), for: id)
            }
        }
        samples.sort()
        say("cpu-per-edit: \(samples[samples.count / 2])")
        say("rows: \(model.dataRows.count)")
    }
}
