import Testing
import VersionCheckTestSupport
import VersionCheckSources

/// `HTMLText` against the line-list renderer it replaced (kept here, as it was, as the
/// reference): the same text for seeded random markup of every shape, in one pass
/// over bytes instead of a list of lines and a string per tag.
@Suite("HTML notes as text against the previous renderer")
struct HTMLTextReferenceTests {
    static let pieces = [
        "<li>", "</li>", "<br>", "<br/>", "<BR >", "<p>", "</p>", "<P class='a'>", "x", "Caf\u{E9}", " ", "  ", "\n", "\t",
        "&amp;", "&#x41;", "&#233;", "&#0;", "&#xD800;", "&#x110000;", "&#12345678901;", "&#+5;", "&#x;", "&#;", "&bogus;",
        "&nbsp;", "&shy;", "&bull;", "&", "&amp", "&\u{E9}\u{E9};", "<div>", "</div>", "<ul>", "</ul>", "<ol>", "<tr>",
        "<h2>", "</h2>", "<h7>", "<!-- c -->", "<!--", "-->", "<!x>", "<!", "<script>a<b</script>", "<STYLE>p{}</style>",
        "<script>", "</script", "<", ">", "</", "<a href='>'>", "<a href=\"", "\"", "'", "\u{A0}", "\u{2003}", "\u{85}",
        "\u{1F600}", "<1>", "<b>", "</b>", "<\u{E9}>", "<li\u{E9}>",
    ]

    @Test("random markup", arguments: 0..<4)
    func sameTextAsTheLineListRenderer(block: UInt64) {
        var random = SplitMix64(seed: 0x4854_4D4C + block)
        for _ in 0..<150 {
            var html = ""
            for _ in 0..<Int(random.next() % 40) { html += Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }
            #expect(HTMLText.plainText(html) == LineListHTMLText.plainText(html), "\(html.debugDescription)")
        }
    }
}

enum LineListHTMLText {
    static func plainText(_ html: String) -> String {
        var renderer = Renderer(Array(html.unicodeScalars))
        return renderer.render()
    }

