/// `G` with pages left: how many records remained when it was asked, and how many were loaded
/// then, for the progress bar.
public struct LoadAll: Hashable, Sendable {
    /// The records not loaded when `G` asked.
    public let remaining: Int
    /// The rows loaded when `G` asked.
    public let loadedAtStart: Int
}
