/// Why a text is not a constraint. `description` is one line that quotes the (trimmed)
/// constraint (an excerpt when it is long, see `Excerpt`) and says where:
/// `invalid constraint '>=1,,<2': empty comparator at offset 4`.
/// Offsets count characters from the start of the trimmed text, from 0.
public enum ConstraintError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nothing but whitespace.
    case empty
    /// Nothing between two commas, or a comma at either end: `>=1,,<2`, `>=1,`.
    case emptyComparator(text: String, offset: Int)
    /// Nothing before or after `||`: `|| 1`, `1 ||`, `1 || || 2`.
    case emptyAlternative(text: String, offset: Int)
    /// An operator with no version after it: `>=`, `~> ,1`.
    case missingVersion(text: String, offset: Int, operator: String)
    /// An operator before an x-range: `>=1.x`, `~1.2.*`.
    case operatorBeforeXRange(text: String, offset: Int, operator: String)
    /// A hyphen range (`1.0 - 2.0`), which the grammar does not have.
    case hyphenRange(text: String, offset: Int)
    /// A number after a wildcard: `1.x.2`.
    case numberAfterWildcard(text: String, offset: Int)
    /// A character that starts nothing valid: a single `|`, `!` without `=`.
    case unexpectedCharacter(text: String, offset: Int, expected: String)
    /// A comparator whose version is invalid; `error` is relative to the version.
    case invalidVersion(text: String, offset: Int, error: VersionError)

    /// The trimmed constraint at fault.
    public var text: String {
        switch self {
        case .empty: ""
        case .emptyComparator(let text, _), .emptyAlternative(let text, _), .missingVersion(let text, _, _),
            .operatorBeforeXRange(let text, _, _), .hyphenRange(let text, _), .numberAfterWildcard(let text, _),
            .unexpectedCharacter(let text, _, _), .invalidVersion(let text, _, _):
            text
        }
    }

    public var description: String {
        "invalid constraint \(Excerpt.quoted(text, around: offset)): \(detail)" + (hint.map { "; " + $0 } ?? "")
    }

    /// A likely slip, named after the message (SPEC.md "Hints on likely slips"): `=>`
    /// for `>=`, `=<` for `<=`. Neither is an operator, so a constraint holding one is
    /// always invalid.
    public var hint: String? {
        if text.contains("=>") { return "did you mean >=?" }
        if text.contains("=<") { return "did you mean <=?" }
        return nil
    }

    /// Where in `text` the problem is (characters from 0); nil for `empty`.
    public var offset: Int? {
        switch self {
        case .empty: nil
        case .emptyComparator(_, let offset), .emptyAlternative(_, let offset), .missingVersion(_, let offset, _),
            .operatorBeforeXRange(_, let offset, _), .hyphenRange(_, let offset), .numberAfterWildcard(_, let offset),
            .unexpectedCharacter(_, let offset, _):
            offset
        case .invalidVersion(_, let offset, let error): offset + (error.offset ?? 0)
        }
    }

    private var detail: String {
        switch self {
        case .empty:
            return "expected a constraint such as '>=1.2, <2'"
        case .emptyComparator(_, let offset):
            return "empty comparator at offset \(offset)"
        case .emptyAlternative(_, let offset):
            return "empty alternative at offset \(offset) (nothing before or after '||')"
        case .missingVersion(_, let offset, let op):
            return "expected a version after '\(op)' at offset \(offset)"
        case .operatorBeforeXRange(_, let offset, let op):
            return "operator '\(op)' before an x-range at offset \(offset) (write the x-range alone, e.g. '1.2.x')"
        case .hyphenRange(_, let offset):
            return "hyphen ranges are not supported, at offset \(offset) (write '>=A, <=B')"
        case .numberAfterWildcard(_, let offset):
            return "a number after a wildcard at offset \(offset) (only 'x', 'X' or '*' may follow one)"
        case .unexpectedCharacter(let text, let offset, let expected):
            let found = text.dropFirst(offset).first.map { "'\($0)'" } ?? "end"
            return "unexpected \(found) at offset \(offset), expected \(expected)"
        case .invalidVersion(_, let offset, let error):
            return "\(error.detail(shiftedBy: offset)) in version \(Excerpt.quoted(error.text, around: error.offset))"
        }
    }
}
