import Testing

/// simple-salesforce's `bulk2` (from PyPI, unchanged) against the mock org's Bulk API 2.0 query
/// jobs over https: `query` and `download` give the records a REST `query_all` gives.
/// Needs python3 with simple-salesforce (`make deps` installs it); fails, never skips, without them.
@Suite struct SimpleSalesforceBulk2CompatibilityTests {
    @Test func bulk2QueryAndDownloadGiveTheRESTRecords() async throws {
        try await PythonCheck.run(
            "simple_salesforce_bulk2_check.py", contacts: 1234, expecting: "simple-salesforce bulk2 compatible")
    }
}
