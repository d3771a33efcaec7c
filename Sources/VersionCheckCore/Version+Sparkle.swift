// Sparkle's spellings (SPEC.md "Sparkle appcasts"): a version read from an appcast
// compares as Sparkle 2's `SUStandardVersionComparator` compares it.

extension Version {
    /// Reads a version as Sparkle 2's comparator (`SUStandardVersionComparator`) reads it,
    /// keeping the text as spelled (`description` is the trimmed input). Any text is a
    /// version to Sparkle (`1.0 (1234)`, `2.0b3`, `1.5.5-335d3e2`, `beta`), except an
    /// empty one or one holding a control character (the spelling is printed).
    ///
    /// Plain digits and dots before the first `-` (`1.5.5-335d3e2`, `5209`, trailing
    /// dots dropped) compare as the lenient grammar would, which there is Sparkle's
    /// order too, on the fast inline path; anything else compares with
    /// `SparkleComparator` on the text, and its leading numeric components are its
    /// numbers for bump levels (`1.0b1 (7)` has 1 and 0).
    ///
    /// Applies to versions in an appcast and, when the source is an appcast, to
    /// `--current`, `--skip` and `--minimum`; never to `--os-version`.
    ///
    /// - Throws: `VersionError` quoting the whole (trimmed) text, offsets counted in it.
    @_specialize(exported: true, where Text == String)
    @_specialize(exported: true, where Text == Substring)
    public init<Text: StringProtocol>(sparkle text: Text) throws(VersionError) {
        // `1`, `1.2.3` (digits, single dots, nothing around them, at most four significant
        // numbers) read alike in both grammars: read in place, as the lenient one does.
        if let string = text as? String, let plain = Version.plainDigitsAndDots(string) {
            self = plain
            return
        }
        let trimmed = Version.trimmingWhitespace(text)
        guard !trimmed.isEmpty else { throw .empty }
        // Printable ASCII (the usual version) needs no look at its characters.
        let printableASCII = trimmed.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
        if !printableASCII, let unprintable = trimmed.firstIndex(where: { !$0.unicodeScalars.allSatisfy(TerminalText.isPlain) }) {
            throw .unexpectedCharacter(
                text: trimmed, offset: trimmed.distance(from: trimmed.startIndex, to: unprintable), expected: .printable)
        }
        var utf8 = Substring(trimmed).utf8
        if let dash = utf8.dropFirst().firstIndex(of: UInt8(ascii: "-")) { utf8 = utf8[..<dash] }
        // Trailing periods are padding to Sparkle: `1.0.` is `1.0`.
        while utf8.last == UInt8(ascii: ".") { utf8 = utf8.dropLast() }
        if Version.isPlainDigitsAndDots(utf8), let plain = try? Version(Substring(utf8)) {
            self = plain.respelled(trimmed)
            return
        }
        var copy = trimmed
        let (numerals, hasLetters) = copy.withUTF8 { text in
            (SparkleComparator.leadingNumbers(text).map(Numeral.init(digits:)), Version.hasLetterRun(text))
        }
        var significant = numerals
        while let last = significant.last, last == .small(0) { significant.removeLast() }
        let extra = Extra(numbers: NumberList(significant), hasPrerelease: hasLetters, sparkle: true)
        self.init(words: 0, 0, 0, 0, extra: extra, text: trimmed)
    }

    /// Reads a display version (`sparkle:shortVersionString`, `CFBundleShortVersionString`)
    /// as `init(sparkle:)` does, except that a leading `v` or `V` followed by a digit is
    /// left out of the comparison and of bump levels (`v0.64.0` as `0.64.0`, as VimR
    /// spells its versions); `description` keeps the spelling.
    ///
    /// - Throws: `VersionError` quoting the whole (trimmed) text.
    public init(sparkleDisplay text: String) throws(VersionError) {
        let trimmed = Version.trimmingWhitespace(text)
        let utf8 = trimmed.utf8
        // A refused text is refused as spelled (its error quotes the whole text).
        guard let first = utf8.first, first | 0x20 == UInt8(ascii: "v"),
              let second = utf8.dropFirst().first, second &- UInt8(ascii: "0") < 10,
              let unprefixed = try? Version(sparkle: String(trimmed.dropFirst()))
        else {
            try self.init(sparkle: text)
            return
        }
        guard let extra = unprefixed._extra, extra.sparkle else {
            self = unprefixed.respelled(trimmed)
            return
        }
        // Compared by Sparkle's comparator on the text: the text less its `v`.
        self.init(
            words: unprefixed._w0, unprefixed._w1, unprefixed._w2, unprefixed._w3,
            extra: Extra(numbers: extra.numbers, hasPrerelease: extra.hasPrerelease, prerelease: extra.prerelease,
                         sparkle: true, unprefixed: true),
            text: trimmed)
    }

    /// Whether Sparkle's comparator reads this version (a spelling the lenient grammar
    /// would not order the same way).
    public var isSparkleSpelling: Bool { _extra?.sparkle ?? false }

    /// The same precedence under another spelling.
    private func respelled(_ text: String) -> Version {
        Version(words: _w0, _w1, _w2, _w3, extra: _extra, text: text)
    }

    /// `1`, `1.2.3`: digits, single dots between them.
    private static func isPlainDigitsAndDots(_ utf8: Substring.UTF8View) -> Bool {
        var previousWasDigit = false
        for byte in utf8 {
            if byte &- UInt8(ascii: "0") < 10 {
                previousWasDigit = true
            } else if byte == UInt8(ascii: "."), previousWasDigit {
                previousWasDigit = false
            } else {
                return false
            }
        }
        return previousWasDigit
    }

    private static func hasLetterRun(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var parts = SparkleComparator.Parts(text)
        while let part = parts.next() {
            if part.kind == .letters { return true }
        }
        return false
    }
}

extension Version.Numeral {
    /// ASCII digits as a number (leading zeros dropped).
    init(digits: Substring) {
        let significant = digits.drop { $0 == "0" }
        if let value = UInt64(significant.isEmpty ? "0" : significant) {
            self = .small(value)
        } else {
            self = .big(significant)
        }
    }
}

extension VersionError {
    /// The same error quoting `whole`, of which the text at fault is a prefix (so
    /// offsets stay right).
    func quoting(_ whole: String) -> VersionError {
        switch self {
        case .empty: .empty
        case .emptyComponent(_, let offset): .emptyComponent(text: whole, offset: offset)
        case .emptyIdentifier(_, let offset): .emptyIdentifier(text: whole, offset: offset)
        case .unexpectedCharacter(_, let offset, let expected):
            .unexpectedCharacter(text: whole, offset: offset, expected: expected)
        case .leadingZero(_, let offset): .leadingZero(text: whole, offset: offset)
        case .prefixNotAllowed: .prefixNotAllowed(text: whole)
        case .componentCount(_, let found): .componentCount(text: whole, found: found)
        case .tooLong(_, let length): .tooLong(text: whole, length: length)
        case .tooManyComponents(_, let found): .tooManyComponents(text: whole, found: found)
        }
    }
}
