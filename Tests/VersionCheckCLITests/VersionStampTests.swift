import Foundation
import Testing
import VersionCheckCLI
import VersionCheckCore
import VersionCheckCommandLine
import VersionCheckPipeline
import VersionCheckPlatform
import VersionCheckTestSupport

/// The version is written once, in BuildInfo.h; a plain build (this one) shows that
/// default in both binaries. (`make check-version` builds with VERSION=… and checks
/// that the override reaches both, and the helper's User-Agent.)
@Suite("Version stamp", .blockingBodies)
struct VersionStampTests {
    /// The default in `Sources/VersionCheckBuildInfo/include/BuildInfo.h`, read from the file.
    static func defaultVersion() throws -> String {
        let header = TestPaths.packageRoot.appendingPathComponent("Sources/VersionCheckBuildInfo/include/BuildInfo.h")
        let text = try String(contentsOf: header, encoding: .utf8)
        let prefix = "#define VERSIONCHECK_VERSION \""
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix(prefix) }, "no default in BuildInfo.h")
        return String(line.dropFirst(prefix.count).prefix { $0 != "\"" })
    }

    @Test func aPlainBuildShowsTheHeadersDefault() throws {
        let version = try Self.defaultVersion()
        #expect(ToolInfo.version == version)
    }

    @Test(arguments: ["versioncheck", "versioncheck-fetch"])
    func bothBinariesPrintIt(product: String) throws {
        let result = try runProduct(product, ["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "versioncheck \(try Self.defaultVersion())\n")
    }
}
