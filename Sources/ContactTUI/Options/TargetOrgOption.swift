import ArgumentParser

/// `--target-org ALIAS`: an org the Salesforce CLI knows (`sf org display` and
/// `sf org auth show-access-token`).
struct TargetOrgOption: ParsableArguments {
    @Option(help: "An org alias or username known to the Salesforce CLI (sf gives its URL and token).")
    var targetOrg: String?
}
