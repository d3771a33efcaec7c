/// HTML release notes as plain text for a terminal (SPEC.md "Details": HTML notes as text).
///
/// Tags are removed; `<script>` and `<style>` are removed with their content, comments
/// too. Runs of white space collapse to one space. `<br>`, `</p>`, `</li>`, `</div>` and
/// `</h1>`…`</h6>` end a line; `<p>` ends one too (so paragraphs stand apart); `<li>`
/// starts a line with `• `, and `<div>`, `<ul>`, `<ol>`, `<tr>` and `<h1>`…`<h6>` start
/// a line (nothing when one is already empty). Entities are decoded (the common named
/// ones and every `&#…;` reference; an unknown one stays as written). Lines are trimmed,
/// runs of blank lines collapse to one, and blank lines at either end are dropped.
///
/// Cost: one pass over the UTF-8 bytes, linear (a `<` with no `>` after it is read as
/// text, and no byte is scanned twice for a tag's end), writing straight into the
/// result's storage: no list of lines, no string per tag. The result is at most 5/4 of
/// the input plus a few bytes (`<li>` is 4 bytes, its line break and `• ` 5), reserved
/// once; only the pages written are touched. An 8 MiB `<description>` of `<li>` items
/// costs some 8 MiB beside its input, not the 128 MB that a line list did.
public enum HTMLText {
    public static func plainText(_ html: String) -> String {
        var html = html
        return html.withUTF8 { input in
            // At most 5/4 of the input is written (see above); the rest of the room is never touched.
            let capacity = input.count + input.count / 2 + 16
            return String(unsafeUninitializedCapacity: capacity) { output in
                var renderer = Renderer(input: input, output: output)
                renderer.render()
                return renderer.written
            }
        }
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

    /// The tags that shape lines.
    enum Tag {
        case br, p, li, div, ul, ol, tr, heading, script, style, other
    }

    /// `name` (ASCII letters and digits) as a tag, in any letter case.
    static func tag(_ name: UnsafeBufferPointer<UInt8>) -> Tag {
        func named(_ word: StaticString) -> Bool {
            guard name.count == word.utf8CodeUnitCount else { return false }
            for index in 0..<name.count where name[index] | 0x20 != word.utf8Start[index] { return false }
            return true
        }
        switch name.count {
        case 1: return named("p") ? .p : .other
        case 2:
            if named("br") { return .br }
            if named("li") { return .li }
            if named("ul") { return .ul }
            if named("ol") { return .ol }
            if named("tr") { return .tr }
            return name[0] | 0x20 == UInt8(ascii: "h") && (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(name[1]) ? .heading : .other
        case 3: return named("div") ? .div : .other
        case 5: return named("style") ? .style : .other
        case 6: return named("script") ? .script : .other
        default: return .other
        }
    }

    private struct Renderer {
        let input: UnsafeBufferPointer<UInt8>
        let output: UnsafeMutableBufferPointer<UInt8>
        var i = 0
        var written = 0
        /// A space is due before the next text on this line.
        var pendingSpace = false
        /// The line being written has no text yet.
        var lineEmpty = true
        /// Some line with text has been written.
        var hasText = false
        /// A blank line ended since the last line with text: a blank line is due before the next.
        var blankDue = false
        /// No `>` at or after this position: a `<` from here on is text.
        var noTagEndFrom = Int.max

        init(input: UnsafeBufferPointer<UInt8>, output: UnsafeMutableBufferPointer<UInt8>) {
            self.input = input
            self.output = output
        }

        mutating func render() {
            while i < input.count {
                let byte = input[i]
                if byte == UInt8(ascii: "<"), i < noTagEndFrom, readMarkup() { continue }
                if byte == UInt8(ascii: "&") {
                    appendEntity()
                    continue
                }
                appendCharacter(at: i)
            }
            endLine()
        }

        // MARK: markup

        /// Reads a tag, comment or declaration at `i`; `false` (leaving `i`) when the `<` is text.
        mutating func readMarkup() -> Bool {
            guard i + 1 < input.count else { return false }
            let next = input[i + 1]
            if next == UInt8(ascii: "!") {
                if starts(with: "<!--", at: i) {
                    i = end(of: "-->", from: i + 4)
                } else {
                    guard let close = tagEnd(from: i + 2) else { return false }
                    i = close + 1
                }
                return true
            }
            let closing = next == UInt8(ascii: "/")
            let nameStart = i + (closing ? 2 : 1)
            guard nameStart < input.count, isLetter(input[nameStart]), let close = tagEnd(from: nameStart) else { return false }
            var nameEnd = nameStart
            while nameEnd < close, isLetter(input[nameEnd]) || isDigit(input[nameEnd]) { nameEnd += 1 }
            let name = HTMLText.tag(UnsafeBufferPointer(rebasing: input[nameStart..<nameEnd]))
            i = close + 1
            apply(name, closing: closing)
            if !closing, name == .script || name == .style {
                i = endOfElement(nameStart..<nameEnd, from: i)
                if let close = tagEnd(from: i) { i = min(close + 1, input.count) } else { i = input.count }
            }
            return true
        }

        mutating func apply(_ tag: Tag, closing: Bool) {
            switch (tag, closing) {
            case (.br, _), (.p, _): endLine()
            case (.li, false):
                startLine()
                appendText(0xE2, 0x80, 0xA2)  // •
                pendingSpace = true
            case (.li, true), (.div, true): endLine()
            case (.div, false), (.ul, _), (.ol, _), (.tr, _): startLine()
            case (.heading, _): if closing { endLine() } else { startLine() }
            default: break
            }
        }

        /// The `>` that ends the tag whose name starts at `start`, skipping quoted values.
        /// When there is none, every later `<` is text (so no byte is scanned twice).
        mutating func tagEnd(from start: Int) -> Int? {
            var position = start
            var quote: UInt8?
            while position < input.count {
                let byte = input[position]
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: ">") {
                    return position
                }
                position += 1
            }
            noTagEndFrom = min(noTagEndFrom, start)
            return nil
        }

        /// The position after the next `pattern` from `start`, or the end.
        func end(of pattern: StaticString, from start: Int) -> Int {
            var position = start
            while position + pattern.utf8CodeUnitCount <= input.count {
                if starts(with: pattern, at: position) { return position + pattern.utf8CodeUnitCount }
                position += 1
            }
            return input.count
        }

        /// Where the next `</NAME` (any letter case) starts from `start`, or the end.
        func endOfElement(_ name: Range<Int>, from start: Int) -> Int {
            var position = start
            while position + name.count + 2 <= input.count {
                if input[position] == UInt8(ascii: "<"), input[position + 1] == UInt8(ascii: "/"),
                   (0..<name.count).allSatisfy({ input[position + 2 + $0] | 0x20 == input[name.lowerBound + $0] | 0x20 }) {
                    return position
                }
                position += 1
            }
            return input.count
        }

        func starts(with pattern: StaticString, at position: Int) -> Bool {
            guard position + pattern.utf8CodeUnitCount <= input.count else { return false }
            for offset in 0..<pattern.utf8CodeUnitCount where input[position + offset] != pattern.utf8Start[offset] {
                return false
            }
            return true
        }

        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- UInt8(ascii: "a") < 26 }
        func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

        // MARK: text

        /// `&NAME;` (NAME at most 32 characters, no white space or `&`), decoded; else the `&` is text.
        mutating func appendEntity() {
            var end = i + 1
            var characters = 1
            while end < input.count, characters <= 32, input[end] != UInt8(ascii: ";"), input[end] != UInt8(ascii: "&"),
                  !isWhitespaceStart(end) {
                end += min(sequenceLength(input[end]), input.count - end)
                characters += 1
            }
            guard end < input.count, input[end] == UInt8(ascii: ";"), end > i + 1 else {
                appendCharacter(at: i)
                return
            }
            let name = UnsafeBufferPointer(rebasing: input[(i + 1)..<end])
            if let scalar = Self.numericReference(name) {
                appendScalar(scalar)
                i = end + 1
            } else if name.first != UInt8(ascii: "#"),
                      let decoded = HTMLText.entities[String(decoding: name, as: UTF8.self)] {
                for scalar in decoded.unicodeScalars { appendScalar(scalar) }
                i = end + 1
            } else {
                while i <= end { appendCharacter(at: i) }
            }
        }

        /// `#DIGITS` or `#xHEX`: the scalar it names (not 0, not a surrogate, at most
        /// U+10FFFF), else nil.
        static func numericReference(_ name: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
            guard name.count >= 2, name[0] == UInt8(ascii: "#") else { return nil }
            let hex = name[1] | 0x20 == UInt8(ascii: "x")
            let digits = name[(hex ? 2 : 1)...]
            guard !digits.isEmpty else { return nil }
            var value: UInt32 = 0
            for byte in digits {
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: return nil
                }
                let (scaled, over) = value.multipliedReportingOverflow(by: hex ? 16 : 10)
                let (sum, carry) = scaled.addingReportingOverflow(digit)
                if over || carry { return nil }
                value = sum
            }
            return value == 0 ? nil : Unicode.Scalar(value)
        }

