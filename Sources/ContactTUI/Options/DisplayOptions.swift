import ArgumentParser

/// How the interactive list draws and logs.
struct DisplayOptions: ParsableArguments {
    @Option(help: "Write a log of requests and outcomes to this file (never tokens).")
    var logFile: String?

    @Flag(help: "Draw without colours (also when NO_COLOR is set).")
    var noColor = false

    @Flag(help: "Do not ask the terminal for mouse wheel events.")
    var noMouse = false
}
