// A second, deliberately plain reading of SPEC.md "Versions" and "Constraints", for the
// fuzz targets to compare the real (fast, clever) code against. Slow and obvious on
// purpose: strings and arrays, no packing, no fast paths. Compiled into every fuzz
// binary beside the harness; it never ships.

/// A version as SPEC.md describes it: numbers without leading zeros, optional pre-release.
struct ReferenceVersion {
    /// Decimal digits, leading zeros removed ("" never occurs: zero is "0").
    var numbers: [String]
    /// Pre-release identifiers as written; nil for a release.
    var prerelease: [String]?

    /// Surrounding Unicode whitespace is trimmed, as `Version` does.
    static func trimmed(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[first...last])
        return String(result)
    }

    static func stripZeros(_ digits: Substring) -> String {
        let stripped = digits.drop { $0 == "0" }
        return stripped.isEmpty ? "0" : String(stripped)
    }

    /// The syntax rules of each mode (0 lenient, 1 strict SemVer, 2 App Store), on the
    /// trimmed text; nil when invalid. Works on an array of Unicode scalars throughout.
    static func parse(_ raw: String, mode: Int) -> ReferenceVersion? {
        let text = Array(trimmed(raw).unicodeScalars)
        var body = text[...]
        if let first = body.first, first == "v" || first == "V" {
            guard mode == 0 else { return nil }
            body = body.dropFirst()
        }
        func isDigit(_ s: Unicode.Scalar) -> Bool { s.value >= 48 && s.value <= 57 }
        func isIdentifier(_ s: Unicode.Scalar) -> Bool {
            isDigit(s) || (s.value >= 65 && s.value <= 90) || (s.value >= 97 && s.value <= 122) || s == "-"
        }
        func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars)
            return String(view)
        }
        if mode == 2 {  // App Store: one to three integers, digits and dots, no empty component, at most 18 characters
            guard text.count <= 18 else { return nil }
            let parts = body.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count <= 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isDigit) }) else { return nil }
            return ReferenceVersion(numbers: parts.map { stripZeros(Substring(string($0))) }, prerelease: nil)
        }
        var core = body
        var build: ArraySlice<Unicode.Scalar>? = nil
        if let plus = core.firstIndex(of: "+") {
            build = core[(plus + 1)...]
            core = core[..<plus]
        }
        var pre: ArraySlice<Unicode.Scalar>? = nil
        if let hyphen = core.firstIndex(of: "-") {
            pre = core[(hyphen + 1)...]
            core = core[..<hyphen]
        }
        let numberParts = core.split(separator: ".", omittingEmptySubsequences: false)
        guard numberParts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isDigit) }) else { return nil }
        if mode == 1 {
            guard numberParts.count == 3 else { return nil }
            guard numberParts.allSatisfy({ $0.count == 1 || $0.first != "0" }) else { return nil }
        }
        func identifiers(_ part: ArraySlice<Unicode.Scalar>, noLeadingZeros: Bool) -> [String]? {
            let pieces = part.split(separator: ".", omittingEmptySubsequences: false)
            for piece in pieces {
                guard !piece.isEmpty, piece.allSatisfy(isIdentifier) else { return nil }
                if noLeadingZeros, piece.allSatisfy(isDigit), piece.count > 1, piece.first == "0" { return nil }
            }
            return pieces.map(string)
        }
        var prerelease: [String]? = nil
        if let pre {
            guard let ids = identifiers(pre, noLeadingZeros: mode == 1) else { return nil }
            prerelease = ids
        }
        if let build {
            guard identifiers(build, noLeadingZeros: false) != nil else { return nil }
        }
        return ReferenceVersion(numbers: numberParts.map { stripZeros(Substring(string($0))) }, prerelease: prerelease)
    }

    /// Unbounded non-negative integers as digit strings without leading zeros.
    static func compareNumbers(_ a: String, _ b: String) -> Int {
        if a.count != b.count { return a.count < b.count ? -1 : 1 }
        if a == b { return 0 }
        return Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8)) ? -1 : 1
    }

    /// Numeric components only, zero-padded.
    static func compareNumericParts(_ a: [String], _ b: [String]) -> Int {
        for i in 0..<max(a.count, b.count) {
            let order = compareNumbers(i < a.count ? a[i] : "0", i < b.count ? b[i] : "0")
            if order != 0 { return order }
        }
        return 0
    }

    static func isNumeric(_ identifier: String) -> Bool { identifier.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } }

    /// SPEC.md precedence, rules 1 to 4.
    static func compare(_ a: ReferenceVersion, _ b: ReferenceVersion) -> Int {
        let numbers = compareNumericParts(a.numbers, b.numbers)
        if numbers != 0 { return numbers }
        switch (a.prerelease, b.prerelease) {
        case (nil, nil): return 0
        case (nil, _): return 1
        case (_, nil): return -1
        case (let x?, let y?):
            for (p, q) in zip(x, y) {
                let order: Int
                switch (isNumeric(p), isNumeric(q)) {
                case (true, true): order = compareNumbers(stripZeros(Substring(p)), stripZeros(Substring(q)))
                case (true, false): order = -1
                case (false, true): order = 1
                case (false, false): order = p == q ? 0 : (Array(p.utf8).lexicographicallyPrecedes(Array(q.utf8)) ? -1 : 1)
                }
                if order != 0 { return order }
            }
            return x.count == y.count ? 0 : (x.count < y.count ? -1 : 1)
        }
    }

    /// The bump level name from `older` to `newer`, or nil when `newer` is not above `older`.
    static func bumpLevel(from older: ReferenceVersion, to newer: ReferenceVersion) -> String? {
        guard compare(older, newer) < 0 else { return nil }
        for i in 0..<max(older.numbers.count, newer.numbers.count) {
            let x = i < older.numbers.count ? older.numbers[i] : "0"
            let y = i < newer.numbers.count ? newer.numbers[i] : "0"
            if x != y { return ["major", "minor", "patch"].indices.contains(i) ? ["major", "minor", "patch"][i] : "revision" }
        }
        return "prerelease"
    }
}

