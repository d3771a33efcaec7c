import Testing
@testable import VersionCheckSources

private func events(_ xml: String) throws(XMLError) -> [String] {
    var scanner = XMLScanner(Array(xml.utf8))
    var out: [String] = []
    while let event = try scanner.next() {
        switch event {
        case .start(let name, let attributes):
            let shown = attributes.map { "\($0.name.uri ?? "-")|\($0.name.qualified)=\($0.value)" }
            out.append("<\(name.uri ?? "-")|\(name.qualified)\(shown.isEmpty ? "" : " " + shown.joined(separator: " "))>")
        case .end(let name):
            out.append("</\(name.qualified)>")
        case .text(let text):
            out.append("'\(text)'")
        }
    }
    return out
}

private func error(_ xml: String) -> String? {
    do {
        _ = try events(xml)
        return nil
    } catch {
        return error.description
    }
}

@Suite("XML scanner")
struct XMLScannerTests {
    @Test func elementsTextAndNamespaces() throws {
        let xml = """
            <?xml version="1.0"?><!-- c --><a xmlns:s="urn:s" xmlns="urn:d"><s:b s:x="1" y='2'/><c>t&amp;&#65;&#x42;<![CDATA[<raw>&amp;]]></c><?pi x?><z:q/></a>
            """
        #expect(try events(xml) == [
            "<urn:d|a>", "<urn:s|s:b urn:s|s:x=1 -|y=2>", "</s:b>", "<urn:d|c>", "'t&AB'", "'<raw>&amp;'", "</c>",
            "<-|z:q>", "</z:q>", "</a>",
        ])
    }

    @Test func scopesEndWithTheirElement() throws {
        let xml = "<r><a xmlns:p=\"urn:1\"><p:x/></a><p:x/><b xmlns:p=\"urn:2\"><c xmlns:p=\"urn:3\"/><p:y/></b></r>"
        #expect(try events(xml) == [
            "<-|r>", "<-|a>", "<urn:1|p:x>", "</p:x>", "</a>", "<-|p:x>", "</p:x>", "<-|b>", "<-|c>", "</c>",
            "<urn:2|p:y>", "</p:y>", "</b>", "</r>",
        ])
    }

    /// Names compare by code point, as XML says, not by Unicode equivalence: `é` and
    /// `e` + U+0301 are two names, for an end tag, for repeated attributes (a few,
    /// compared pairwise, or many, hashed) and for the names the scanner remembers.
    @Test func namesCompareByCodePoint() throws {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        #expect(error("<\(composed)></\(decomposed)>") == "line 1: end tag </\(decomposed)> does not close <\(composed)>")
        #expect(try events("<r \(composed)='1' \(decomposed)='2'/>") == ["<-|r -|\(composed)=1 -|\(decomposed)=2>", "</r>"])
        let many = (0..<10).map { " a\($0)='\($0)'" }.joined()
        #expect(try events("<r\(many) \(composed)='1' \(decomposed)='2'/>").first?.hasSuffix("-|\(decomposed)=2>") == true)
        #expect(error("<r\(many) \(composed)='1' \(composed)='2'/>") == "line 1: attribute \(composed) given twice in <r>")
        // By bytes: Swift's `==` on strings would call the two spellings equal.
        #expect(try events("<r><\(composed)/><\(decomposed)/></r>").map { Array($0.utf8) } == [
            "<-|r>", "<-|\(composed)>", "</\(composed)>", "<-|\(decomposed)>", "</\(decomposed)>", "</r>",
        ].map { Array($0.utf8) })
    }

    @Test func lineEndsAndAttributeWhitespace() throws {
        #expect(try events("<r a=\"x\ty\nz\">1\r\n2\r3</r>") == ["<-|r -|a=x y z>", "'1\n2\n3'", "</r>"])
        #expect(try events("<r xml:lang=\"de\"/>") == ["<-|r http://www.w3.org/XML/1998/namespace|xml:lang=de>", "</r>"])
    }

    @Test("refused, with the line", arguments: [
        ("<!DOCTYPE rss [<!ENTITY x \"y\">]><rss/>", "line 1: a document type declaration (<!DOCTYPE) is not allowed"),
        ("<rss>&x;</rss>", "line 1: undefined entity '&x;' (entities are never expanded)"),
        ("<rss a=\"&x;\"/>", "line 1: undefined entity '&x;' (entities are never expanded)"),
        ("<rss>\n<a></b></rss>", "line 2: end tag </b> does not close <a>"),
        ("<rss><a>", "line 1: the document ends inside <a>"),
        ("<rss/><rss/>", "line 1: a second root element"),
        ("<rss/>x", "line 1: text after the root element"),
        ("", "line 1: no root element"),
        ("<rss a='1' a='2'/>", "line 1: attribute a given twice in <rss>"),
        ("<rss a=1/>", "line 1: expected a quoted value for attribute a"),
        ("<rss a='<'/>", "line 1: '<' in the value of attribute a"),
        ("<rss>a & b</rss>", "line 1: '&' that does not start a reference (write &amp;)"),
        ("<rss>&#0;</rss>", "line 1: invalid character reference '&#0;'"),
        ("<rss>&#xD800;</rss>", "line 1: invalid character reference '&#xD800;'"),
        ("<rss><![CDATA[x</rss>", "line 1: unterminated CDATA section"),
        ("<rss><!-- x</rss>", "line 1: unterminated comment"),
        ("<rss><:a/></rss>", "line 1: ':a' is not a valid qualified name"),
        ("</rss>", "line 1: end tag </rss> with no element open"),
    ])
    func refused(_ xml: String, _ message: String) {
        #expect(error(xml) == message)
    }

    @Test func depthLimitCountsTheRootAsLevelOne() {
        let ok = String(repeating: "<a>", count: 128) + String(repeating: "</a>", count: 128)
        let deep = String(repeating: "<a>", count: 129) + String(repeating: "</a>", count: 129)
        #expect(error(ok) == nil)
        #expect(error(deep) == "line 1: elements nested deeper than 128 levels")
    }
}
