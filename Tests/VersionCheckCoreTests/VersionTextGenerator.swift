import VersionCheckTestSupport

/// Random version texts of every shape the lenient grammar allows, biased towards
/// collisions (small numbers, shared prefixes) so equal and near-equal pairs are common.
struct VersionTextGenerator {
    var rng: SplitMix64

    mutating func number() -> String {
        switch rng.next() % 10 {
        case 0: return "0" + String(rng.next() % 3)                       // leading zero
        case 1: return String(UInt64.max - rng.next() % 2)                 // at the UInt64 edge
        case 2: return "1844674407370955161" + String(5 + rng.next() % 3)  // around 2^64
        case 3: return String(rng.next()) + String(rng.next() % 100)       // beyond 64 bits
        default: return String(rng.next() % 4)
        }
    }

    mutating func identifier() -> String {
        switch rng.next() % 6 {
        case 0, 1: return number()
        case 2: return ["alpha", "beta", "rc", "a", "A", "-", "a-1", "0a"][Int(rng.next() % 8)]
        default: return ["alpha", "beta", "rc"][Int(rng.next() % 3)]
        }
    }

    mutating func text() -> String {
        var result = rng.next() % 8 == 0 ? "v" : ""
        let components = 1 + Int(rng.next() % 6)
        result += (0..<components).map { _ in number() }.joined(separator: ".")
        if rng.next() % 3 == 0 {
            result += "-" + (0..<(1 + Int(rng.next() % 3))).map { _ in identifier() }.joined(separator: ".")
        }
        if rng.next() % 6 == 0 { result += "+build." + String(rng.next() % 10) }
        return result
    }
}

/// An obviously correct (slow) precedence on texts, to check the fast one against.
enum ReferencePrecedence {
    static func compare(_ a: String, _ b: String) -> Int {
        let (an, ap) = split(a), (bn, bp) = split(b)
        for i in 0..<max(an.count, bn.count) {
            let order = compareDigits(i < an.count ? an[i] : "0", i < bn.count ? bn[i] : "0")
            if order != 0 { return order }
        }
        switch (ap, bp) {
        case (nil, nil): return 0
        case (nil, _): return 1
        case (_, nil): return -1
        case (let x?, let y?):
            for (p, q) in zip(x, y) {
                let pn = p.allSatisfy(\.isNumber), qn = q.allSatisfy(\.isNumber)
                let order: Int
                if pn && qn { order = compareDigits(p, q) }
                else if pn != qn { order = pn ? -1 : 1 }
                else { order = p == q ? 0 : (Array(p.utf8).lexicographicallyPrecedes(Array(q.utf8)) ? -1 : 1) }
                if order != 0 { return order }
            }
            return x.count == y.count ? 0 : (x.count < y.count ? -1 : 1)
        }
    }

    private static func split(_ text: String) -> ([String], [String]?) {
        var rest = Substring(text)
        if rest.first == "v" || rest.first == "V" { rest = rest.dropFirst() }
        if let plus = rest.firstIndex(of: "+") { rest = rest[..<plus] }
        var pre: [String]? = nil
        if let dash = rest.firstIndex(of: "-") {
            pre = rest[rest.index(after: dash)...].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            rest = rest[..<dash]
        }
        return (rest.split(separator: ".").map(String.init), pre)
    }

    private static func compareDigits(_ a: String, _ b: String) -> Int {
        let x = a.drop(while: { $0 == "0" }), y = b.drop(while: { $0 == "0" })
        if x.count != y.count { return x.count < y.count ? -1 : 1 }
        return x == y ? 0 : (x < y ? -1 : 1)
    }
}