        /// The length of the UTF-8 sequence that starts with `byte` (the input is valid UTF-8).
        func sequenceLength(_ byte: UInt8) -> Int {
            byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
        }

        /// The scalar at `position` (valid UTF-8).
        func scalar(at position: Int) -> Unicode.Scalar {
            let byte = input[position]
            let length = min(sequenceLength(byte), input.count - position)
            var value = length == 1 ? UInt32(byte) : UInt32(byte) & (0xFF >> (length + 1))
            for offset in 1..<max(length, 1) { value = value << 6 | UInt32(input[position + offset] & 0x3F) }
            return Unicode.Scalar(value) ?? "\u{FFFD}"
        }

        func isWhitespaceStart(_ position: Int) -> Bool {
            let byte = input[position]
            if byte < 0x80 { return byte == 0x20 || (0x09...0x0D).contains(byte) }
            return scalar(at: position).properties.isWhitespace
        }

        /// The character at `i` as text; moves past it.
        mutating func appendCharacter(at position: Int) {
            let byte = input[position]
            if byte < 0x80 {
                if byte == 0x20 || (0x09...0x0D).contains(byte) {
                    pendingSpace = !lineEmpty
                } else {
                    appendText(byte)
                }
                i = position + 1
                return
            }
            let length = min(sequenceLength(byte), input.count - position)
            if scalar(at: position).properties.isWhitespace {
                pendingSpace = !lineEmpty
            } else {
                beginText()
                for offset in 0..<length { put(input[position + offset]) }
            }
            i = position + length
        }

