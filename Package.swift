// swift-tools-version:6.0
import PackageDescription

let strictConcurrency: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
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
            name: "RestCore",
            dependencies: [
                "JSONKit",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictConcurrency
        ),
        .target(
            name: "MockOrg",
            dependencies: [
                "JSONKit",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictConcurrency
        ),
        .target(
            name: "ContactList",
            dependencies: ["RestCore"],
            swiftSettings: strictConcurrency
        ),
        .executableTarget(
            name: "ContactTUI",
            dependencies: [
                "CNcurses", "RestCore", "MockOrg", "ContactList",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictConcurrency
        ),
        .executableTarget(
            name: "ContactTUIBench",
            dependencies: [
                "RestCore", "MockOrg", "ContactList",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Benchmarks/ContactTUIBench",
            swiftSettings: strictConcurrency
        ),
        .testTarget(
            name: "JSONKitTests",
            dependencies: ["JSONKit", "MockOrg"],
            swiftSettings: strictConcurrency
        ),
        .testTarget(
            name: "RestCoreTests",
            dependencies: [
                "RestCore", "MockOrg",
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            swiftSettings: strictConcurrency
        ),
        .testTarget(
            name: "MockOrgTests",
            dependencies: [
                "MockOrg",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            exclude: ["Compatibility"],
            swiftSettings: strictConcurrency
        ),
        .testTarget(
            name: "ContactListTests",
            dependencies: ["ContactList", "RestCore"],
            swiftSettings: strictConcurrency
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["RestCore", "MockOrg"],
            swiftSettings: strictConcurrency
        ),
    ],
    swiftLanguageModes: [.v6]
)
