import Foundation
import Testing
import VersionCheckTestSupport
import VersionCheckCore
@testable import VersionCheckSources

/// Property lists that crashed or could crash Foundation's bridging: each is a bad
/// response (76) with a reason, never a crash.
@Suite("Hostile input: property lists")
struct HostilePropertyListTests {
    /// Found by fuzz-manifest: a binary plist whose top object is a set. Through
    /// PropertyListSerialization it crashed versioncheck with SIGSEGV (exit 139).
    static let topLevelSet = Data(base64Encoded:
        "YnBsaXN0MDDDAQIDBAUGUzEuMFMxLrFVMS4zaUYuMF1yc3QgYnBsaXN0MDDTAQIDBAUGUzEuMFMxLrFVMS4zLjBdRmlyc3QgcmlzZFlCdWcgZml4ZXMIDxMXHStBREwAAAAAAAABAQAAAAAAAAAJAAAAAAAAAAAAAAAAAAAAVg==")!

    /// The same kind of object one level down: a dictionary whose value is a set of strings.
    static let setAsNotes: Data = {
        var data = Data("bplist00".utf8)
        let objects: [[UInt8]] = [
            [0xD1, 0x01, 0x02],  // {obj1: obj2}
            [0x53] + Array("1.0".utf8),  // "1.0"
            [0xC1, 0x03],  // set {obj3}
            [0x51, UInt8(ascii: "x")],  // "x"
        ]
        var offsets: [UInt8] = []
        for object in objects {
            offsets.append(UInt8(data.count))
            data.append(contentsOf: object)
        }
        let table = UInt8(data.count)
        data.append(contentsOf: offsets)
        data.append(contentsOf: [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, UInt8(objects.count)] + [UInt8](repeating: 0, count: 8)
            + [0, 0, 0, 0, 0, 0, 0, table])
        return data
    }()

    @Test(arguments: [
        (topLevelSet, "the property list is not a dictionary from version to release notes"),
        (setAsNotes, "property list entry '1.0' is not release notes (a string or an array of strings)"),
    ])
    func setsAreBadResponses(_ data: Data, _ reason: String) {
        #expect(throws: BodyError(reason)) { try SourceFormats.decodeManifest(Array(data)) }
    }

    @Test func theBinaryDoesNotCrash() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("versioncheck-set-\(UUID().uuidString).plist")
        try Self.topLevelSet.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try runMeasured("versioncheck", ["manifest", "--url", file.path, "--current", "1.0"])
        #expect(result.status == 76, "\(result)")
        #expect(result.stderrText.contains("the property list is not a dictionary"), "\(result)")
    }

    /// Found by fuzz-manifest: a binary plist with the key "1.0" twice. PropertyListDecoder
    /// kept one value or the other from one decode to the next.
    static let repeatedKey = Data(base64Encoded:
        "YnBsaXN0MDDTAQIDBAUGUzEuMFMxLjBVMS4zLjBdRmlyc3QgcmVsZXMPEGVvE2EhAIwAAAAAAG9ydCB0byBQRHSiBwhXV2lkZ2V0c1lCdWcgZml4ZXMIDxMXQUQdTCsAAAAAAAABAQAAAAAAAAAJAAAAAAAAAAAAAAAAAAAAVg==")!

    @Test func aRepeatedKeyIsABadResponse() {
        #expect(throws: BodyError("property list has the key '1.0' more than once")) { try SourceFormats.decodeManifest(Array(Self.repeatedKey)) }
        let xml = Data(#"<?xml version="1.0"?><plist version="1.0"><dict><key>2.0</key><string>a</string><key>2.0</key><string>b</string></dict></plist>"#.utf8)
        #expect(throws: BodyError("property list has the key '2.0' more than once")) { try SourceFormats.decodeManifest(Array(xml)) }
    }
}
