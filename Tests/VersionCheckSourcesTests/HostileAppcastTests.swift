import Testing
import VersionCheckCore
@testable import VersionCheckSources

private func message(_ bytes: [UInt8]) -> String? {
    do {
        _ = try AppcastReader.read(bytes)
        return nil
    } catch {
        return error.description
    }
}

@Suite("Hostile appcasts")
struct HostileAppcastTests {
    @Test func documentTypeDeclarationIsRefused() {
        let billionLaughs = """
            <?xml version="1.0"?>
            <!DOCTYPE rss [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
            <rss><channel><item><title>&b;</title></item></channel></rss>
            """
        #expect(message(Array(billionLaughs.utf8))
            == "not a readable appcast (line 2: a document type declaration (<!DOCTYPE) is not allowed)")
    }

    @Test func entitiesAreNeverExpanded() {
        let external = "<rss><channel><item><description>&xxe;</description></item></channel></rss>"
        #expect(message(Array(external.utf8))
            == "not a readable appcast (line 1: undefined entity '&xxe;' (entities are never expanded))")
    }

    @Test func nestingCountsRssAsLevelOne() {
        let ok = "<rss><channel><item>" + String(repeating: "<x>", count: 125) + String(repeating: "</x>", count: 125)
            + "</item></channel></rss>"
        let deep = "<rss><channel><item>" + String(repeating: "<x>", count: 126) + String(repeating: "</x>", count: 126)
            + "</item></channel></rss>"
        #expect(message(Array(ok.utf8)) == nil)
        #expect(message(Array(deep.utf8)) == "not a readable appcast (line 1: elements nested deeper than 128 levels)")
    }

    @Test func attributesAreBounded() {
        let many = (0..<1025).map { "xmlns:p\($0)='u' p\($0):a='1'" }.joined(separator: " ")
        let tag = "<rss><channel><item><enclosure \(many)/></item></channel></rss>"
        #expect(message(Array(tag.utf8)) == "not a readable appcast (line 1: more than 1024 attributes in <enclosure>)")
        let fine = (0..<512).map { "xmlns:p\($0)='u' p\($0):a='1'" }.joined(separator: " ")
        #expect(message(Array("<rss><channel><item><enclosure \(fine)/></item></channel></rss>".utf8)) == nil)
        let twice = "<rss xmlns:p='a' xmlns:p='b'><channel/></rss>"
        #expect(message(Array(twice.utf8)) == "not a readable appcast (line 1: attribute xmlns:p given twice in <rss>)")
    }

    /// Only the letters A–Z are folded when a link is tested for `http(s)://`: `0x1A | 0x20`
    /// is `:` and `0x0F | 0x20` is `/`, so `http\u{1A}//host/x` (or `http\u{1A}/\u{0F}host`) passed as an absolute web
    /// link, printed unresolved. It is a relative reference, resolved against the base.
    @Test func controlBytesNeverReadAsTheSchemeDelimiters() {
        let base = LinkBase("https://feed.example/app/appcast.xml")
        for reference in ["http\u{1A}//e.example/x.zip", "http\u{1A}/\u{0F}e.example/x.zip", "HTTP://e.example/x.zip"] {
            let resolved = AppcastLinks.resolve(reference, against: base)
            #expect(resolved.isWeb, "\(reference)")
            if reference.hasPrefix("HTTP:") {
                #expect(resolved.text == reference, "letters fold: an absolute link stays as given")
            } else {
                #expect(resolved.text == "https://feed.example/app/" + reference, "\(resolved.text)")
            }
        }
        #expect(ByteText.startsIgnoringASCIICase(Array("<!DOCTYPE rss".utf8), with: "<!doctype"))
        #expect(!ByteText.startsIgnoringASCIICase(Array("http\u{1A}//".utf8), with: "http://"))
    }

    @Test func truncatedAnywhereFailsCleanly() throws {
        let bytes = try appcastFixture("appcast-sparkle2.xml")
        for end in stride(from: 0, to: bytes.count - 1, by: 7) {
            #expect(message(Array(bytes[..<end])) != nil)
        }
    }

    /// An appcast at the 8 MiB cap: items in file order, one per version. Linear time:
    /// a quadratic reader would take minutes.
    @Test func capFillingAppcastIsLinear() throws {
        let bytes = Self.capFilling()
        let clock = ContinuousClock()
        var count = 0
        let elapsed = try clock.measure {
            let appcast = try AppcastReader.read(bytes)
            let offer = try AppcastSelection.offer(appcast, current: try Version(sparkle: "1"), options: AppcastOptions(now: 0))
            count = offer.releases.count
        }
        #expect(count > 20_000)
        #expect(elapsed < .seconds(30), "debug build; the release build reads it in well under a second")
    }

    /// `lint` of an appcast at the 8 MiB cap, in the shapes that load it most: bare items
    /// (three findings each, 340,000 found, a thousand of a code listed), every item one finding or more (its
    /// signature is short), one build throughout
    /// (one run of equal versions for `A02`), builds falling as dates rise (`A03`, `A04`),
    /// every item its own system range (as many groups as items). Sorts, never pairs: a
    /// quadratic linter would take hours.
    @Test("lint of a cap-filling appcast is n log n", arguments: LintShape.allCases)
    func capFillingAppcastLint(_ shape: LintShape) throws {
        let bytes = Self.capFilling(shape: shape)
        let clock = ContinuousClock()
        var findings: [LintFinding] = []
        let elapsed = try clock.measure {
            findings = try FeedLint.findings(in: bytes, context: LintContext(base: "https://example.com/appcast.xml"))
        }
        // Every item has a finding or more: past the limit of a code, one finding counts the rest.
        #expect(findings.contains { $0.message.contains("more") && $0.item == nil })
        for code in LintCode.allCases {
            #expect(findings.count { $0.code == code } <= FeedLint.limitPerCode + 1, "\(code)")
        }
        #expect(elapsed < .seconds(30), "debug build; the release build lints it in well under a second")
    }

    /// The shapes of `capFillingAppcastLint`.
    enum LintShape: String, CaseIterable, Sendable {
        case realistic, bareItems, oneBuild, fallingBuilds, ownSystemRanges
    }

    /// About 8 MiB of items in `shape`.
    static func capFilling(shape: LintShape, limit: Int = 8 << 20) -> [UInt8] {
        guard shape != .realistic else { return capFilling(limit: limit) }
        var text = "<rss version=\"2.0\" xmlns:sparkle=\"http://www.andymatuschak.org/xml-namespaces/sparkle\"><channel>\n"
        let close = "</channel></rss>\n"
        var index = 1
        while true {
            guard shape != .bareItems else {
                let item = "<item><sparkle:version>\(index)</sparkle:version><enclosure url=\"u\"/></item>\n"
                if text.utf8.count + item.utf8.count + close.utf8.count > limit { break }
                text += item
                index += 1
                continue
            }
            let build = shape == .oneBuild ? 7 : shape == .fallingBuilds ? 1_000_000 - index : index
            let system = shape == .ownSystemRanges ? "<sparkle:minimumSystemVersion>\(index).0</sparkle:minimumSystemVersion>"
                + "<sparkle:maximumSystemVersion>\(index).9</sparkle:maximumSystemVersion>" : ""
            let item = "<item><pubDate>\(index % 28 + 1) Jun 2025 12:00:\(index % 60) +0000</pubDate><sparkle:version>\(build)"
                + "</sparkle:version><sparkle:shortVersionString>1.\(index)</sparkle:shortVersionString>\(system)"
                + "<enclosure url=\"App-\(index).zip\" length=\"100\" sparkle:edSignature=\"abc\"/></item>\n"
            if text.utf8.count + item.utf8.count + close.utf8.count > limit { break }
            text += item
            index += 1
        }
        return Array((text + close).utf8)
    }

    /// About 8 MiB of realistic items.
    static func capFilling(limit: Int = 8 << 20) -> [UInt8] {
        var text = "<?xml version=\"1.0\"?>\n<rss version=\"2.0\" xmlns:sparkle=\"http://www.andymatuschak.org/xml-namespaces/sparkle\"><channel><title>Big</title>\n"
        let close = "</channel></rss>\n"
        var build = 1
        while true {
            let item = """
                <item><title>Version \(build)</title><pubDate>Tue, 10 Jun 2025 12:00:00 +0000</pubDate>\
                <sparkle:version>\(build)</sparkle:version><sparkle:shortVersionString>1.\(build)b\(build % 7)</sparkle:shortVersionString>\
                <description><![CDATA[<p>Fixes &amp; <b>improvements</b></p>]]></description>\
                <enclosure url="https://example.com/App-\(build).zip" length="100" type="application/octet-stream" sparkle:edSignature="abc"/></item>

                """
            if text.utf8.count + item.utf8.count + close.utf8.count > limit { break }
            text += item
            build += 1
        }
        return Array((text + close).utf8)
    }

    /// Found by fuzz-appcast: Sparkle ignores text from the first `-` on, but the version
    /// keeps its spelling, so a control character there reached the terminal in
    /// "gate failed: … is not newer than the latest 2.1-ignore\u{8}…". Such a version is
    /// refused (76), whichever way the character is written.
    @Test("a control character in a version's ignored text is refused", arguments: [
        ("2.1-ignore\u{8}d", 10), ("1.0-\u{1B}[2J", 4), ("1.0-x&#x85;y", 5), ("3-&#x2028;x", 2), ("1.0b2-\u{7F}", 6),
    ])
    func controlCharacterInIgnoredText(_ version: String, _ offset: Int) throws {
        let body = "<rss xmlns:sparkle='\(AppcastReader.sparkleNamespace)'><channel><item>"
            + "<sparkle:version>\(version)</sparkle:version><enclosure url='u'/></item></channel></rss>"
        let appcast = try AppcastReader.read(Array(body.utf8))
        let current = try Version(sparkle: "1")
        #expect(throws: AppcastError.self) {
            try AppcastSelection.offer(appcast, current: current, options: AppcastOptions(now: 0))
        }
        do throws(AppcastError) {
            _ = try AppcastSelection.offer(appcast, current: current, options: AppcastOptions(now: 0))
        } catch {
            guard case .invalidVersion(0, "sparkle:version", let versionError) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(versionError.offset == offset)
            #expect(error.description.hasPrefix("item 1 sparkle:version: invalid version '"))
            #expect(error.description.hasSuffix("expected a printable character (text after '-' is ignored, but shown)"))
        }
        // Printable text there, ASCII or not, is still ignored.
        let fine = body.replacingOccurrences(of: version, with: "2.1-\u{3B2}eta")
        #expect(try AppcastSelection.offer(
            AppcastReader.read(Array(fine.utf8)), current: current, options: AppcastOptions(now: 0)
        ).releases.map(\.version.description) == ["2.1-\u{3B2}eta"])
    }

    /// Found by fuzz-appcast: the format hands each item to the selection as it is read,
    /// so a feed whose first item has no version (its `sparkle:` prefix bound to another
    /// namespace) and whose second item is not well-formed XML was refused for the item,
    /// while `AppcastReader.read` + `offer` (and Sparkle, which parses the document first)
    /// refuse it as unreadable. A problem of the document wins wherever the items go wrong.
    @Test("a feed that is not well-formed is refused as such, whichever item goes wrong first", arguments: [
        (#"<enclosure url="https://example.com/a.zip" length\#u{0}="1"/>"#,
         "not a readable appcast (line 1: expected '=' after attribute length in <enclosure>)"),
        (#"<enclosure url="file:///tmp/a.zip" sparkle:version="2"/>"#,
         "item 2 enclosure url 'file:///tmp/a.zip' is not an http or https URL (Sparkle refuses such a feed)"),
        (#"<enclosure url="https://example.com/a.zip" sparkle:version="2"/>"#,
         "item 1 has no sparkle:version"),
    ])
    func documentProblemsWinOverItemProblems(_ second: String, _ expected: String) throws {
        let body = "<rss xmlns:sparkle='\(AppcastReader.sparkleNamespace)' xmlns:other='urn:other'><channel>"
            + "<item><enclosure url='u' other:version='1'/></item><item>\(second)</item></channel></rss>"
        let bytes = Array(body.utf8)
        let current = try Version(sparkle: "1")
        var reader: String?
        do throws(AppcastError) {
            let appcast = try AppcastReader.read(bytes)
            _ = try AppcastSelection.offer(appcast, current: current, options: AppcastOptions(now: 0))
        } catch {
            reader = error.description
        }
        var format: String?
        do throws(BodyError) {
            _ = try SourceFormats.decodeManifest(bytes, context: SourceContext(current: current))
        } catch {
            format = error.description
        }
        #expect(format == expected)
        #expect(reader == expected)
    }
}
