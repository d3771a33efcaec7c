/// Sparkle 2's `SUStandardVersionComparator`, over UTF-8 text (SPEC.md "Sparkle appcasts").
///
/// A version is split into parts: a run of ASCII digits (a number, compared as an
/// unbounded integer), a run of other letters (compared in byte order, which for
/// ASCII is ASCII order), or one separator character (`.`, Unicode punctuation or
/// white space: all separators compare alike). Splitting stops at the first `-` after
/// the first character (`1.5.5-335d3e2` is `1.5.5`). The leading parts that are
/// numbers or periods are balanced: the shorter run is padded, at its end, with `0`
/// and `.` copied from the longer one (`1.0 == 1.0.0`). Then part by part: of a
/// letter run and anything else the other is newer; of a number and a separator the
/// number is newer; when one version runs out, a letter run in the longer one makes it
/// older, anything else newer (`2.0b1 < 2.0`, `1.0 < 1.0.1`).
///
/// Nothing is allocated: both texts are walked in place, as often as needed.
enum SparkleComparator {
    /// The kind of a part (Sparkle's character types).
    enum Kind: Equatable {
        case number, letters, period, punctuation, whitespace, dash

        /// `.`, punctuation and white space are separators, and alike.
        var isSeparator: Bool { self == .period || self == .punctuation || self == .whitespace }

        func isSameClass(as other: Kind) -> Bool {
            isSeparator ? other.isSeparator : self == other
        }
    }

    /// One part: its kind and its bytes in the text (empty for a padded `0`).
    struct Part {
        var kind: Kind
        var range: Range<Int>
    }

    /// `a` against `b`: -1 (`a` is older), 0 or 1.
    static func compare(_ a: String, _ b: String) -> Int {
        var a = a, b = b
        return a.withUTF8 { x in b.withUTF8 { y in compare(x, y) } }
    }

    static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let leadA = leadingNumberAndPeriodParts(a), leadB = leadingNumberAndPeriodParts(b)
        var partsA = Parts(a), partsB = Parts(b)
        var index = 0
        while true {
            // The shorter leading run is padded at its end with the longer one's kinds.
            var partA = index >= leadA && index < leadB ? nil : partsA.next()
            var partB = index >= leadB && index < leadA ? nil : partsB.next()
            if index >= leadA && index < leadB, let real = partB { partA = Part(kind: real.kind, range: 0..<0) }
            if index >= leadB && index < leadA, let real = partA { partB = Part(kind: real.kind, range: 0..<0) }
            index += 1
            switch (partA, partB) {
            case (nil, nil):
                return 0
            case (let rest?, nil):
                return rest.kind == .letters ? -1 : 1
            case (nil, let rest?):
                return rest.kind == .letters ? 1 : -1
            case (let x?, let y?):
                if x.kind.isSameClass(as: y.kind) {
                    if x.kind == .number {
                        let order = compareNumbers(a, x.range, b, y.range)
                        if order != 0 { return order }
                    } else if x.kind == .letters {
                        let order = compareBytes(a, x.range, b, y.range)
                        if order != 0 { return order }
                    }
                } else if x.kind != .letters && y.kind == .letters {
                    return 1
                } else if x.kind == .letters && y.kind != .letters {
                    return -1
                } else {
                    return x.kind == .number ? 1 : -1
                }
            }
        }
    }

    /// The numbers of the leading run of number and period parts, in order (`1.0b1 (7)`
    /// → 1, 0): what bump levels count.
    static func leadingNumbers(_ text: UnsafeBufferPointer<UInt8>) -> [Substring] {
        var parts = Parts(text)
        var numbers: [Substring] = []
        while let part = parts.next(), part.kind == .number || part.kind == .period {
            if part.kind == .number {
                numbers.append(Substring(decoding: UnsafeBufferPointer(rebasing: text[part.range]), as: UTF8.self))
            }
        }
        return numbers
    }

    /// How many parts from the start are numbers or periods.
    private static func leadingNumberAndPeriodParts(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        var parts = Parts(text)
        var count = 0
        while let part = parts.next(), part.kind == .number || part.kind == .period { count += 1 }
        return count
    }

    /// Digits as an unbounded number (leading zeros ignored; an empty range is 0).
    private static func compareNumbers(
        _ a: UnsafeBufferPointer<UInt8>, _ x: Range<Int>, _ b: UnsafeBufferPointer<UInt8>, _ y: Range<Int>
    ) -> Int {
        var x = x, y = y
        while !x.isEmpty, a[x.lowerBound] == UInt8(ascii: "0") { x = (x.lowerBound + 1)..<x.upperBound }
        while !y.isEmpty, b[y.lowerBound] == UInt8(ascii: "0") { y = (y.lowerBound + 1)..<y.upperBound }
        if x.count != y.count { return x.count < y.count ? -1 : 1 }
        return compareBytes(a, x, b, y)
    }

    private static func compareBytes(
        _ a: UnsafeBufferPointer<UInt8>, _ x: Range<Int>, _ b: UnsafeBufferPointer<UInt8>, _ y: Range<Int>
    ) -> Int {
        for offset in 0..<min(x.count, y.count) where a[x.lowerBound + offset] != b[y.lowerBound + offset] {
            return a[x.lowerBound + offset] < b[y.lowerBound + offset] ? -1 : 1
        }
        return x.count == y.count ? 0 : (x.count < y.count ? -1 : 1)
    }

    /// The parts of a text, in order.
    struct Parts {
        let text: UnsafeBufferPointer<UInt8>
        var position = 0

        init(_ text: UnsafeBufferPointer<UInt8>) { self.text = text }

        mutating func next() -> Part? {
            guard position < text.count else { return nil }
            // A `-` ends the version, except as its first character.
            if position > 0, text[position] == UInt8(ascii: "-") {
                position = text.count
                return nil
            }
            let start = position
            let (kind, length) = SparkleComparator.kind(at: start, in: text)
            position += length
            if kind == .number || kind == .letters {
                while position < text.count {
                    let (next, nextLength) = SparkleComparator.kind(at: position, in: text)
                    guard next == kind else { break }
                    position += nextLength
                }
            }
            return Part(kind: kind, range: start..<position)
        }
    }

    /// The kind of the character at `offset` and its length in bytes.
    static func kind(at offset: Int, in text: UnsafeBufferPointer<UInt8>) -> (Kind, Int) {
        let byte = text[offset]
        if byte < 0x80 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return (.number, 1)
            case UInt8(ascii: "."): return (.period, 1)
            case UInt8(ascii: "-"): return (.dash, 1)
            case 0x09...0x0D, 0x20: return (.whitespace, 1)
            // ASCII punctuation in Unicode's sense (categories P*); `$+<=>^`|~` are symbols.
            case UInt8(ascii: "!"), UInt8(ascii: "\""), UInt8(ascii: "#"), UInt8(ascii: "%"), UInt8(ascii: "&"),
                UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: ","),
                UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "?"), UInt8(ascii: "@"),
                UInt8(ascii: "["), UInt8(ascii: "\\"), UInt8(ascii: "]"), UInt8(ascii: "_"), UInt8(ascii: "{"),
                UInt8(ascii: "}"):
                return (.punctuation, 1)
            default: return (.letters, 1)
            }
        }
        var length = 1
        while offset + length < text.count, text[offset + length] & 0xC0 == 0x80, length < 4 { length += 1 }
        var iterator = UnsafeBufferPointer(rebasing: text[offset..<(offset + length)]).makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return (.letters, length) }
        if scalar.properties.isWhitespace { return (.whitespace, length) }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation:
            return (.punctuation, length)
        default:
            return (.letters, length)
        }
    }
}
