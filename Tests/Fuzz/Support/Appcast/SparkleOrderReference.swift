// A second Sparkle comparator for the appcast fuzz target, written from SPEC.md's prose
// ("Versions in an appcast compare exactly as Sparkle's own comparator …") on arrays of
// parts, as Sparkle's Objective-C does, rather than SparkleComparator's in-place walk.
// It shares no code with it.

/// A part of a version: its class and its text.
struct ReferencePart: Equatable {
    enum Kind { case number, letters, separator, period, dash }
    var kind: Kind
    var text: [Unicode.Scalar]
}

enum SparkleOrderReference {
    /// -1, 0 or 1: `a` against `b`.
    static func compare(_ a: String, _ b: String) -> Int {
        var x = split(a), y = split(b)
        balance(&x, &y)
        for (p, q) in zip(x, y) {
            let pSeparator = p.kind == .separator || p.kind == .period
            let qSeparator = q.kind == .separator || q.kind == .period
            if pSeparator && qSeparator { continue }
            if p.kind == q.kind {
                switch p.kind {
                case .number:
                    let order = compareDigits(p.text, q.text)
                    if order != 0 { return order }
                case .letters:
                    let order = compareScalars(p.text, q.text)
                    if order != 0 { return order }
                default:
                    continue
                }
            } else if q.kind == .letters {
                return 1
            } else if p.kind == .letters {
                return -1
            } else {
                return p.kind == .number ? 1 : -1
            }
        }
        if x.count == y.count { return 0 }
        let longerIsA = x.count > y.count
        let extra = longerIsA ? x[y.count] : y[x.count]
        let longerWins = extra.kind != .letters
        return longerIsA == longerWins ? 1 : -1
    }

    static func kind(_ scalar: Unicode.Scalar) -> ReferencePart.Kind {
        if scalar == "." { return .period }
        if scalar == "-" { return .dash }
        if ("0"..."9").contains(scalar) { return .number }
        if scalar.properties.isWhitespace { return .separator }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation:
            return .separator
        default:
            return .letters
        }
    }

    /// Runs of digits, runs of letters, single separators; stops at a `-` past the first character.
    static func split(_ text: String) -> [ReferencePart] {
        var parts: [ReferencePart] = []
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            let k = kind(scalar)
            if offset > 0 && k == .dash { break }
            if let last = parts.last, last.kind == k, k == .number || k == .letters {
                parts[parts.count - 1].text.append(scalar)
            } else {
                parts.append(ReferencePart(kind: k, text: [scalar]))
            }
        }
        return parts
    }

    /// Pads the shorter leading run of numbers and periods with the longer one's kinds (`0`, `.`).
    static func balance(_ x: inout [ReferencePart], _ y: inout [ReferencePart]) {
        func lead(_ parts: [ReferencePart]) -> Int {
            parts.prefix { $0.kind == .number || $0.kind == .period }.count
        }
        let (m, n) = (lead(x), lead(y))
        if m < n {
            x.insert(contentsOf: y[m..<n].map { ReferencePart(kind: $0.kind, text: $0.kind == .number ? ["0"] : ["."]) }, at: m)
        } else if n < m {
            y.insert(contentsOf: x[n..<m].map { ReferencePart(kind: $0.kind, text: $0.kind == .number ? ["0"] : ["."]) }, at: n)
        }
    }

    static func compareDigits(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        let x = Array(a.drop { $0 == "0" }), y = Array(b.drop { $0 == "0" })
        if x.count != y.count { return x.count < y.count ? -1 : 1 }
        return compareScalars(x, y)
    }

    static func compareScalars(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        for (p, q) in zip(a, b) where p != q { return p.value < q.value ? -1 : 1 }
        return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
    }
}
