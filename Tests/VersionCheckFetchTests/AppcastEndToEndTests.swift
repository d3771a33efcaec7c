import Foundation
import Testing
import VersionCheckTestSupport

/// A Sparkle appcast through the built binaries, over loopback HTTP and from a file.
@Suite(.blockingBodies) struct AppcastEndToEndTests {
    @Test func anAppcastOverHTTPAndFromAFileGivesTheSameAnswer() throws {
        let server = try LoopbackServer(routes: ["/appcast.xml": [.init(file: "appcast-sparkle2.xml")]])
        let over = try runProduct(
            "versioncheck", ["manifest", "--url", server.url("/appcast.xml"), "--current", "5209", "--json"])
        #expect(over.status == 100, "\(over)")
        #expect(over.stdout.hasPrefix(#"{"status": "optional", "current": "5209", "latest": "7000", "comparison": -1, "level": "major""#))
        let file = try runProduct(
            "versioncheck", ["manifest", "--url", TestPaths.fixture("appcast-sparkle2.xml").path, "--current", "5209", "--json"])
        #expect(file.status == 100)
        #expect(file.stdout.replacingOccurrences(of: TestPaths.fixture("appcast-sparkle2.xml").path, with: "S")
                == over.stdout.replacingOccurrences(of: server.url("/appcast.xml"), with: "S"))
    }

    @Test func aDocumentTypeDeclarationInAnAppcastIsRefused() throws {
        let body = #"<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY x "y">]><rss><channel><item>&x;</item></channel></rss>"#
        let server = try LoopbackServer(routes: ["/appcast.xml": [.init(status: 200, body: body)]])
        let result = try runProduct("versioncheck", ["manifest", "--url", server.url("/appcast.xml"), "--current", "1", "--json"])
        #expect(result.status == 76, "\(result)")
        #expect(result.stdout.contains(#""kind": "bad-response""#))
    }
}
