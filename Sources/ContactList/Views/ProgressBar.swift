/// A bar of `width` cells between brackets, `[██████░░░░]`, filled in proportion to `done` of
/// `total` (full when the total is unknown); drawn as `#` and `.` under an ASCII repertoire.
enum ProgressBar {
    static func text(done: Int, of total: Int, width: Int) -> String {
        let filled = total <= 0 ? width : min(width, max(0, done * width / total))
        return "[" + String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled) + "]"
    }
}
