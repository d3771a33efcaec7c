/// Reads the constraint grammar of SPEC.md into a `VersionConstraint.Rule`.
///
/// ```
/// constraint  = alternative *("||" alternative)            ; OR
/// alternative = comparator *(("," / whitespace) comparator)  ; AND
/// comparator  = [op] [whitespace] version | x-range
/// op          = "=" | "==" | "!=" | ">" | ">=" | "<" | "<=" | "≥" | "≤" | "~>" | "^" | "~"
/// x-range     = number *("." number) "." ("x" | "X" | "*")   ; also bare "*", "x", "X"
/// ```
struct ConstraintParser {
    typealias Rule = VersionConstraint.Rule
    typealias Bound = VersionConstraint.Bound

    enum Operator: String, CaseIterable {
        // Longest spellings first, so `>=` is not read as `>`.
        case tildeGreater = "~>", greaterEqual = ">=", lessEqual = "<=", equalEqual = "==", notEqual = "!="
        case greaterEqualSign = "≥", lessEqualSign = "≤"
        case greater = ">", less = "<", equal = "=", caret = "^", tilde = "~"
    }

    let text: String
    let bytes: [UInt8]
    var i = 0

    init(text: String) {
        self.text = text
        bytes = Array(text.utf8)
    }

    mutating func parse() throws(ConstraintError) -> Rule {
        guard !bytes.isEmpty else { throw .empty }
        var alternatives: [Rule] = []
        var comparators: [Rule] = []
        var pendingComma = false  // a comma was read and no comparator after it yet
        while true {
            skipWhitespace()
            guard i < bytes.count else { break }
            switch bytes[i] {
            case UInt8(ascii: ","):
                if comparators.isEmpty || pendingComma { throw .emptyComparator(text: text, offset: offset(i)) }
                pendingComma = true
                i += 1
            case UInt8(ascii: "|"):
                guard i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "|") else {
                    throw .unexpectedCharacter(text: text, offset: offset(i), expected: "'||'")
                }
                if pendingComma { throw .emptyComparator(text: text, offset: offset(i)) }
                if comparators.isEmpty { throw .emptyAlternative(text: text, offset: offset(i)) }
                alternatives.append(comparators.count == 1 ? comparators[0] : .allOf(comparators))
                comparators = []
                i += 2
            default:
                comparators.append(try comparator())
                pendingComma = false
            }
        }
        if pendingComma { throw .emptyComparator(text: text, offset: offset(bytes.count)) }
        if comparators.isEmpty { throw .emptyAlternative(text: text, offset: offset(bytes.count)) }
        alternatives.append(comparators.count == 1 ? comparators[0] : .allOf(comparators))
        return alternatives.count == 1 ? alternatives[0] : .anyOf(alternatives)
    }

    // MARK: - Comparators

    private mutating func comparator() throws(ConstraintError) -> Rule {
        let operatorStart = i
        let op = readOperator()
        if op == nil, bytes[i] == UInt8(ascii: "!") {
            throw .unexpectedCharacter(text: text, offset: offset(i), expected: "'!='")
        }
        if op != nil { skipWhitespace() }
        let start = i
        while i < bytes.count, !isWhitespace(bytes[i]), bytes[i] != UInt8(ascii: ","), bytes[i] != UInt8(ascii: "|") {
            i += 1
        }
        let token = slice(start, i)
        guard !token.isEmpty else {
            throw .missingVersion(text: text, offset: offset(start), operator: op?.rawValue ?? "")
        }
        if op == nil, token == "-" { throw .hyphenRange(text: text, offset: offset(start)) }
        if let wildcard = wildcardIndex(token) {
            if let op { throw .operatorBeforeXRange(text: text, offset: offset(operatorStart), operator: op.rawValue) }
            return try xRange(token, start: start, firstWildcard: wildcard)
        }
        let version: Version
        do {
            version = try Version(token)
        } catch {
            throw .invalidVersion(text: text, offset: offset(start), error: error)
        }
        return Self.rule(op ?? .equal, version, token: token)
    }

    /// The rule of `op version`.
    static func rule(_ op: Operator, _ version: Version, token: Substring) -> Rule {
        switch op {
        case .equal, .equalEqual:
            return .range(lower: Bound(version, inclusive: true), upper: Bound(version, inclusive: true))
        case .notEqual:
            return .anyOf([.range(lower: nil, upper: Bound(version, inclusive: false)),
                           .range(lower: Bound(version, inclusive: false), upper: nil)])
        case .greater: return .range(lower: Bound(version, inclusive: false), upper: nil)
        case .greaterEqual, .greaterEqualSign: return .range(lower: Bound(version, inclusive: true), upper: nil)
        case .less: return .range(lower: nil, upper: Bound(version, inclusive: false))
        case .lessEqual, .lessEqualSign: return .range(lower: nil, upper: Bound(version, inclusive: true))
        case .tildeGreater, .caret, .tilde:
            let numbers = numericComponents(token)
            let bumped: Int
            switch op {
            case .tildeGreater:  // drop the last component (unless it is the only one), bump the new last
                bumped = max(numbers.count - 2, 0)
            case .caret:  // the leftmost non-zero component is fixed
                bumped = numbers.firstIndex { $0.contains { $0 != "0" } } ?? numbers.count - 1
            default:  // tilde: the minor is fixed, or the major when it is the only component
                bumped = numbers.count >= 2 ? 1 : 0
            }
            return .range(lower: Bound(version, inclusive: true), upper: generatedUpperBound(numbers, bumping: bumped))
        }
    }

    /// `< c0...c(index-1).(c(index)+1)`, excluding pre-releases of the bound.
    static func generatedUpperBound(_ numbers: [Substring], bumping index: Int) -> Bound {
        var parts = numbers[..<index].map(String.init)
        parts.append(incremented(numbers[index]))
        // Digits and dots only: always a valid version.
        let bound = try! Version(parts.joined(separator: "."))
        return Bound(bound, inclusive: false, numbersOnly: true)
    }

    /// `1.2.x` = `>=1.2.0, <1.3.0`; `*` = everything.
    private func xRange(_ token: Substring, start: Int, firstWildcard: Int) throws(ConstraintError) -> Rule {
        let pieces = pieces(token)
        if let piece = pieces.dropFirst(firstWildcard).first(where: { !Self.isWildcard($0) }) {
            let pieceOffset = token.utf8.distance(from: token.startIndex, to: piece.startIndex)
            throw .numberAfterWildcard(text: text, offset: offset(start + pieceOffset))
        }
        guard firstWildcard > 0 else { return .range(lower: nil, upper: nil) }
        let concrete = token[token.startIndex..<pieces[firstWildcard].startIndex].dropLast()  // without the last "."
        let lower: Version
        do {
            lower = try Version(concrete)
        } catch {
            throw .invalidVersion(text: text, offset: offset(start), error: error)
        }
        let numbers = Self.numericComponents(concrete)
        return .range(lower: Bound(lower, inclusive: true),
                      upper: Self.generatedUpperBound(numbers, bumping: numbers.count - 1))
    }

    /// The index of the first `x`, `X` or `*` component of a token, if any.
    private func wildcardIndex(_ token: Substring) -> Int? {
        pieces(token).firstIndex(where: Self.isWildcard)
    }

    private func pieces(_ token: Substring) -> [Substring] {
        var body = token
        if let first = body.first, first == "v" || first == "V" { body = body.dropFirst() }
        return body.split(separator: ".", omittingEmptySubsequences: false)
    }

    private static func isWildcard(_ piece: Substring) -> Bool {
        piece == "x" || piece == "X" || piece == "*"
    }

    /// The numeric components as written (`v1.02.3-rc+b` → `1`, `02`, `3`).
    static func numericComponents(_ token: Substring) -> [Substring] {
        var body = token
        if let first = body.first, first == "v" || first == "V" { body = body.dropFirst() }
        if let end = body.firstIndex(where: { $0 == "-" || $0 == "+" }) { body = body[..<end] }
        return body.split(separator: ".", omittingEmptySubsequences: false)
    }

    /// A decimal string plus one, of any length: `9` → `10`, `0199` → `200`.
    static func incremented(_ digits: Substring) -> String {
        var result = Array(digits.drop(while: { $0 == "0" }).utf8)
        var index = result.count - 1
        while index >= 0 {
            if result[index] == UInt8(ascii: "9") {
                result[index] = UInt8(ascii: "0")
                index -= 1
            } else {
                result[index] += 1
                return String(decoding: result, as: UTF8.self)
            }
        }
        return "1" + String(decoding: result, as: UTF8.self)
    }

    // MARK: - Lexing

    private mutating func readOperator() -> Operator? {
        for op in Operator.allCases {
            let spelling = Array(op.rawValue.utf8)
            if bytes.count - i >= spelling.count, bytes[i..<i + spelling.count].elementsEqual(spelling) {
                i += spelling.count
                return op
            }
        }
        return nil
    }

    private mutating func skipWhitespace() {
        while i < bytes.count, isWhitespace(bytes[i]) { i += 1 }
    }

    private func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    private func slice(_ from: Int, _ to: Int) -> Substring {
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: from)
        return Substring(utf8[lower..<utf8.index(lower, offsetBy: to - from)])
    }

    /// A byte offset as a character offset (what error messages show).
    private func offset(_ byteOffset: Int) -> Int {
        String(decoding: bytes[..<byteOffset], as: UTF8.self).count
    }
}
