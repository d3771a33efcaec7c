// Precedence (SPEC.md "Versions"):
// 1. numeric components left to right as unbounded integers, missing ones are 0;
// 2. on a tie, a version with a pre-release is lower;
// 3. two pre-releases compare as SemVer 2.0.0 §11;
// 4. build metadata and the `v` prefix never count.

extension Version: Comparable, Hashable {
    /// Precedence of `self` against `other`: -1, 0 or 1.
    ///
    /// Two versions without pre-release whose numbers fit inline (up to four significant
    /// components, each below 2^64) compare with at most four integer comparisons and no
    /// allocation; anything else takes the exact slow path.
    @inlinable
    public func compare(to other: Version) -> Int {
        if _extra == nil, other._extra == nil {
            if _w0 != other._w0 { return _w0 < other._w0 ? -1 : 1 }
            if _w1 != other._w1 { return _w1 < other._w1 ? -1 : 1 }
            if _w2 != other._w2 { return _w2 < other._w2 ? -1 : 1 }
            if _w3 != other._w3 { return _w3 < other._w3 ? -1 : 1 }
            return 0
        }
        return _compareSlow(to: other)
    }

    @inlinable
    public static func < (lhs: Version, rhs: Version) -> Bool { lhs.compare(to: rhs) < 0 }

    @inlinable
    public static func == (lhs: Version, rhs: Version) -> Bool {
        if lhs._extra == nil, rhs._extra == nil {
            return lhs._w0 == rhs._w0 && lhs._w1 == rhs._w1 && lhs._w2 == rhs._w2 && lhs._w3 == rhs._w3
        }
        return lhs._compareSlow(to: rhs) == 0
    }