/// SPEC.md "Constraints", read directly from the text and evaluated against a version.
enum ReferenceConstraint {
    /// nil: the reference grammar rejects the text.
    static func evaluate(_ raw: String, _ version: ReferenceVersion) -> Bool? {
        let text = ReferenceVersion.trimmed(raw)
        guard !text.isEmpty else { return nil }
        // Split at "||" on Unicode scalars (a Character may glue a mark to a "|").
        var alternatives: [String] = []
        var current = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            if scalars[i] == "|", i + 1 < scalars.count, scalars[i + 1] == "|" {
                alternatives.append(String(current))
                current = String.UnicodeScalarView()
                i += 2
            } else {
                current.append(scalars[i])
                i += 1
            }
        }
        alternatives.append(String(current))
        var any = false
        for alternative in alternatives {
            guard let result = evaluateAlternative(alternative, version) else { return nil }
            any = any || result
        }
        return any
    }

    static let operators = ["~>", ">=", "<=", "==", "!=", "≥", "≤", ">", "<", "=", "^", "~"]

    static func isSpace(_ s: Unicode.Scalar) -> Bool { s == " " || (s.value >= 0x09 && s.value <= 0x0D) }

    /// One alternative: comparators separated by ',' or ASCII whitespace; an operator
    /// standing alone takes the next token as its version.
    static func evaluateAlternative(_ alternative: String, _ version: ReferenceVersion) -> Bool? {
        // Split at commas first: two commas in a row, or one at either end, is an empty comparator.
        let commaParts = alternative.unicodeScalars.split(separator: ",", omittingEmptySubsequences: false)
            .map { String(String.UnicodeScalarView($0)) }
        var all = true
        var comparatorCount = 0
        for part in commaParts {
            let tokens = part.unicodeScalars.split(whereSeparator: isSpace).map { String(String.UnicodeScalarView($0)) }
            if tokens.isEmpty { return nil }
            var index = 0
            while index < tokens.count {
                let token = tokens[index]
                let result: Bool?
                if operators.contains(token) {  // "op whitespace version": the next token is the operand as is
                    guard index + 1 < tokens.count else { return nil }
                    result = evaluateComparator(op: token, operand: Substring(tokens[index + 1]), version)
                    index += 1
                } else {
                    result = evaluateComparator(token, version)
                }
                guard let result else { return nil }
                all = all && result
                comparatorCount += 1
                index += 1
            }
        }
        return comparatorCount > 0 ? all : nil
    }

    static func isWildcard(_ piece: Substring) -> Bool { piece == "x" || piece == "X" || piece == "*" }

    static func evaluateComparator(_ token: String, _ version: ReferenceVersion) -> Bool? {
        var op = ""
        var operand = Substring(token)
        // Operators are matched on Unicode scalars, as the real parser matches bytes.
        for candidate in operators where token.unicodeScalars.starts(with: candidate.unicodeScalars) {
            op = candidate
            operand = Substring(String(String.UnicodeScalarView(token.unicodeScalars.dropFirst(candidate.unicodeScalars.count))))
            break
        }
        return evaluateComparator(op: op, operand: operand, version)
    }

    /// `op` ("" for none) applied to `operand`, a version or an x-range.
    static func evaluateComparator(op: String, operand: Substring, _ version: ReferenceVersion) -> Bool? {
        guard !operand.isEmpty else { return nil }
        if op.isEmpty, operand == "-" { return nil }
        // x-range: any piece (after an optional v) is a wildcard.
        var scalars = operand.unicodeScalars[...]
        let prefixed = scalars.first == "v" || scalars.first == "V"
        if prefixed { scalars = scalars.dropFirst() }
        let pieces = String(String.UnicodeScalarView(scalars)).unicodeScalars
            .split(separator: ".", omittingEmptySubsequences: false).map { Substring(String(String.UnicodeScalarView($0))) }
        if let firstWildcard = pieces.firstIndex(where: isWildcard) {
            guard op.isEmpty else { return nil }
            guard pieces[firstWildcard...].allSatisfy(isWildcard) else { return nil }
            if firstWildcard == 0 { return true }
            let concrete = pieces[..<firstWildcard].joined(separator: ".")
            let lowerText = (prefixed ? "v" : "") + concrete
            guard let lower = ReferenceVersion.parse(lowerText, mode: 0) else { return nil }
            let numbers = lower.numbers
            return ReferenceVersion.compare(version, lower) >= 0
                && below(version, upper(numbers, bumping: numbers.count - 1))
        }
        guard let bound = ReferenceVersion.parse(String(operand), mode: 0) else { return nil }
        let order = ReferenceVersion.compare(version, bound)
        switch op {
        case "", "=", "==": return order == 0
        case "!=": return order != 0
        case ">": return order > 0
        case ">=", "≥": return order >= 0
        case "<": return order < 0
        case "<=", "≤": return order <= 0
        case "~>":
            let n = bound.numbers
            return order >= 0 && below(version, upper(n, bumping: max(n.count - 2, 0)))
        case "^":
            let n = bound.numbers
            let index = n.firstIndex { $0 != "0" } ?? n.count - 1
            return order >= 0 && below(version, upper(n, bumping: index))
        case "~":
            let n = bound.numbers
            return order >= 0 && below(version, upper(n, bumping: n.count >= 2 ? 1 : 0))
        default: return nil
        }
    }

    /// Numbers `0..<index` kept, number `index` plus one.
    static func upper(_ numbers: [String], bumping index: Int) -> [String] {
        Array(numbers[..<index]) + [increment(numbers[index])]
    }

    /// A generated upper bound excludes pre-releases of the bound: numbers alone decide.
    static func below(_ version: ReferenceVersion, _ upper: [String]) -> Bool {
        ReferenceVersion.compareNumericParts(version.numbers, upper) < 0
    }

    static func increment(_ digits: String) -> String {
        var result = Array(digits.utf8)
        var i = result.count - 1
        while i >= 0 {
            if result[i] == UInt8(ascii: "9") {
                result[i] = UInt8(ascii: "0")
                i -= 1
            } else {
                result[i] += 1
                return String(decoding: result, as: UTF8.self)
            }
        }
        return "1" + String(decoding: result, as: UTF8.self)
    }
}
