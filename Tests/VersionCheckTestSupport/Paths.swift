import Foundation

/// Where things are, for tests: the package root (found through `#filePath`),
/// `Fixtures/`, and the folder that holds the built executables.
public enum TestPaths {
    /// The package's top-level folder.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // VersionCheckTestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// `Fixtures/` at the top level.
    public static let fixtures: URL = packageRoot.appendingPathComponent("Fixtures")

    /// The path of one fixture file, e.g. `fixture("itunes-ios.json")`.
    public static func fixture(_ name: String) -> URL {
        fixtures.appendingPathComponent(name)
    }

    /// Set to a folder holding `versioncheck` (and its helper, beside it or in
    /// `../libexec/versioncheck/`), the end-to-end tests run those binaries instead of
    /// the debug build's: `make check-budget` points it at a staged release install.
    public static let productsOverride: URL? = ProcessInfo.processInfo.environment["VERSIONCHECK_TEST_PRODUCTS"]
        .flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0, isDirectory: true) }

    /// The folder that holds the built products: the test runner's own, unless
    /// `productsOverride` says otherwise.
    public static let productsDirectory: URL = productsOverride ?? {
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        return Bundle.main.bundleURL
        #else
        let runner = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return runner.deletingLastPathComponent()
        #endif
    }()

    /// A built executable of this package, by product name.
    public static func executable(_ name: String) -> URL {
        productsDirectory.appendingPathComponent(name)
    }
}
