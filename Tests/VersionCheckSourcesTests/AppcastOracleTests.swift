#if canImport(FoundationXML)
import FoundationXML
#endif
import Foundation
import Testing
import VersionCheckTestSupport
@testable import VersionCheckSources

/// A second reading by Foundation's `XMLParser` (libxml2 on Linux): the versions of
/// `/rss/channel/item`, enclosure attribute first, as Sparkle takes them.
private final class OracleReader: NSObject, XMLParserDelegate {
    var versions: [String?] = []
    private var path: [String] = []
    private var bindings: [String: [String]] = [:]
    private var element: String?
    private var attribute: String?
    private var text = ""

    func parser(_ parser: XMLParser, didStartMappingPrefix prefix: String, toURI namespaceURI: String) {
        bindings[prefix, default: []].append(namespaceURI)
    }

    func parser(_ parser: XMLParser, didEndMappingPrefix prefix: String) {
        bindings[prefix]?.removeLast()
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        let uri = namespaceURI.flatMap { $0.isEmpty ? nil : $0 }
        path.append(uri.map { "{\($0)}\(elementName)" } ?? elementName)
        if path == ["rss", "channel", "item"] {
            element = nil
            attribute = nil
        }
        guard path.count == 4, path.prefix(3) == ["rss", "channel", "item"] else { return }
        if elementName == "enclosure", namespaceURI?.isEmpty ?? true, attribute == nil {
            for (key, value) in attributes {
                let parts = key.split(separator: ":")
                if parts.count == 2, parts[1] == "version", bindings[String(parts[0])]?.last == AppcastReader.sparkleNamespace {
                    attribute = value
                }
            }
        }
        text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) { text += String(decoding: CDATABlock, as: UTF8.self) }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        if path.count == 4, path.prefix(3) == ["rss", "channel", "item"], elementName == "version",
           namespaceURI == AppcastReader.sparkleNamespace, element == nil {
            element = text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        if path == ["rss", "channel", "item"] { versions.append(attribute ?? element) }
        path.removeLast()
    }

    static func versions(_ bytes: [UInt8]) -> [String?]? {
        let parser = XMLParser(data: Data(bytes))
        parser.shouldProcessNamespaces = true
        parser.shouldReportNamespacePrefixes = true
        parser.shouldResolveExternalEntities = false
        let reader = OracleReader()
        parser.delegate = reader
        return parser.parse() ? reader.versions : nil
    }
}

@Suite("Appcast reader agrees with XMLParser")
struct AppcastOracleTests {
    @Test(arguments: ["appcast-sparkle2.xml", "appcast-sparkle1.xml", "appcast-os.xml"])
    func fixtures(_ name: String) throws {
        let bytes = try appcastFixture(name)
        let ours = try AppcastReader.read(bytes).items.map(\.version)
        #expect(OracleReader.versions(bytes) == ours)
    }

    @Test func generatedFeeds() throws {
        var random = SplitMix64(seed: 15)
        let pieces = [
            "<item><sparkle:version>%V</sparkle:version><enclosure url='u'/></item>",
            "<item><enclosure url='u' sparkle:version='%V'/><sparkle:version>9</sparkle:version></item>",
            "<item><title>a &amp; b</title><sparkle:version>\n %V \n</sparkle:version></item>",
            "<item><!-- c --><sparkle:version><![CDATA[%V]]></sparkle:version></item>",
            "<item><x:version xmlns:x='http://www.andymatuschak.org/xml-namespaces/sparkle'>%V</x:version></item>",
            "<item><version>%V</version></item>",
            "<item><description><![CDATA[<p>x</p>]]></description><sparkle:version>%V</sparkle:version><sparkle:version>0</sparkle:version></item>",
            "<item><sparkle:version>&#50;.%V</sparkle:version></item>",
        ]
        for _ in 0..<60 {
            var items = ""
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                let version = "\(Int.random(in: 0...99, using: &random)).\(Int.random(in: 0...9, using: &random))"
                items += pieces.randomElement(using: &random)!.replacingOccurrences(of: "%V", with: version)
            }
            let bytes = feed(items)
            let ours = try AppcastReader.read(bytes).items.map(\.version)
            #expect(OracleReader.versions(bytes) == ours, "\(String(decoding: bytes, as: UTF8.self))")
        }
    }

    @Test(arguments: [
        "<!DOCTYPE rss><rss><channel/></rss>", "<rss><channel>&x;</channel></rss>", "<rss><channel></item></rss>",
        "<rss><channel><item a='1' a='2'/></channel></rss>",
    ])
    func bothRefuse(_ xml: String) {
        let bytes = Array(xml.utf8)
        #expect(throws: AppcastError.self) { try AppcastReader.read(bytes) }
        if !xml.hasPrefix("<!DOCTYPE") { #expect(OracleReader.versions(bytes) == nil) }
    }
}
