import Foundation
import Testing
import VersionCheckCore
import VersionCheckTestSupport
@testable import VersionCheckCLI
@testable import VersionCheckCommandLine
@testable import VersionCheckPipeline
@testable import VersionCheckPlatform

/// `--current-from PATH` and `--current-key`: the current version (and, for `lookup`
/// without an id, the bundle id and platform) read from an Info.plist or a .app bundle
/// before any request, with 66 for a path that cannot be read and 65 for bad content.
@Suite("--current-from", .blockingBodies)
struct CurrentFromTests {
    static func fixture(_ name: String) -> String { TestPaths.fixture(name).path }
    static let iOSPlist = fixture("info.plist")
    static let binaryPlist = fixture("info-binary.plist")
    static let iOSApp = fixture("ios/Example.app")
    static let macApp = fixture("macos/Example.app")
    static let buildSettings = fixture("info-build-setting.plist")

    /// A folder of hand-made Info.plists (what plistlib cannot write: repeated keys).
    static let scratch: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("current-from-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder.appendingPathComponent("Empty.app"), withIntermediateDirectories: true)
        let files: [String: String] = [
            "repeated.plist": entries("<key>CFBundleShortVersionString</key><string>1</string><key>CFBundleShortVersionString</key><string>2</string>"),
            "invalid.plist": entries("<key>CFBundleShortVersionString</key><string>2.x</string><key>CFBundleIdentifier</key><string>a.b</string>"),
            "no-identifier.plist": entries("<key>CFBundleShortVersionString</key><string>1.0</string>"),
            "empty-identifier.plist": entries("<key>CFBundleShortVersionString</key><string>1.0</string><key>CFBundleIdentifier</key><string></string>"),
            "integer-version.plist": entries("<key>CFBundleVersion</key><integer>12</integer>"),
        ]
        for (name, text) in files {
            try? Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        try? Data(count: 8 * 1024 * 1024 + 1).write(to: folder.appendingPathComponent("huge.plist"))
        return folder
    }()

    static func entries(_ body: String) -> String { "<plist version=\"1.0\"><dict>\(body)</dict></plist>" }
    static func scratch(_ name: String) -> String { scratch.appendingPathComponent(name).path }

    // MARK: what is read

    @Test(arguments: [
        ([iOSPlist], "2.4"), ([binaryPlist], "2.4"), ([iOSApp], "2.4"), ([iOSApp + "/"], "2.4"), ([macApp], "3.9"),
        ([macApp + "/Contents/Info.plist"], "3.9"),
        ([iOSPlist, "--current-key", "build"], "241"), ([iOSApp, "--current-key", "BUILD"], "241"),
        ([macApp, "--current-key", "build"], "390"), ([binaryPlist, "--current-key", "marketing"], "2.4"),
    ])
    func manifestReadsTheCurrentVersion(options: [String], expected: String) throws {
        let result = run(["manifest", "--url", "m.json", "--current-from"] + options)
        #expect(result.status == .success, "\(result)")
        let request = try #require(result.requests.first)
        #expect(request.current.description == expected)
        // Exactly as if it had been given with --current (but for what an appcast would read:
        // without --current-key, the key of its compared field).
        var asGiven = request
        if case .bundle = request.appcast.current { asGiven.appcast.current = .given(GivenVersion(expected)) }
        #expect(run(["manifest", "--url", "m.json", "--current", expected]).requests == [asGiven])
    }

    @Test(arguments: [
        ([iOSApp], AppStoreQuery.Identifier.bundleId("com.example.notes"), AppStoreQuery.Platform.ios, "2.4"),
        ([iOSPlist], .bundleId("com.example.notes"), .ios, "2.4"),
        ([macApp], .bundleId("com.example.clipboard"), .mac, "3.9"),
        ([macApp + "/Contents/Info.plist"], .bundleId("com.example.clipboard"), .mac, "3.9"),
        ([macApp, "--platform", "ios"], .bundleId("com.example.clipboard"), .ios, "3.9"),
        ([macApp, "--id", "7"], .id("7"), .mac, "3.9"),
        ([iOSApp, "--bundle-id", "org.other"], .bundleId("org.other"), .ios, "2.4"),
        ([iOSApp, "--platform", "mac", "--current-key", "marketing"], .bundleId("com.example.notes"), .mac, "2.4"),
        ([scratch("no-identifier.plist"), "--id", "1"], .id("1"), .ios, "1.0"),
    ])
    func lookupTakesTheAppFromThePlist(
        options: [String], identifier: AppStoreQuery.Identifier, platform: AppStoreQuery.Platform, current: String
    ) throws {
        let result = run(["lookup", "--current-from"] + options)
        #expect(result.status == .success, "\(result)")
        let request = try #require(result.requests.first)
        guard case .appStore(let query, _) = request.source else {
            Issue.record("not a lookup: \(request.source)")
            return
        }
        #expect(query.identifier == identifier)
        #expect(query.platform == platform)
        #expect(request.current.description == current)
    }

    @Test func theDefaultKeyIsMarketingForEverySourceSoFar() throws {
        #expect(try CurrentKey.default(for: .manifest(location: "m.json")) == .marketing)
        #expect(try CurrentKey.default(for: .appStore(AppStoreQuery(identifier: .id("1")))) == .marketing)
        #expect(CurrentKey.marketing.plistKey == "CFBundleShortVersionString")
        #expect(CurrentKey.build.plistKey == "CFBundleVersion")
    }

    // MARK: failures, before any request

    @Test(arguments: [
        (["manifest", "--url", "m.json", "--current-from", fixture("no-such.plist")], ExitStatus.noInput,
         "--current-from '\(fixture("no-such.plist"))': no such file or folder"),
        (["manifest", "--url", "m.json", "--current-from", fixture("no-such/Info.plist")], .noInput,
         "--current-from '\(fixture("no-such/Info.plist"))': no such file or folder"),
        (["manifest", "--url", "m.json", "--current-from", iOSPlist + "/Info.plist"], .noInput,
         "--current-from '\(iOSPlist)/Info.plist': no such file or folder"),
        (["manifest", "--url", "m.json", "--current-from", scratch("Empty.app")], .noInput,
         "--current-from '\(scratch("Empty.app"))': a folder with no Contents/Info.plist (macOS app) or Info.plist (iOS app)"),
        (["manifest", "--url", "m.json", "--current-from", fixture("manifest-full.json")], .invalidInput,
         "--current-from '\(fixture("manifest-full.json"))': not a property list: XML: '{' at byte 0, expected <dict>"),
        (["manifest", "--url", "m.json", "--current-from", scratch("repeated.plist")], .invalidInput,
         "--current-from '\(scratch("repeated.plist"))': has the key 'CFBundleShortVersionString' more than once"),
        (["manifest", "--url", "m.json", "--current-from", fixture("manifest-iversion.plist")], .invalidInput,
         "--current-from '\(fixture("manifest-iversion.plist"))': no CFBundleShortVersionString (a string) to read for --current-key marketing"),
        (["manifest", "--url", "m.json", "--current-from", scratch("integer-version.plist"), "--current-key", "build"], .invalidInput,
         "--current-from '\(scratch("integer-version.plist"))': no CFBundleVersion (a string) to read for --current-key build"),
        (["manifest", "--url", "m.json", "--current-from", scratch("invalid.plist")], .invalidInput,
         "--current-from '\(scratch("invalid.plist"))': CFBundleShortVersionString: invalid version '2.x': unexpected 'x' at offset 2, expected a digit"),
        (["manifest", "--url", "m.json", "--current-from", buildSettings], .invalidInput,
         "--current-from '\(buildSettings)': CFBundleShortVersionString is '$(MARKETING_VERSION)', a build setting not yet expanded; pass the built product's Info.plist (or its .app) instead"),
        (["manifest", "--url", "m.json", "--current-from", buildSettings, "--current-key", "build"], .invalidInput,
         "--current-from '\(buildSettings)': CFBundleVersion is '$(CURRENT_PROJECT_VERSION)', a build setting not yet expanded; pass the built product's Info.plist (or its .app) instead"),
        (["lookup", "--current-from", buildSettings], .invalidInput,
         "--current-from '\(buildSettings)': CFBundleIdentifier is '$(PRODUCT_BUNDLE_IDENTIFIER)', a build setting not yet expanded; pass the built product's Info.plist (or its .app) instead"),
        (["lookup", "--current-from", scratch("no-identifier.plist")], .invalidInput,
         "--current-from '\(scratch("no-identifier.plist"))': no CFBundleIdentifier (a string) to read for lookup without --id or --bundle-id"),
        (["lookup", "--current-from", scratch("empty-identifier.plist")], .invalidInput,
         "--current-from '\(scratch("empty-identifier.plist"))': CFBundleIdentifier is empty; give --id or --bundle-id"),
        (["manifest", "--url", "m.json", "--current-from", scratch("huge.plist")], .invalidInput,
         "--current-from '\(scratch("huge.plist"))': larger than 8 MiB, not an Info.plist"),
    ])
    func failures(arguments: [String], status: ExitStatus, message: String) throws {
        let result = run(arguments)
        #expect(result.status == status, "\(result)")
        #expect(result.stderr == "versioncheck: error: \(message)\n")
        #expect(result.stdout == "")
        #expect(result.requests.isEmpty)
        let json = run(arguments + ["--json"])
        let kind = status == .noInput ? "no-input" : "invalid-input"
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let error = try #require(object["error"] as? [String: Any])
        #expect(error["code"] as? Int == Int(status.rawValue))
        #expect(error["kind"] as? String == kind)
        #expect(error["message"] as? String == message)
    }
}

/// `lookup --current-key build` is a usage error: the App Store's `version` is the
/// marketing version, and a build number compared with it gave a false "gate passed".
@Suite(.blockingBodies) struct LookupCurrentKeyTests {
    @Test(arguments: [["--current-key", "build"], ["--current-key", "BUILD"], ["--current-key=build", "--gate"]])
    func lookupWithTheBuildNumberIs64(options: [String]) throws {
        let app = TestPaths.fixture("ios/Example.app").path
        let result = try runProduct("versioncheck", ["lookup", "--current-from", app] + options)
        #expect(result.status == 64, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("versioncheck: error: --current-key build: lookup compares the App Store's version"), "\(result)")
    }
}
