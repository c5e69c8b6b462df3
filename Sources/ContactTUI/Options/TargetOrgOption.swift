import ArgumentParser

/// `--target-org ALIAS`: an org the Salesforce CLI knows, read through `sf org display`.
struct TargetOrgOption: ParsableArguments {
    @Option(help: "An org alias or username known to the Salesforce CLI ('sf org display' gives its credentials).")
    var targetOrg: String?
}
