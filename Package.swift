// swift-tools-version:6.0
//
// versioncheck: a small, fast, dependable update checker for shell scripts and CI.
//
// Targets by job, bottom up; `package` marks what a target offers the targets above it:
//   VersionCheckCore         pure values and rules: versions, constraints, the decision, failures, the helper's wire
//   VersionCheckSources      the data formats: byte readers and one decoder per format (no Foundation)
//   VersionCheckPlatform     the operating system through Glibc/Darwin: descriptors, files, processes, locks, clocks
//   VersionCheckCommandLine  the grammar: option table, parser, help, topics, man page, completions
//   VersionCheckPipeline     one update check and many: request, sources, cache, refresh, network helper, bundles
//   VersionCheckCLI          the commands and what they print; `CLI.runMain` is the program
//   VersionCheckBuildInfo    C: the version string, replaceable at build time (`VERSION=1.2.3 make release`)
//   VersionCheckFetch        the network edge, on Foundation: a GET with retries over URLSession (libcurl on Linux)
//   versioncheck             the executable users type (static on Linux); it never loads the network stack
//   versioncheck-fetch       the network helper it starts for requests (as git runs git-remote-https)
//   versioncheck-bench       `make bench`
import PackageDescription

let package = Package(
    name: "versioncheck",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "versioncheck", targets: ["versioncheck"]),
        .executable(name: "versioncheck-fetch", targets: ["versioncheck-fetch"]),
        .library(name: "VersionCheckCore", targets: ["VersionCheckCore"]),
    ],
    targets: [
        .target(name: "VersionCheckCore"),
        .target(name: "VersionCheckBuildInfo"),
        .target(name: "VersionCheckSources", dependencies: ["VersionCheckCore"]),
        .target(name: "VersionCheckPlatform", dependencies: ["VersionCheckCore"]),
        .target(name: "VersionCheckCommandLine", dependencies: ["VersionCheckCore", "VersionCheckSources", "VersionCheckBuildInfo"]),
        .target(
            name: "VersionCheckPipeline",
            dependencies: ["VersionCheckCore", "VersionCheckSources", "VersionCheckPlatform", "VersionCheckCommandLine"]
        ),
        .target(
            name: "VersionCheckCLI",
            dependencies: [
                "VersionCheckCore", "VersionCheckSources", "VersionCheckPlatform", "VersionCheckCommandLine", "VersionCheckPipeline",
            ]
        ),
        .target(name: "VersionCheckFetch", dependencies: ["VersionCheckCore"]),
        .executableTarget(name: "versioncheck", dependencies: ["VersionCheckCLI"], exclude: ["startup.order"]),
        .executableTarget(name: "versioncheck-fetch", dependencies: ["VersionCheckFetch", "VersionCheckBuildInfo"]),
        .executableTarget(name: "versioncheck-bench", dependencies: ["VersionCheckCore", "VersionCheckTestSupport"]),
        .target(name: "VersionCheckTestSupport", path: "Tests/VersionCheckTestSupport"),
        .testTarget(name: "VersionCheckCoreTests", dependencies: ["VersionCheckCore", "VersionCheckTestSupport"]),
        .testTarget(
            name: "VersionCheckCLITests",
            dependencies: [
                "VersionCheckCLI", "VersionCheckPipeline", "VersionCheckCommandLine", "VersionCheckPlatform", "VersionCheckSources",
                "VersionCheckTestSupport", "versioncheck", "versioncheck-fetch",
            ],
            exclude: ["Snapshots"]
        ),
        .testTarget(
            name: "VersionCheckSourcesTests",
            dependencies: ["VersionCheckCore", "VersionCheckSources", "VersionCheckTestSupport"]
        ),
        .testTarget(
            name: "VersionCheckFetchTests",
            dependencies: [
                "VersionCheckFetch", "VersionCheckCLI", "VersionCheckPipeline", "VersionCheckCommandLine", "VersionCheckPlatform",
                "VersionCheckTestSupport", "versioncheck", "versioncheck-fetch",
            ]
        ),
    ]
)
