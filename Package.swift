// swift-tools-version:6.0
import PackageDescription

let strictConcurrency: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

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
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.7.4"),
    ],
    targets: [
        .systemLibrary(
            name: "CNcurses",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncursesw5-dev"])]
        ),
        .target(
            name: "JSONKit",
            swiftSettings: strictConcurrency
        ),
        .target(
            name: "SOQL",
            swiftSettings: strictConcurrency
        ),
        .target(
            name: "RestCore",
            dependencies: [
                "JSONKit",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: strictConcurrency
        ),
        .target(
            name: "Credentials",
            dependencies: [
                "RestCore",
                .product(name: "Subprocess", package: "swift-subprocess"),
            ],
            swiftSettings: strictConcurrency
        ),
        .target(
            name: "RecordOutput",
            dependencies: ["JSONKit", "RestCore", "SOQL"],
            swiftSettings: strictConcurrency
        ),
        .target(
            name: "MockOrg",
            dependencies: [
                "JSONKit", "SOQL",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            swiftSettings: strictConcurrency
        ),
        .target(
            name: "ContactList",
            dependencies: ["RestCore", "SOQL"],
            swiftSettings: strictConcurrency
        ),
        .executableTarget(
            name: "ContactTUI",
            dependencies: [
                "CNcurses", "RestCore", "SOQL", "Credentials", "RecordOutput", "MockOrg", "ContactList",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strictConcurrency
        ),
        .executableTarget(
            name: "ContactTUIBench",
            dependencies: [
                "RestCore", "RecordOutput", "SOQL", "ContactList", "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Benchmarks/ContactTUIBench",
            swiftSettings: strictConcurrency
        ),
        .target(
            name: "TestSupport",
            dependencies: [
                "RestCore", "MockOrg", "ContactList",
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "Tests/TestSupport",
            swiftSettings: strictConcurrency
        ),
        .testTarget(
            name: "ArchitectureTests",
            swiftSettings: strictConcurrency
        ),
        .testTarget(
            name: "JSONKitTests",
            dependencies: ["JSONKit", "TestSupport"],
            swiftSettings: strictConcurrency
        ),
        .testTarget(
            name: "RestCoreTests",
            dependencies: [
                "RestCore", "MockOrg", "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            swiftSettings: strictConcurrency
        ),
        .testTarget(
            name: "CredentialsTests",
            dependencies: ["Credentials", "RestCore", "TestSupport"],
            swiftSettings: strictConcurrency
        ),
        .testTarget(
            name: "SOQLTests",
            dependencies: ["SOQL"],
            swiftSettings: strictConcurrency
        ),
        .testTarget(
            name: "RecordOutputTests",
            dependencies: ["RecordOutput", "RestCore", "SOQL"],
            swiftSettings: strictConcurrency
        ),
        .testTarget(
            name: "MockOrgTests",
            dependencies: [
                "MockOrg", "SOQL", "TestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            exclude: ["Compatibility"],
            swiftSettings: strictConcurrency
        ),
        .testTarget(
            name: "ContactListTests",
            dependencies: ["ContactList", "MockOrg", "RestCore", "TestSupport"],
            swiftSettings: strictConcurrency
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "RestCore", "MockOrg", "TestSupport",
            ],
            swiftSettings: strictConcurrency
        ),
    ],
    swiftLanguageModes: [.v6]
)
