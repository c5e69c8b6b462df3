/// The frames of the spinner shown while something is in flight.
enum Spinner {
    static let frames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// The frame for the model's spinner counter.
    static func frame(_ counter: Int) -> Character { frames[counter % frames.count] }
}
