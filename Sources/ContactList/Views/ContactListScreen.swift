/// The whole frame: the list or the detail view, the status line, the key hint or
/// filter, the help in place of the list, and the alert on top of everything.
public struct ContactListScreen: Sendable {
    public init() {}

    public func render(_ model: ContactListModel, into buffer: inout CellBuffer) {
        guard buffer.width >= ListView.minimumSize.width, buffer.height >= ListView.minimumSize.height else {
            TooSmallNotice().render(into: &buffer)
            return
        }
        switch model.mode {
        case .list: ListView().render(model, into: &buffer)
        case .help: HelpOverlay().render(into: &buffer)
        case .detail(let detail): DetailView().render(detail, spinnerFrame: model.spinnerFrame, into: &buffer)
        }
        StatusLine().render(model, into: &buffer, row: buffer.height - 2)
        KeyHintBar().render(model, into: &buffer, row: buffer.height - 1)
        AlertView().render(model.alerts, into: &buffer)
    }

    /// A frame of the given size, for tests and benchmarks.
    public func frame(_ model: ContactListModel, width: Int, height: Int) -> CellBuffer {
        var buffer = CellBuffer(width: width, height: height)
        render(model, into: &buffer)
        return buffer
    }
}
