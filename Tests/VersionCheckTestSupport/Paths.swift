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

    /// The folder that holds the built products (the test runner lives there too).
    public static let productsDirectory: URL = {
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
