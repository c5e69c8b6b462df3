import ArgumentParser

/// `contact-tui`: the root command. It has no options of its own, so that each
/// subcommand owns its options; the interactive list is the default subcommand.
struct ContactTUICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contact-tui",
        abstract: "Browse and delete Salesforce Contacts in the terminal.",
        discussion: """
            With no subcommand, opens the interactive list ('browse'): against a local mock org \
            with --demo, or against an org given by --target-org ALIAS (through the Salesforce CLI, \
            sf), by --instance-url and --access-token, by the SF_INSTANCE_URL and SF_ACCESS_TOKEN \
            environment variables, or else sf's default org. 'contact-tui help browse' lists all its options.
            """,
        subcommands: [BrowseCommand.self, ListCommand.self, MockOrgCommand.self, CacheCommand.self],
        defaultSubcommand: BrowseCommand.self
    )
}
