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
    @inlinable
    public init(_ text: some StringProtocol, syntax: VersionSyntax = .lenient) throws(VersionError) {
        if let string = text as? String {
            self = try Version._parse(string, syntax: syntax)
        } else {
            self = try Version._parse(String(text), syntax: syntax)
        }
    }

    /// The non-generic body of `init(_:syntax:)`.
    @usableFromInline
    internal static func _parse(_ text: String, syntax: VersionSyntax) throws(VersionError) -> Version {
        // Fast path: a lenient plain release (`[v]1.2.3`, up to four significant components
        // of at most 19 digits, nothing to trim) is read into the words in place.
        if syntax == .lenient, let plain = plainRelease(text) { return plain }
        return try _parseGeneral(text, syntax: syntax)
    }

    /// What `init(_:syntax:)` reads, as a value rather than a throw: for a reader that
    /// meets many texts that are not versions (`lint` of a feed of them), where each throw
    /// would also pay what a throw hook adds (a test runner's or a debugger's backtrace).
    public static func reading(_ text: String, syntax: VersionSyntax = .lenient) -> Result<Version, VersionError> {
        if syntax == .lenient, let plain = plainRelease(text) { return .success(plain) }
        return _readGeneral(text, syntax: syntax)
    }

    /// `text` read by the fast path of `_parse` (a lenient plain release), else nil.
    private static func plainRelease(_ text: String) -> Version? {
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        let plain = text.utf8.withContiguousStorageIfAvailable { scanPlainRelease($0, into: &words) }
        guard plain == true else { return nil }
        return Version(words: words.0, words.1, words.2, words.3, extra: nil, text: text)
    }

    /// `text` when it is only digits and single dots (no `v`, nothing to trim) with at
    /// most four significant numbers of at most 19 digits; nil otherwise.
    static func plainDigitsAndDots(_ text: String) -> Version? {
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        let plain = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard let first = bytes.first, first &- digitZero < 10 else { return false }
            return scanPlainRelease(bytes, into: &words)
        }
        guard plain == true else { return nil }
        return Version(words: words.0, words.1, words.2, words.3, extra: nil, text: text)
    }

    /// Reads `[v]number *("." number)` with at most four non-zero-padded components that fit
    /// in 19 digits, and nothing around it; `false` (leaving the exact work to
    /// `scan`) for anything else, errors included.
    @inline(__always)
    static func scanPlainRelease(
        _ bytes: UnsafeBufferPointer<UInt8>, into words: inout (UInt64, UInt64, UInt64, UInt64)
    ) -> Bool {
        let count = bytes.count
        guard count > 0, isPlainByte(bytes[count - 1]) else { return false }
        var i = bytes[0] | 0x20 == UInt8(ascii: "v") ? 1 : 0
        var component = 0
        while true {
            let start = i
            var value: UInt64 = 0
            while i < count {
                let digit = bytes[i] &- digitZero
                if digit >= 10 { break }
                value = value &* 10 &+ UInt64(digit)
                i += 1
            }
            if i == start || i - start > 19 { return false }
            switch component {
            case 0: words.0 = value
            case 1: words.1 = value
            case 2: words.2 = value
            case 3: words.3 = value
            default: if value != 0 { return false }
            }
            component += 1
            if i == count { return true }
            if bytes[i] != dot { return false }
            i += 1
        }
    }

    /// The exact path: trims, validates every syntax, reports errors, builds out-of-line parts.
    private static func _parseGeneral(_ text: String, syntax: VersionSyntax) throws(VersionError) -> Version {
        try _readGeneral(text, syntax: syntax).get()
    }

    private static func _readGeneral(_ text: String, syntax: VersionSyntax) -> Result<Version, VersionError> {
        let direct = text.utf8.withContiguousStorageIfAvailable { bytes -> Result<Scan, ParseFailure>? in
            guard let first = bytes.first, isPlainByte(first), isPlainByte(bytes[bytes.count - 1]) else { return nil }
            return scan(bytes, syntax: syntax)
        }
        if let direct, let direct {
            return finish(direct, text: text)
        }
        var trimmed = trimmingWhitespace(text)
        trimmed.makeContiguousUTF8()
        return finish(trimmed.utf8.withContiguousStorageIfAvailable { scan($0, syntax: syntax) }!, text: trimmed)
    }

    @inline(__always)
    private static func finish(_ scanned: Result<Scan, ParseFailure>, text: String) -> Result<Version, VersionError> {
        switch scanned {
        case .failure(let failure):
            .failure(failure.error(in: text))
        case .success(let scan) where scan.isInline:
            .success(Version(words: scan.words.0, scan.words.1, scan.words.2, scan.words.3, extra: nil, text: text))
        case .success(let scan):
            .success(makeExtended(text: text, scan))
        }
    }

    /// The text without surrounding whitespace, as a `String` (no copy when there is
    /// nothing to trim and the input is already a `String`).
    internal static func trimmingWhitespace(_ text: some StringProtocol) -> String {
        trimmingWhitespace((text as? String) ?? String(text))
    }

    /// The text without surrounding (Unicode) whitespace, as every reading of a version trims it.
    public static func trimmingWhitespace(_ string: String) -> String {
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
            case tooManyComponents(Int)
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
            case .tooManyComponents(let count): return .tooManyComponents(text: text, found: count)
            }
        }
    }

    // ASCII bytes the grammar uses.
    private static let dot = UInt8(ascii: "."), hyphen = UInt8(ascii: "-"), plus = UInt8(ascii: "+")
    private static let digitZero = UInt8(ascii: "0")

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool { byte &- digitZero < 10 }

    @inline(__always)
    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte == hyphen
    }

    /// What one pass over the bytes found (no references: cheap to return).
    internal struct Scan {
        var words: (UInt64, UInt64, UInt64, UInt64)
        /// Numbers do not fit inline: a component beyond 2^64, or more than four significant.
        var spillNumbers: Bool
        /// Components up to the last non-zero one.
        var significant: Int
        var numbers: Range<Int>
        var prerelease: Range<Int>?

        var isInline: Bool { !spillNumbers && prerelease == nil }
    }

    /// One pass over the bytes: numbers into the inline words; pre-release and big
    /// numbers (rare) are built afterwards from slices of the text.
    internal static func scan(_ bytes: UnsafeBufferPointer<UInt8>, syntax: VersionSyntax) -> Result<Scan, ParseFailure> {
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
            while i < count, isDigit(bytes[i]) {
                value = value &* 10 &+ UInt64(bytes[i] &- digitZero)
                i += 1
            }
            // 19 digits always fit; past that, check exactly (leading zeros do not count).
            let overflow = i - start > 19 && !fitsInUInt64(bytes, start..<i)
            if i == start {
                if i == count || bytes[i] == dot || bytes[i] == hyphen || bytes[i] == plus {
                    return .failure(ParseFailure(reason: .emptyComponent, byteOffset: i))
                }
                return .failure(ParseFailure(reason: .unexpected(.digit), byteOffset: i))
            }
            if syntax == .semver, bytes[start] == digitZero, i - start > 1 {
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
        if syntax == .appStore, components > 3 {
            return .failure(ParseFailure(reason: .tooManyComponents(components), byteOffset: numbersStart))
        }
        return .success(Scan(
            words: words, spillNumbers: hasBig || lastNonZero >= 4, significant: lastNonZero + 1,
            numbers: numbersStart..<numbersEnd, prerelease: prereleaseRange))
    }

    /// Whether a run of digits is at most `UInt64.max`.
    private static func fitsInUInt64(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var value: UInt64 = 0
        for index in range {
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(UInt64(bytes[index] &- digitZero))
            if o1 || o2 { return false }
            value = sum
        }
        return true
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
            if checkLeadingZeros, allDigits, i - start > 1, bytes[start] == digitZero {
                return ParseFailure(reason: .leadingZero, byteOffset: start)
            }
            guard i < count, bytes[i] == dot else { return nil }
            i += 1
        }
    }

    /// The slow path: builds the out-of-line numbers, or marks a pre-release.
    private static func makeExtended(text: String, _ scan: Scan) -> Version {
        guard scan.spillNumbers else {
            let w = scan.words
            return Version(words: w.0, w.1, w.2, w.3, extra: .prereleaseWithInlineNumbers, text: text)
        }
        // One pass over the digits' bytes, no list of pieces: the list is made at its final
        // size; a number past UInt64 (rare) becomes a slice of the text.
        var numbers = NumberList(smalls: [])
        numbers.smalls.reserveCapacity(scan.significant)
        var utf8 = text
        var bigRanges: [(index: Int, range: Range<Int>)] = []
        utf8.withUTF8 { bytes in
            var i = scan.numbers.lowerBound
            while numbers.smalls.count < scan.significant {
                let start = i
                var value: UInt64 = 0
                var overflow = false
                while i < scan.numbers.upperBound, bytes[i] != dot {
                    let (times10, o1) = value.multipliedReportingOverflow(by: 10)
                    let (sum, o2) = times10.addingReportingOverflow(UInt64(bytes[i] &- digitZero))
                    overflow = overflow || o1 || o2
                    value = sum
                    i += 1
                }
                if overflow { bigRanges.append((numbers.smalls.count, start..<i)) }
                numbers.smalls.append(overflow ? 0 : value)
                i += 1
            }
        }
        for big in bigRanges {
            guard case .big(let digits) = numeral(slice(text, big.range)) else { continue }
            numbers.bigs[big.index] = digits
        }
        let extra = Extra(numbers: numbers, hasPrerelease: scan.prerelease != nil)
        return Version(words: 0, 0, 0, 0, extra: extra, text: text)
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
