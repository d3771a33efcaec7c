import Foundation
import Testing
import VersionCheckTestSupport
@testable import VersionCheckSources

/// `InfoPlist.read`: an app's Info.plist, XML or binary, as its top-level string values;
/// a repeated key and anything that is not a property list dictionary are refused.
@Suite struct InfoPlistTests {
    static let iOSApp: [String: String] = [
        "CFBundleDevelopmentRegion": "en", "CFBundleDisplayName": "Notes", "CFBundleExecutable": "Example",
        "CFBundleIdentifier": "com.example.notes", "CFBundleInfoDictionaryVersion": "6.0", "CFBundleName": "Example",
        "CFBundlePackageType": "APPL", "CFBundleShortVersionString": "2.4", "CFBundleVersion": "241",
        "MinimumOSVersion": "15.0",
        // An array of strings reads as its lines (no version or bundle id can be one).
        "CFBundleSupportedPlatforms": "iPhoneOS", "UIRequiredDeviceCapabilities": "arm64",
    ]

    /// The fixtures: every string value, nothing else (LSRequiresIPhoneOS is a boolean,
    /// UIDeviceFamily an array of integers).
    @Test(arguments: ["info.plist", "info-binary.plist", "ios/Example.app/Info.plist"])
    func fixturesReadAsTheirStringValues(name: String) throws {
        let bytes = try Array(Data(contentsOf: TestPaths.fixture(name)))
        #expect(try InfoPlist.read(bytes) == Self.iOSApp)
    }

    @Test func macBundleFixture() throws {
        let bytes = try Array(Data(contentsOf: TestPaths.fixture("macos/Example.app/Contents/Info.plist")))
        let strings = try InfoPlist.read(bytes)
        #expect(bytes.starts(with: Array("bplist00".utf8)))
        #expect(strings[InfoPlist.marketingVersionKey] == "3.9")
        #expect(strings[InfoPlist.buildVersionKey] == "390")
        #expect(strings[InfoPlist.bundleIdentifierKey] == "com.example.clipboard")
    }

    static func xml(_ body: String) -> [UInt8] {
        Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\(body)</dict>\n</plist>\n".utf8)
    }

    @Test(arguments: [
        ("<key>CFBundleVersion</key><string>1</string>", ["CFBundleVersion": "1"]),
        ("<key>CFBundleVersion</key><integer>1</integer><key>A</key><true/>", [:]),
        ("<key>CFBundleVersion</key><string>1.0 &amp; b</string>", ["CFBundleVersion": "1.0 & b"]),
        ("<key>CFBundleURLTypes</key><array><dict><key>x</key><string>y</string></dict></array>", [:]),
        ("<key>Empty</key><string/>", ["Empty": ""]),
        ("", [:]),
    ])
    func xmlStringValues(body: String, expected: [String: String]) throws {
        #expect(try InfoPlist.read(Self.xml(body)) == expected)
    }

    @Test(arguments: [
        (xml("<key>CFBundleVersion</key><string>1</string><key>CFBundleVersion</key><string>2</string>"), "CFBundleVersion"),
        (xml("<key>A</key><integer>1</integer><key>A</key><string>2</string>"), "A"),
        (BinaryPlistBuilder.build([("CFBundleShortVersionString", .string("1")), ("CFBundleShortVersionString", .string("1"))]),
         "CFBundleShortVersionString"),
    ])
    func aRepeatedKeyIsRefused(bytes: [UInt8], key: String) {
        #expect(throws: InfoPlistError.repeatedKey(key)) { try InfoPlist.read(bytes) }
    }

    @Test(arguments: [
        (Array(#"{"CFBundleVersion": "1"}"#.utf8), "XML: '{' at byte 0, expected <dict>"),
        (Array("<plist version=\"1.0\"><array><string>1</string></array></plist>".utf8),
         "the top-level object is <array>, expected a dictionary"),
        (Array("<html><body>hi</body></html>".utf8), "XML: <html> at byte 0, expected <plist> or <dict>"),
        ([], "XML: the end at byte 0, expected <dict>"),
        (Array("bplist00".utf8), "binary: 8 bytes, too short for a header, an object and a 32-byte trailer"),
        (xml("<key>CFBundleVersion</key><string>1"), "XML: </dict> at byte 102, expected </string>"),
    ])
    func notAPropertyList(bytes: [UInt8], reason: String) {
        #expect(throws: InfoPlistError.notAPropertyList(reason)) { try InfoPlist.read(bytes) }
    }

    @Test func messages() {
        #expect(InfoPlistError.repeatedKey("CFBundleVersion").description == "has the key 'CFBundleVersion' more than once")
        #expect(InfoPlistError.notAPropertyList("x").description == "not a property list: x")
    }
}
