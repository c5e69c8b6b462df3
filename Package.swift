// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "contact-tui",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "contact-tui", targets: ["ContactTUI"]),
        .library(name: "RestCore", targets: ["RestCore"]),
        .library(name: "MockOrg", targets: ["MockOrg"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/swiftlang/swift-subprocess.git", from: "1.0.2"),
        .package(url: "https://github.com/apple/swift-system.git", from: "1.8.1"),
        .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.7.4"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
    ],
    targets: [
        .systemLibrary(name: "CNcurses", pkgConfig: "ncursesw", providers: [.apt(["libncursesw5-dev"])]),
        .systemLibrary(name: "CLibDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        .systemLibrary(name: "CISAL", pkgConfig: "libisal", providers: [.apt(["libisal-dev"])]),

        // Libraries, lowest first: each depends only on those above it.
        .target(name: "JSONKit"),
        .target(name: "SOQL"),
        .target(
            name: "RestCore",
            dependencies: ["JSONKit", "CLibDeflate", "CISAL", .asyncHTTPClient, .httpTypes, .logging, .nioSSL]
        ),
        .target(name: "Credentials", dependencies: ["RestCore", .subprocess]),
        .target(name: "RecordOutput", dependencies: ["JSONKit", "RestCore", "SOQL"]),
        .target(
            name: "MockOrg",
            dependencies: [
                "JSONKit", "SOQL", "CISAL", .hummingbird, .hummingbirdTLS, .logging, .x509, .crypto, .swiftASN1,
            ]
        ),
        .target(name: "ContactList", dependencies: ["RestCore", "SOQL"]),
        .target(name: "Replica", dependencies: ["ContactList", "RestCore", .grdb]),

        // The executable: with the tests, the only target that imports MockOrg.
        .executableTarget(
            name: "ContactTUI",
            dependencies: [
                "CNcurses", "RestCore", "SOQL", "Credentials", "RecordOutput", "MockOrg", "ContactList", "Replica",
                .argumentParser, .logging, .subprocess, .systemPackage, .crypto,
            ]
        ),

        // Measuring and testing.
        .executableTarget(
            name: "ContactTUIBench",
            dependencies: [
                "RestCore", "RecordOutput", "SOQL", "ContactList", "Replica", "TestSupport", .hummingbird, .logging,
            ],
            path: "Benchmarks/ContactTUIBench"
        ),
        .target(
            name: "TestSupport",
            dependencies: ["RestCore", "MockOrg", "ContactList", "Replica", .subprocess, .systemPackage],
            path: "Tests/TestSupport"
        ),
        .testTarget(name: "ArchitectureTests"),
        .testTarget(name: "JSONKitTests", dependencies: ["JSONKit", "TestSupport"]),
        .testTarget(
            name: "RestCoreTests",
            dependencies: ["RestCore", "MockOrg", "TestSupport", .hummingbird, .asyncHTTPClient]
        ),
        .testTarget(name: "CredentialsTests", dependencies: ["Credentials", "RestCore", "TestSupport"]),
        .testTarget(name: "SOQLTests", dependencies: ["SOQL"]),
        .testTarget(
            name: "RecordOutputTests", dependencies: ["RecordOutput", "RestCore", "SOQL", "MockOrg", "TestSupport"]),
        .testTarget(
            name: "MockOrgTests",
            dependencies: [
                "MockOrg", "SOQL", "TestSupport", .asyncHTTPClient, .hummingbirdTesting, .compressNIO, .subprocess,
                .systemPackage,
            ],
            exclude: ["Compatibility"]
        ),
        .testTarget(
            name: "ReplicaTests",
            dependencies: ["Replica", "ContactList", "RestCore", "MockOrg", "TestSupport", "RecordOutput", .grdb]),
        .testTarget(
            name: "ContactListTests", dependencies: ["ContactList", "MockOrg", "Replica", "RestCore", "TestSupport"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["RestCore", "MockOrg", "Replica", "TestSupport", .subprocess, .systemPackage]),
    ],
    swiftLanguageModes: [.v6]
)

// The libFuzzer target of the mock org's HTTP layer, only when Fuzz/run.sh builds it (it has no
// main of its own: libFuzzer's is linked in).
if Context.environment["CONTACT_TUI_FUZZ"] != nil {
    package.targets.append(
        .executableTarget(
            name: "MockOrgHTTPFuzz", dependencies: ["MockOrg", .hummingbird, .hummingbirdTesting],
            path: "Fuzz/Targets/MockOrgHTTP"))
    package.products.append(.executable(name: "MockOrgHTTPFuzz", targets: ["MockOrgHTTPFuzz"]))
}

// Every Swift target is checked with the same settings.
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("ExistentialAny")]
}

/// The products of the packages above, by the name the targets use.
extension Target.Dependency {
    static let argumentParser = product(name: "ArgumentParser", package: "swift-argument-parser")
    static let asyncHTTPClient = product(name: "AsyncHTTPClient", package: "async-http-client")
    static let compressNIO = product(name: "CompressNIO", package: "compress-nio")
    static let grdb = product(name: "GRDB", package: "GRDB.swift")
    static let crypto = product(name: "Crypto", package: "swift-crypto")
    static let httpTypes = product(name: "HTTPTypes", package: "swift-http-types")
    static let hummingbird = product(name: "Hummingbird", package: "hummingbird")
    static let hummingbirdTesting = product(name: "HummingbirdTesting", package: "hummingbird")
    static let hummingbirdTLS = product(name: "HummingbirdTLS", package: "hummingbird")
    static let logging = product(name: "Logging", package: "swift-log")
    static let nioSSL = product(name: "NIOSSL", package: "swift-nio-ssl")
    static let subprocess = product(name: "Subprocess", package: "swift-subprocess")
    static let swiftASN1 = product(name: "SwiftASN1", package: "swift-asn1")
    static let systemPackage = product(name: "SystemPackage", package: "swift-system")
    static let x509 = product(name: "X509", package: "swift-certificates")
}
