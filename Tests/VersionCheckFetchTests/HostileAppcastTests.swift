import Foundation
import Testing
import VersionCheckTestSupport

/// Appcasts that fill the 8 MiB cap, through the binary (`make check-budget` holds them
/// to 1 s and 64 MiB against the release build), and a cache hit of a cap-sized entry.
@Suite("Hostile input: appcasts and the cache at the size cap", .blockingBodies)
struct HostileAppcastTests {
    static let folder: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vc-hostile-appcast-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }()

    /// An appcast of `item(n)` items, as many as fit under the cap.
    static func capFillingAppcast(_ name: String, item: (Int) -> String) throws -> (path: String, count: Int) {
        let head = #"<?xml version="1.0"?><rss xmlns:sparkle="http://www.andymatuschak.org/xml-namespaces/sparkle"><channel>"#
        let tail = "</channel></rss>"
        var text = head
        var count = 0
        while true {
            let next = item(count)
            if text.utf8.count + next.utf8.count + tail.utf8.count > 8 * 1024 * 1024 { break }
            text += next
            count += 1
        }
        let url = folder.appendingPathComponent(name)
        try Data((text + tail).utf8).write(to: url)
        return (url.path, count)
    }

    @Test(arguments: [
        ("bare items", "<item><sparkle:version>%d</sparkle:version><enclosure url=\"u\"/></item>"),
        ("items with HTML notes", "<item><sparkle:version>%d</sparkle:version><sparkle:shortVersionString>1.%d</sparkle:shortVersionString><pubDate>Tue, 10 Jun 2025 12:00:00 +0000</pubDate><description>&lt;p&gt;Fix &amp;amp; more&lt;/p&gt;</description><enclosure url=\"https://e.example/%d.zip\"/></item>"),
        ("channel and phased items", "<item><sparkle:version>%d</sparkle:version><sparkle:channel>beta</sparkle:channel><sparkle:phasedRolloutInterval>86400</sparkle:phasedRolloutInterval><pubDate>Tue, 10 Jun 2025 12:00:00 GMT</pubDate><enclosure url=\"u\"/></item>"),
    ])
    func appcastsAtTheSizeCap(shape: String, item: String) throws {
        let (path, count) = try Self.capFillingAppcast("cap-\(shape.replacingOccurrences(of: " ", with: "-")).xml") { index in
            item.replacingOccurrences(of: "%d", with: String(index + 1))
        }
        #expect(count > 25_000, "\(count) items")
        for options in [["-q"], ["--json", "--channel", "beta", "--rollout-group", "3"]] {
            let result = try runMeasuredForBudget(
                "versioncheck", ["manifest", "--url", path, "--current", "1", "--force-on", "major"] + options, timeout: 120)
            #expect([0, 100, 101].contains(result.status), "\(result)")
            #expect(result.seconds < (HostileBudget.isReleaseBuild ? HostileBudget.seconds : 10 * HostileBudget.seconds), "\(result)")
            #expect(result.peakMiB < HostileBudget.mebibytes, "\(result)")
            print("HOSTILE\t8 MiB appcast of \(count) \(shape) \(options.joined(separator: " "))\texit \(result.status)\t\(String(format: "%.2f", result.seconds)) s\t\(String(format: "%.1f", result.peakMiB)) MiB")
        }
    }

    /// A cap-sized cache entry answers without the helper, within the budget.
    @Test func aCapSizedCacheHit() throws {
        let (path, count) = try Self.capFillingAppcast("cache-big.xml") { index in
            "<item><sparkle:version>\(index + 1)</sparkle:version><enclosure url=\"u\"/></item>"
        }
        let server = try LoopbackServer(routes: ["/big.xml": [.init(file: path)]])
        let cache = Self.folder.appendingPathComponent("cache-\(UUID().uuidString)").path
        let arguments = ["manifest", "--url", server.url("/big.xml"), "--current", "1", "-q", "--check-period", "1"]
        let environment = ["VERSIONCHECK_CACHE_DIR": cache]
        let first = try runMeasured("versioncheck", arguments, environment: environment, timeout: 120)
        #expect(first.status == 100, "\(first)")
        let hit = try runMeasuredForBudget("versioncheck", arguments + ["-v"], environment: environment, timeout: 120)
        #expect(hit.status == 100, "\(hit)")
        #expect(hit.stderrText.contains("cache: hit"), "\(hit)")
        #expect(server.requests().count == 1)
        #expect(hit.seconds < (HostileBudget.isReleaseBuild ? HostileBudget.seconds : 10 * HostileBudget.seconds), "\(hit)")
        #expect(hit.peakMiB < HostileBudget.mebibytes, "\(hit)")
        print("HOSTILE\tcache hit of an 8 MiB appcast of \(count) items\texit \(hit.status)\t\(String(format: "%.2f", hit.seconds)) s\t\(String(format: "%.1f", hit.peakMiB)) MiB")
    }
}
