/// Something drawn into a rectangle of the cell buffer, as in ratatui: the
/// caller decides where (the `ScreenLayout`), the widget decides what, and it
/// never writes a cell outside `area`.
package protocol Widget {
    func render(area: Rect, buffer: inout CellBuffer)
}

extension Widget {
    /// The widget drawn alone into a buffer of the given size, for tests and benchmarks.
    package func frame(width: Int, height: Int) -> CellBuffer {
        var buffer = CellBuffer(width: width, height: height)
        render(area: buffer.area, buffer: &buffer)
        return buffer
    }
}
