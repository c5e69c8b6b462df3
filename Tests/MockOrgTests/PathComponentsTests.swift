import Testing

@testable import MockOrg

/// The components a route reads from its path are the ones Hummingbird's router matched.
@Suite struct PathComponentsTests {
    @Test(arguments: [
        ("/services/data/v66.0/sobjects/Contact/003A", "v66.0", "003A"),
        ("/services/data/v66.0/sobjects/Contact/003A/", "v66.0", "003A"),
        ("//services//data/v60.0//query/01g-200?q=a/b", "v60.0", "01g-200"),
        ("/services/data/v66.0?x=/y", "v66.0", "v66.0"),
        ("http://127.0.0.1:8080/services/data/v61.0/sobjects/Case/500B", "v61.0", "500B"),
    ])
    func versionAndLastComponent(target: String, version: String, last: String) {
        #expect(PathComponents.component(2, of: target) == version)
        #expect(PathComponents.last(of: target) == last)
    }

    @Test func aPathWithoutTheComponentHasNone() {
        #expect(PathComponents.component(2, of: "/services/data") == nil)
        #expect(PathComponents.component(0, of: "/") == nil)
        #expect(PathComponents.last(of: "/") == "")
        #expect(PathComponents.last(of: "?q=1") == "")
    }
}
