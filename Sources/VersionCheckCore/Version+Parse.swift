extension Version {
    /// Parses a version after trimming surrounding whitespace.
    ///
    /// Lenient grammar: `["v"|"V"] number *("." number) ["-" ident *("." ident)]
    /// ["+" ident *("." ident)]`, `number = 1*DIGIT` (any length, leading zeros ignored),
    /// `ident = 1*(ALPHA / DIGIT / "-")`. `.semver` and `.appStore` add their rules
    /// (see `VersionSyntax`). Reads the UTF-8 bytes once; a typical `x.y.z` allocates
    /// nothing (its text is a small string).
    ///
    /// - Throws: `VersionError`, whose `description` is one line such as
    ///   `invalid version '1..2': empty component at offset 2`.
    public init(_ text: some StringProtocol, syntax: VersionSyntax = .lenient) throws(VersionError) {
        let trimmed = Version.trimmingWhitespace(text)
        let parsed: Result<Version, ParseFailure>? = trimmed.utf8.withContiguousStorageIfAvailable { bytes in
            Version.parse(bytes, text: trimmed, syntax: syntax)
        }
        let result: Result<Version, ParseFailure>
        if let parsed {
            result = parsed
        } else {
            var contiguous = trimmed
            contiguous.makeContiguousUTF8()
            result = contiguous.utf8.withContiguousStorageIfAvailable { bytes in
                Version.parse(bytes, text: contiguous, syntax: syntax)
            }!
        }
        switch result {
        case .success(let version): self = version
        case .failure(let failure): throw failure.error(in: trimmed)
        }
    }

    /// The text without surrounding whitespace, as a `String` (no copy when there is
    /// nothing to trim and the input is already a `String`).
    internal static func trimmingWhitespace(_ text: some StringProtocol) -> String {
        let string = (text as? String) ?? String(text)
        let utf8 = string.utf8
        if let first = utf8.first, isPlainByte(first), isPlainByte(utf8[utf8.index(before: utf8.endIndex)]) {
            return string
        }
        let scalars = string.unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[start...end])
    }

    /// A printable ASCII byte other than space: certainly not whitespace.
    @inline(__always)
    private static func isPlainByte(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }

    /// Where and why parsing stopped, in UTF-8 byte offsets (turned into a `VersionError`
    /// with a character offset only when it is thrown).
    internal struct ParseFailure: Error {
        enum Reason {
            case empty, emptyComponent, emptyIdentifier, leadingZero, prefixNotAllowed
            case unexpected(VersionError.Expected)
            case componentCount(Int)
            case tooLong(Int)
        }
        var reason: Reason
        var byteOffset: Int

        func error(in text: String) -> VersionError {
            let offset = String(decoding: text.utf8.prefix(byteOffset), as: UTF8.self).count
            switch reason {
            case .empty: return .empty
            case .emptyComponent: return .emptyComponent(text: text, offset: offset)
            case .emptyIdentifier: return .emptyIdentifier(text: text, offset: offset)
            case .leadingZero: return .leadingZero(text: text, offset: offset)
            case .prefixNotAllowed: return .prefixNotAllowed(text: text)
            case .unexpected(let expected): return .unexpectedCharacter(text: text, offset: offset, expected: expected)
            case .componentCount(let count): return .componentCount(text: text, found: count)
            case .tooLong(let length): return .tooLong(text: text, length: length)
            }
        }
    }

    // ASCII bytes the grammar uses.
    private static let dot = UInt8(ascii: "."), hyphen = UInt8(ascii: "-"), plus = UInt8(ascii: "+")
    private static let zero = UInt8(ascii: "0")

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool { byte &- zero < 10 }

    @inline(__always)
    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte == hyphen
    }

    /// One pass over the bytes: numbers into the inline words; pre-release and big
    /// numbers (rare) are built afterwards from slices of `text`.
    internal static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, text: String, syntax: VersionSyntax
    ) -> Result<Version, ParseFailure> {
        let count = bytes.count
        guard count > 0 else { return .failure(ParseFailure(reason: .empty, byteOffset: 0)) }
        var i = 0
        if bytes[0] | 0x20 == UInt8(ascii: "v") {
            guard syntax == .lenient else { return .failure(ParseFailure(reason: .prefixNotAllowed, byteOffset: 0)) }
            i = 1
        }
        let numbersStart = i
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        var components = 0
        var lastNonZero = -1
        var hasBig = false
        while true {
            let start = i
            var value: UInt64 = 0
            var overflow = false
            while i < count, isDigit(bytes[i]) {
                let (times10, o1) = value.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times10.addingReportingOverflow(UInt64(bytes[i] &- zero))
                overflow = overflow || o1 || o2
                value = sum
                i += 1
            }
            if i == start {
                if i == count || bytes[i] == dot || bytes[i] == hyphen || bytes[i] == plus {
                    return .failure(ParseFailure(reason: .emptyComponent, byteOffset: i))
                }
                return .failure(ParseFailure(reason: .unexpected(.digit), byteOffset: i))
            }
            if syntax == .semver, bytes[start] == zero, i - start > 1 {
                return .failure(ParseFailure(reason: .leadingZero, byteOffset: start))
            }
            if overflow {
                hasBig = true
                lastNonZero = components
            } else if value != 0 {
                lastNonZero = components
                switch components {
                case 0: words.0 = value
                case 1: words.1 = value
                case 2: words.2 = value
                case 3: words.3 = value
                default: break
                }
            }
            components += 1
            guard i < count, bytes[i] == dot else { break }
            i += 1
        }
        let numbersEnd = i
        if syntax == .semver, components != 3 {
            return .failure(ParseFailure(reason: .componentCount(components), byteOffset: numbersStart))
        }
        var prereleaseRange: Range<Int>? = nil
        if i < count, bytes[i] == hyphen, syntax != .appStore {
            i += 1
            let start = i
            if let failure = scanIdentifiers(bytes, &i, checkLeadingZeros: syntax == .semver) { return .failure(failure) }
            prereleaseRange = start..<i
        }
        if i < count, bytes[i] == plus, syntax != .appStore {
            i += 1
            if let failure = scanIdentifiers(bytes, &i, checkLeadingZeros: false) { return .failure(failure) }
            if i < count { return .failure(ParseFailure(reason: .unexpected(.buildCharacter), byteOffset: i)) }
        }
        if i < count {
            let expected: VersionError.Expected
            if syntax == .appStore {
                expected = .digitOrDot
            } else {
                expected = prereleaseRange == nil ? .numberEnd : .prereleaseCharacter
            }
            return .failure(ParseFailure(reason: .unexpected(expected), byteOffset: i))
        }
        if syntax == .appStore, count > 18 {
            return .failure(ParseFailure(reason: .tooLong(count), byteOffset: 0))
        }
        guard hasBig || lastNonZero >= 4 || prereleaseRange != nil else {
            return .success(Version(words: words.0, words.1, words.2, words.3, extra: nil, text: text))
        }
        return .success(makeExtended(
            text: text, bytes: bytes, words: words, numbers: numbersStart..<numbersEnd,
            spillNumbers: hasBig || lastNonZero >= 4, significant: lastNonZero + 1, prerelease: prereleaseRange))
    }

    /// Scans `ident *("." ident)` from `i`, leaving `i` after it.
    private static func scanIdentifiers(
        _ bytes: UnsafeBufferPointer<UInt8>, _ i: inout Int, checkLeadingZeros: Bool
    ) -> ParseFailure? {
        let count = bytes.count
        while true {
            let start = i
            var allDigits = true
            while i < count, isIdentifierByte(bytes[i]) {
                allDigits = allDigits && isDigit(bytes[i])
                i += 1
            }
            if i == start { return ParseFailure(reason: .emptyIdentifier, byteOffset: i) }
            if checkLeadingZeros, allDigits, i - start > 1, bytes[start] == zero {
                return ParseFailure(reason: .leadingZero, byteOffset: start)
            }
            guard i < count, bytes[i] == dot else { return nil }
            i += 1
        }
    }

    /// The slow path: builds the out-of-line numbers and pre-release identifiers.
    private static func makeExtended(
        text: String, bytes: UnsafeBufferPointer<UInt8>, words: (UInt64, UInt64, UInt64, UInt64),
        numbers: Range<Int>, spillNumbers: Bool, significant: Int, prerelease: Range<Int>?
    ) -> Version {
        var spilled: [Numeral]? = nil
        if spillNumbers {
            var list: [Numeral] = []
            for piece in slices(of: text, bytes: bytes, range: numbers) {
                list.append(numeral(piece))
            }
            spilled = Array(list.prefix(significant))
        }
        var identifiers: [Identifier] = []
        if let prerelease {
            for piece in slices(of: text, bytes: bytes, range: prerelease) {
                identifiers.append(piece.utf8.allSatisfy(isDigit) ? .numeric(numeral(piece)) : .alphanumeric(piece))
            }
        }
        let extra = Extra(numbers: spilled, prerelease: identifiers)
        if spilled != nil { return Version(words: 0, 0, 0, 0, extra: extra, text: text) }
        return Version(words: words.0, words.1, words.2, words.3, extra: extra, text: text)
    }

    /// The dot-separated pieces of `text` within a byte range, as substrings of `text`.
    private static func slices(of text: String, bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) -> [Substring] {
        var result: [Substring] = []
        var start = range.lowerBound
        for i in range where bytes[i] == dot {
            result.append(slice(text, start..<i))
            start = i + 1
        }
        result.append(slice(text, start..<range.upperBound))
        return result
    }

    private static func slice(_ text: String, _ range: Range<Int>) -> Substring {
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let upper = utf8.index(lower, offsetBy: range.count)
        return Substring(utf8[lower..<upper])
    }

    /// A string of digits as a `Numeral`, leading zeros dropped.
    internal static func numeral(_ digits: Substring) -> Numeral {
        let significant = digits.drop(while: { $0 == "0" })
        if significant.utf8.count <= 19 || UInt64(significant) != nil {
            return .small(UInt64(significant) ?? 0)
        }
        return .big(significant)
    }
}
