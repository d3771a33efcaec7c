// swift-tools-version:6.0
//
// versioncheck: a small, fast, dependable update checker for shell scripts and CI.
//
// Targets by responsibility (no two names differ only by case):
//   VersionCheckCore   pure: versions, precedence, constraints, the update decision (no Foundation, no I/O)
//   VersionCheckCLI    the command line: arguments, help, offline commands, output, exit codes (no Foundation)
//   VersionCheckBuildInfo  C: the version string, replaceable at build time (`VERSION=1.2.3 make release`)
//   VersionCheckFetch  the network edge: HTTP client, iTunes and manifest decoding, the update check (Foundation)
//   versioncheck       the executable users type; it never loads the networking stack, and hands
//                      `lookup`/`manifest` to the helper below (as git hands https to git-remote-https)
//   versioncheck-fetch the network helper: the same command line, plus the network checks
//   versioncheck-bench `make bench`
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
        .target(name: "VersionCheckCLI", dependencies: ["VersionCheckCore", "VersionCheckBuildInfo"]),
        .target(name: "VersionCheckFetch", dependencies: ["VersionCheckCore", "VersionCheckCLI"]),
        .executableTarget(name: "versioncheck", dependencies: ["VersionCheckCLI"]),
        .executableTarget(name: "versioncheck-fetch", dependencies: ["VersionCheckCLI", "VersionCheckFetch"]),
        .executableTarget(
            name: "versioncheck-bench", dependencies: ["VersionCheckCore", "VersionCheckCLI", "VersionCheckTestSupport"]
        ),
        .target(name: "VersionCheckTestSupport", path: "Tests/VersionCheckTestSupport"),
        .testTarget(name: "VersionCheckCoreTests", dependencies: ["VersionCheckCore", "VersionCheckTestSupport"]),
        .testTarget(
            name: "VersionCheckCLITests",
            dependencies: ["VersionCheckCLI", "VersionCheckTestSupport", "versioncheck", "versioncheck-fetch"]
        ),
        .testTarget(
            name: "VersionCheckFetchTests",
            dependencies: [
                "VersionCheckFetch", "VersionCheckCLI", "VersionCheckTestSupport", "versioncheck", "versioncheck-fetch",
            ]
        ),
    ]
)
