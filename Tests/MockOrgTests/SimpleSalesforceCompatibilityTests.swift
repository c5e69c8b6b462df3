import Testing

/// Runs simple-salesforce (from PyPI, unchanged) against a running mock org over https, trusting
/// the org's CA through `REQUESTS_CA_BUNDLE` as a user of a private CA would.
/// Needs python3 with simple-salesforce (`make deps` installs it); fails, never skips, without them.
@Suite struct SimpleSalesforceCompatibilityTests {
    @Test func simpleSalesforceWorksUnchanged() async throws {
        try await PythonCheck.run(
            "simple_salesforce_check.py", contacts: 1234, expecting: "simple-salesforce compatible")
    }
}