        mutating func appendScalar(_ scalar: Unicode.Scalar) {
            if scalar.properties.isWhitespace {
                pendingSpace = !lineEmpty
                return
            }
            beginText()
            for byte in UTF8.encode(scalar)! { put(byte) }
        }

        mutating func appendText(_ bytes: UInt8...) {
            beginText()
            for byte in bytes { put(byte) }
        }

        /// Before text: the line break (and blank line) due, or the pending space.
        mutating func beginText() {
            if lineEmpty {
                if hasText {
                    put(UInt8(ascii: "\n"))
                    if blankDue { put(UInt8(ascii: "\n")) }
                }
                hasText = true
                blankDue = false
                lineEmpty = false
            } else if pendingSpace {
                put(UInt8(ascii: " "))
            }
            pendingSpace = false
        }

        mutating func put(_ byte: UInt8) {
            // Never reached (the result is at most 5/4 of the input): a guard, not a path.
            guard written < output.count else { return }
            output[written] = byte
            written += 1
        }

        /// Ends the line, blank or not.
        mutating func endLine() {
            if lineEmpty {
                if hasText { blankDue = true }
            } else {
                lineEmpty = true
            }
            pendingSpace = false
        }

        /// Ends the line unless it is empty.
        mutating func startLine() {
            if !lineEmpty { endLine() }
        }
    }
}