    /// Hashes what precedence looks at (the representation is canonical: equal
    /// precedence means equal words and equal out-of-line parts).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(_w0)
        hasher.combine(_w1)
        hasher.combine(_w2)
        hasher.combine(_w3)
        if let extra = _extra {
            hasher.combine(extra.numbers)
            // Sparkle's equal versions have equal leading numbers (trailing zeros dropped).
            if extra.sparkle { return }
            hasher.combine(extra.hasPrerelease)
            if extra.hasPrerelease {
                withPrerelease { text in
                    Version.forEachIdentifier(in: text) { identifier in
                        // Numeric identifiers as their digits without leading zeros, as they compare.
                        let isNumeric = Version.isNumeric(identifier)
                        let significant = isNumeric ? Version.droppingLeadingZeros(identifier) : identifier
                        hasher.combine(isNumeric)
                        hasher.combine(significant.count)
                        hasher.combine(bytes: UnsafeRawBufferPointer(significant))
                    }
                }
            }
        }
    }

    /// The exact comparison: unbounded numbers, more than four components, pre-releases.
    @usableFromInline
    internal func _compareSlow(to other: Version) -> Int {
        if _extra?.sparkle == true || other._extra?.sparkle == true {
            var a = description, b = other.description
            let skipA = sparkleSkip, skipB = other.sparkleSkip
            return a.withUTF8 { x in
                b.withUTF8 { y in
                    SparkleComparator.compare(UnsafeBufferPointer(rebasing: x[skipA...]), UnsafeBufferPointer(rebasing: y[skipB...]))
                }
            }
        }
        let numbers: Int
        if _extra?.numbers == nil, other._extra?.numbers == nil {
            numbers = Version.compareWords(self, other)
        } else {
            numbers = Version.compareNumerals(numerals, other.numerals)
        }
        if numbers != 0 { return numbers }
        return Version.comparePrereleases(self, other)
    }

    /// How many leading bytes of the spelling Sparkle's comparator does not read: a display
    /// version's `v` (`Version(sparkleDisplay:)`), or, for a version that is no Sparkle
    /// spelling, a `v` before its numbers (`v0.64.0`). Counted, not cut off: a comparison
    /// in a sort makes no new `String`.
    private var sparkleSkip: Int {
        if let extra = _extra, extra.sparkle { return extra.unprefixed ? 1 : 0 }
        if let first = description.utf8.first, first | 0x20 == UInt8(ascii: "v") { return 1 }
        return 0
    }

    /// Numbers only (pre-release ignored), as an `Int` -1/0/1.
    internal func compareNumbers(to other: Version) -> Int {
        if _extra?.numbers == nil, other._extra?.numbers == nil { return Version.compareWords(self, other) }
        return Version.compareNumerals(numerals, other.numerals)
    }

    private static func compareWords(_ a: Version, _ b: Version) -> Int {
        if a._w0 != b._w0 { return a._w0 < b._w0 ? -1 : 1 }
        if a._w1 != b._w1 { return a._w1 < b._w1 ? -1 : 1 }
        if a._w2 != b._w2 { return a._w2 < b._w2 ? -1 : 1 }
        if a._w3 != b._w3 { return a._w3 < b._w3 ? -1 : 1 }
        return 0
    }

    /// Component by component, the shorter list padded with zeros.
    internal static func compareNumerals(_ a: NumberList, _ b: NumberList) -> Int {
        for i in 0..<max(a.count, b.count) {
            let x = i < a.count ? a[i] : .small(0)
            let y = i < b.count ? b[i] : .small(0)
            let order = x.compare(to: y)
            if order != 0 { return order }
        }
        return 0
    }

    /// SemVer §11: no pre-release ranks above any pre-release; then identifier by
    /// identifier; then the longer list wins.
    private static func comparePrereleases(_ a: Version, _ b: Version) -> Int {
        let (x, y) = (a.isPrerelease, b.isPrerelease)
        if !x || !y { return x == y ? 0 : (x ? -1 : 1) }
        return a.withPrerelease { first in
            b.withPrerelease { second in comparePrereleaseTexts(first, second) }
        }
    }

    /// Two pre-release parts (`rc.1`, `beta.11`), identifier by identifier.
    private static func comparePrereleaseTexts(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        var (i, j) = (0, 0)
        while true {
            let aEnd = identifierEnd(a, from: i)
            let bEnd = identifierEnd(b, from: j)
            let order = compareIdentifiers(UnsafeBufferPointer(rebasing: a[i..<aEnd]), UnsafeBufferPointer(rebasing: b[j..<bEnd]))
            if order != 0 { return order }
            let (aDone, bDone) = (aEnd == a.count, bEnd == b.count)
            if aDone || bDone { return aDone == bDone ? 0 : (aDone ? -1 : 1) }
            (i, j) = (aEnd + 1, bEnd + 1)
        }
    }

    /// SemVer §11.4: numeric identifiers numerically (leading zeros ignored, any
    /// length), alphanumeric ones in ASCII order, numeric below alphanumeric.
    private static func compareIdentifiers(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        switch (isNumeric(a), isNumeric(b)) {
        case (true, true):
            let (x, y) = (droppingLeadingZeros(a), droppingLeadingZeros(b))
            if x.count != y.count { return x.count < y.count ? -1 : 1 }
            return compareBytes(x, y)
        case (true, false): return -1
        case (false, true): return 1
        case (false, false): return compareBytes(a, b)
        }
    }

    /// Byte-wise (ASCII) order; a proper prefix is lower.
    private static func compareBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        for index in 0..<min(a.count, b.count) where a[index] != b[index] {
            return a[index] < b[index] ? -1 : 1
        }
        return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
    }

    /// Calls `body` with the identifiers of a pre-release part, in order.
    static func forEachIdentifier(in text: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var start = 0
        while true {
            let end = identifierEnd(text, from: start)
            body(UnsafeBufferPointer(rebasing: text[start..<end]))
            if end == text.count { return }
            start = end + 1
        }
    }

    private static func identifierEnd(_ text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var end = start
        while end < text.count, text[end] != UInt8(ascii: ".") { end += 1 }
        return end
    }

    static func isNumeric(_ identifier: UnsafeBufferPointer<UInt8>) -> Bool {
        identifier.allSatisfy { $0 &- UInt8(ascii: "0") < 10 }
    }

    static func droppingLeadingZeros(_ digits: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0
        while start < digits.count, digits[start] == UInt8(ascii: "0") { start += 1 }
        return UnsafeBufferPointer(rebasing: digits[start...])
    }

    /// Calls `body` with the UTF-8 of the pre-release part of `description` (after the
    /// `-`, before any `+`), empty when there is none. The text was validated when
    /// parsed: an optional `v`, then digits and dots, then `-` opens the pre-release.
    /// A Sparkle spelling (`2.0b3`) keeps its identifiers (`b.3`) in `Extra`.
    func withPrerelease<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if var identifiers = _extra?.prerelease {
            return identifiers.withUTF8 { body($0) }
        }
        var text = description
        return text.withUTF8 { utf8 in
            var index = 0
            if index < utf8.count, utf8[index] | 0x20 == UInt8(ascii: "v") { index += 1 }
            while index < utf8.count, utf8[index] &- UInt8(ascii: "0") < 10 || utf8[index] == UInt8(ascii: ".") { index += 1 }
            guard index < utf8.count, utf8[index] == UInt8(ascii: "-") else { return body(UnsafeBufferPointer(rebasing: utf8[0..<0])) }
            let start = index + 1
            var end = start
            while end < utf8.count, utf8[end] != UInt8(ascii: "+") { end += 1 }
            return body(UnsafeBufferPointer(rebasing: utf8[start..<end]))
        }
    }
}

extension Version.Numeral {
    /// Numeric order: a `big` is always above a `small`; two `big`s by digit count, then digits.
    func compare(to other: Version.Numeral) -> Int {
        switch (self, other) {
        case (.small(let x), .small(let y)): return x == y ? 0 : (x < y ? -1 : 1)
        case (.small, .big): return -1
        case (.big, .small): return 1
        case (.big(let x), .big(let y)):
            if x.utf8.count != y.utf8.count { return x.utf8.count < y.utf8.count ? -1 : 1 }
            return Version.compareASCII(x, y)
        }
    }
}

extension Version {
    /// Byte-wise (ASCII) order of two strings.
    internal static func compareASCII(_ x: Substring, _ y: Substring) -> Int {
        if x.utf8.elementsEqual(y.utf8) { return 0 }
        return x.utf8.lexicographicallyPrecedes(y.utf8) ? -1 : 1
    }
}
