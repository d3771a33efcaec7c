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

    /// The folder that holds the built products: `productsOverride`, else the folder of
    /// the test bundle (`….xctest`, a file on Linux and a bundle folder on macOS, beside
    /// the executables). On macOS the bundle is found as the image that holds this code
    /// (`dladdr(#dsohandle)`), which works whoever loaded it: XCTest, or Swift Testing's
    /// runner, which does not make it one of `Bundle.allBundles`; on Linux it is the
    /// running executable (`Bundle.main`). Not found, the tests stop here, loudly,
    /// rather than run some other build's binaries.
    public static let productsDirectory: URL = productsOverride ?? testBundle()?.deletingLastPathComponent() ?? {
        fatalError("""
            cannot find the test bundle (….xctest) that holds \(#fileID), so not the built products either; \
            set VERSIONCHECK_TEST_PRODUCTS to the folder that holds versioncheck (e.g. .build/debug)
            """)
    }()

    /// The `….xctest` file or folder this code was loaded from, symlinks resolved.
    static func testBundle() -> URL? {
        var candidates: [URL] = []
        #if canImport(Darwin)
        var info = Dl_info()
        if dladdr(#dsohandle, &info) != 0, let name = info.dli_fname {
            candidates.append(URL(fileURLWithPath: String(cString: name)))
        }
        #endif
        candidates += Bundle.allBundles.map(\.bundleURL)
        if let main = Bundle.main.executableURL { candidates.append(main) }
        for candidate in candidates {
            var url = candidate.resolvingSymlinksInPath()
            while url.path != "/" && !url.path.isEmpty {
                if url.pathExtension == "xctest" { return url }
                url.deleteLastPathComponent()
            }
        }
        return nil
    }

    /// A built executable of this package, by product name.
    public static func executable(_ name: String) -> URL {
        productsDirectory.appendingPathComponent(name)
    }
}
