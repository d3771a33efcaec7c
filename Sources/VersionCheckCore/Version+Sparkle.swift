// Sparkle's spellings (SPEC.md "Sparkle appcasts"): where Sparkle's comparator and the
// lenient grammar part ways, a version read from an appcast follows Sparkle.

extension Version {
    /// Reads a version as Sparkle's comparator does where it and the lenient grammar part
    /// ways, keeping the text as spelled (`description` is the trimmed input):
    ///
    /// - text from the first `-` on is ignored: `1.5.5-335d3e2` is `1.5.5` (but it stays
    ///   in the spelling, which is printed, so a control character there is refused);
    /// - a letter suffix on the last numeric component is a pre-release: `2.0b3` reads as
    ///   `2.0-b.3`, `1.5rc1` as `1.5-rc.1`, `3.1a` as `3.1-a`
    ///   (so `2.0a1 < 2.0b3 < 2.0b10 < 2.0rc1 < 2.0`);
    /// - everything else as the lenient grammar (`v` prefix, `+build`, any length).
    ///
    /// Applies to versions in an appcast and, when the source is an appcast, to
    /// `--current`, `--skip` and `--minimum`; never to `--os-version`.
    ///
    /// - Throws: `VersionError` quoting the whole (trimmed) text, offsets counted in it.
    public init(sparkle text: some StringProtocol) throws(VersionError) {
        let trimmed = Version.trimmingWhitespace(text)
        let kept = trimmed.prefix { $0 != "-" }
        if let unprintable = trimmed[kept.endIndex...].firstIndex(where: { !$0.unicodeScalars.allSatisfy(TerminalText.isPlain) }) {
            throw .unexpectedCharacter(
                text: trimmed, offset: trimmed.distance(from: trimmed.startIndex, to: unprintable), expected: .printable)
        }
        guard let (numbers, suffix, rest) = Version.splitLetterSuffix(kept) else {
            let plain: Version
            do {
                plain = try Version(kept)
            } catch {
                throw error.quoting(trimmed)
            }
            self = kept.utf8.count == trimmed.utf8.count ? plain : plain.respelled(trimmed, prerelease: nil)
            return
        }
        let identifiers = suffix.digits.isEmpty ? String(suffix.letters) : "\(suffix.letters).\(suffix.digits)"
        let normal: Version
        do {
            normal = try Version("\(numbers)-\(identifiers)\(rest)")
        } catch {
            throw error.quoting(trimmed)
        }
        self = normal.respelled(trimmed, prerelease: identifiers)
    }

    /// The same precedence under another spelling; `prerelease` holds the identifiers
    /// when the spelling does not show them in SemVer form.
    private func respelled(_ text: String, prerelease: String?) -> Version {
        let extra: Extra?
        if let prerelease {
            extra = Extra(numbers: _extra?.numbers, hasPrerelease: true, prerelease: prerelease)
        } else if let numbers = _extra?.numbers {
            extra = Extra(numbers: numbers, hasPrerelease: false)
        } else {
            extra = nil
        }
        return Version(words: _w0, _w1, _w2, _w3, extra: extra, text: text)
    }

    /// `2.0b3+x` → (`2.0`, (`b`, `3`), `+x`): `[v]digits *("." digits)`, then letters and
    /// optional digits, then nothing or `+…`. `nil` when the text has no such suffix.
    private static func splitLetterSuffix(
        _ text: Substring
    ) -> (numbers: Substring, suffix: (letters: Substring, digits: Substring), rest: Substring)? {
        let isDigit: (Character) -> Bool = { $0.isASCII && $0.isNumber }
        let isLetter: (Character) -> Bool = { $0.isASCII && $0.isLetter }
        var index = text.startIndex
        if index < text.endIndex, text[index] == "v" || text[index] == "V" { index = text.index(after: index) }
        while true {
            let start = index
            while index < text.endIndex, isDigit(text[index]) { index = text.index(after: index) }
            if index == start { return nil }
            guard index < text.endIndex, text[index] == "." else { break }
            index = text.index(after: index)
        }
        let numbersEnd = index
        while index < text.endIndex, isLetter(text[index]) { index = text.index(after: index) }
        let lettersEnd = index
        if lettersEnd == numbersEnd { return nil }
        while index < text.endIndex, isDigit(text[index]) { index = text.index(after: index) }
        let digitsEnd = index
        if index < text.endIndex, text[index] != "+" { return nil }
        return (text[..<numbersEnd], (text[numbersEnd..<lettersEnd], text[lettersEnd..<digitsEnd]), text[digitsEnd...])
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