    /// Named entities decoded besides the numeric ones.
    static let entities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "ndash": "–", "mdash": "—",
        "hellip": "…", "bull": "•", "middot": "·", "copy": "©", "reg": "®", "trade": "™", "lsquo": "‘",
        "rsquo": "’", "ldquo": "“", "rdquo": "”", "laquo": "«", "raquo": "»", "times": "×", "rarr": "→",
        "larr": "←", "euro": "€", "pound": "£", "yen": "¥", "cent": "¢", "deg": "°", "para": "¶", "sect": "§",
        "shy": "", "zwj": "\u{200D}", "zwnj": "\u{200C}", "ensp": " ", "emsp": " ", "thinsp": " ",
        "eacute": "é", "egrave": "è", "agrave": "à", "aacute": "á", "ccedil": "ç", "uuml": "ü", "ouml": "ö",
        "auml": "ä", "Uuml": "Ü", "Ouml": "Ö", "Auml": "Ä", "szlig": "ß", "ntilde": "ñ", "oslash": "ø",
        "aring": "å", "iacute": "í", "oacute": "ó", "uacute": "ú", "ecirc": "ê", "Eacute": "É",
    ]

    private struct Renderer {
        let scalars: [Unicode.Scalar]
        var i = 0
        var lines: [String] = []
        var line = ""
        var pendingSpace = false
        /// No `>` at or after this position: a `<` from here on is text.
        var noTagEndFrom = Int.max

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        mutating func render() -> String {
            while i < scalars.count {
                let scalar = scalars[i]
                if scalar == "<", i < noTagEndFrom, readMarkup() { continue }
                if scalar == "&" {
                    appendEntity()
                    continue
                }
                appendText(scalar)
                i += 1
            }
            endLine()
            return joined()
        }

        // MARK: markup

        /// Reads a tag, comment or declaration at `i`; `false` (leaving `i`) when the `<` is text.
        mutating func readMarkup() -> Bool {
            guard i + 1 < scalars.count else { return false }
            let next = scalars[i + 1]
            if next == "!" {
                if starts(with: "<!--", at: i) {
                    i = end(of: "-->", from: i + 4)
                } else {
                    guard let close = tagEnd(from: i + 2) else { return false }
                    i = close + 1
                }
                return true
            }
            let closing = next == "/"
            let nameStart = i + (closing ? 2 : 1)
            guard nameStart < scalars.count, scalars[nameStart].properties.isAlphabetic, scalars[nameStart].isASCII,
                  let close = tagEnd(from: nameStart)
            else { return false }
            var nameEnd = nameStart
            while nameEnd < close, scalars[nameEnd].isASCII,
                  scalars[nameEnd].properties.isAlphabetic || ("0"..."9").contains(scalars[nameEnd]) { nameEnd += 1 }
            let name = String(String.UnicodeScalarView(scalars[nameStart..<nameEnd])).lowercased()
            i = close + 1
            apply(name, closing: closing)
            if !closing, name == "script" || name == "style" {
                i = end(of: "</\(name)", from: i, caseInsensitive: true)
                if let close = tagEnd(from: i) { i = min(close + 1, scalars.count) } else { i = scalars.count }
            }
            return true
        }

        mutating func apply(_ name: String, closing: Bool) {
            let heading = name.count == 2 && name.hasPrefix("h") && ("1"..."6").contains(name.last!)
            switch (name, closing) {
            case ("br", _): endLine()
            case ("p", _): endLine()
            case ("li", false):
                startLine()
                line = "•"
                pendingSpace = true
            case ("li", true), ("div", true): endLine()
            case ("div", false), ("ul", false), ("ol", false), ("tr", false): startLine()
            case ("ul", true), ("ol", true), ("tr", true): startLine()
            default:
                if heading { if closing { endLine() } else { startLine() } }
            }
        }

        /// The `>` that ends the tag whose name starts at `start`, skipping quoted values.
        /// When there is none, every later `<` is text (so no byte is scanned twice).
        mutating func tagEnd(from start: Int) -> Int? {
            var position = start
            var quote: Unicode.Scalar?
            while position < scalars.count {
                let scalar = scalars[position]
                if let open = quote {
                    if scalar == open { quote = nil }
                } else if scalar == "\"" || scalar == "'" {
                    quote = scalar
                } else if scalar == ">" {
                    return position
                }
                position += 1
            }
            noTagEndFrom = min(noTagEndFrom, start)
            return nil
        }

        /// The position after the next `pattern` from `start`, or the end.
        func end(of pattern: String, from start: Int, caseInsensitive: Bool = false) -> Int {
            let wanted = Array(pattern.unicodeScalars)
            var position = start
            while position + wanted.count <= scalars.count {
                if starts(with: wanted, at: position, caseInsensitive: caseInsensitive) {
                    return caseInsensitive ? position : position + wanted.count
                }
                position += 1
            }
            return scalars.count
        }

        func starts(with pattern: String, at position: Int) -> Bool {
            starts(with: Array(pattern.unicodeScalars), at: position, caseInsensitive: false)
        }

        func starts(with pattern: [Unicode.Scalar], at position: Int, caseInsensitive: Bool) -> Bool {
            guard position + pattern.count <= scalars.count else { return false }
            for (offset, wanted) in pattern.enumerated() {
                let found = scalars[position + offset]
                if caseInsensitive ? lower(found) != lower(wanted) : found != wanted { return false }
            }
            return true
        }

        func lower(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
            ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar
        }

        // MARK: text

        mutating func appendEntity() {
            var end = i + 1
            while end < scalars.count, end - i <= 32, scalars[end] != ";", scalars[end] != "&",
                  !scalars[end].properties.isWhitespace { end += 1 }
            guard end < scalars.count, scalars[end] == ";", end > i + 1 else {
                appendText("&")
                i += 1
                return
            }
            let name = String(String.UnicodeScalarView(scalars[(i + 1)..<end]))
            if let decoded = Self.decode(name) {
                for scalar in decoded.unicodeScalars { appendText(scalar) }
            } else {
                for scalar in scalars[i...end] { appendText(scalar) }
            }
            i = end + 1
        }

        static func decode(_ name: String) -> String? {
            if name.hasPrefix("#") {
                let digits = name.dropFirst()
                let value = digits.first == "x" || digits.first == "X"
                    ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
                guard let value, !digits.contains("+"), !digits.contains("-"), value != 0,
                      let scalar = Unicode.Scalar(value)
                else { return nil }
                return String(scalar)
            }
            return LineListHTMLText.entities[name]
        }

        mutating func appendText(_ scalar: Unicode.Scalar) {
            if scalar.properties.isWhitespace {
                pendingSpace = !line.isEmpty
                return
            }
            if pendingSpace { line.append(" ") }
            pendingSpace = false
            line.unicodeScalars.append(scalar)
        }

        /// Ends the line, blank or not.
        mutating func endLine() {
            lines.append(line)
            line = ""
            pendingSpace = false
        }

        /// Ends the line unless it is empty.
        mutating func startLine() {
            if !line.isEmpty { endLine() }
        }

        /// Lines joined; runs of blank lines as one; none at either end.
        func joined() -> String {
            var kept: [String] = []
            for line in lines {
                if line.isEmpty, kept.last?.isEmpty ?? true { continue }
                kept.append(line)
            }
            while kept.last?.isEmpty == true { kept.removeLast() }
            return kept.joined(separator: "\n")
        }
    }
}
