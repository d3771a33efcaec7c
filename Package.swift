// swift-tools-version:6.0
//
// versioncheck: a small, fast, dependable update checker for shell scripts and CI.
//
// Targets by responsibility (no two names differ only by case):
//   VersionCheckCore     pure: versions, precedence, constraints, the update decision, URL rules and
//                        the helper's request/report (no Foundation, no I/O)
//   VersionCheckSources  the data formats: byte readers (JSON, XML and binary property lists) and one
//                        decoder per format, behind `SourceFormat` (no Foundation)
//   VersionCheckCLI      the command line: commands, help, output, exit codes, the update check from
//                        argv to exit code, the helper process (no Foundation)
//   VersionCheckBuildInfo  C: the version string, replaceable at build time (`VERSION=1.2.3 make release`)
//   VersionCheckFetch    the network edge: one GET with retries (libcurl's easy interface on Linux,
//                        URLSession on macOS; Foundation; Core only)
//   versioncheck         the executable users type; it never loads the networking stack, and starts
//                        the helper below for a GET (as git runs git-remote-https)
//   versioncheck-fetch   the network helper: a request on its command line, a report on stdout
//   versioncheck-bench   `make bench`
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
        .target(
            name: "VersionCheckCLI",
            dependencies: ["VersionCheckCore", "VersionCheckSources", "VersionCheckBuildInfo"]
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
                "VersionCheckCLI", "VersionCheckSources", "VersionCheckTestSupport", "versioncheck", "versioncheck-fetch",
            ],
            exclude: ["Snapshots"]
        ),
        .testTarget(
            name: "VersionCheckSourcesTests",
            dependencies: ["VersionCheckCore", "VersionCheckSources", "VersionCheckTestSupport"]
        ),
        .testTarget(
            name: "VersionCheckFetchTests",
            dependencies: ["VersionCheckFetch", "VersionCheckCLI", "VersionCheckTestSupport", "versioncheck", "versioncheck-fetch"]
        ),
    ]
)
