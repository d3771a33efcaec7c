/// Why a text is not a version. `description` is one line that quotes the (trimmed)
/// input (an excerpt when it is long, see `Excerpt`) and says what was expected:
/// `invalid version '1..2': empty component at offset 2`.
/// Offsets count characters from the start of the trimmed text, from 0.
public enum VersionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nothing but whitespace.
    case empty
    /// A numeric component with no digits: `1..2`, `1.`, `.1`.
    case emptyComponent(text: String, offset: Int)
    /// A pre-release or build identifier with no characters: `1.2.3-`, `1.2.3+`, `1.0.0-a..b`.
    case emptyIdentifier(text: String, offset: Int)
    /// A character the grammar does not allow there: `1.2.a`, `abc`, `1.0_1`.
    case unexpectedCharacter(text: String, offset: Int, expected: Expected)
    /// Strict SemVer only: a number or numeric pre-release identifier with a leading zero (`01.5.6`).
    case leadingZero(text: String, offset: Int)
    /// Strict SemVer and App Store only: a `v` prefix.
    case prefixNotAllowed(text: String)
    /// Strict SemVer only: not exactly three numeric components.
    case componentCount(text: String, found: Int)
    /// App Store only: longer than 18 characters.
    case tooLong(text: String, length: Int)
    /// App Store only: more than three numeric components (App Store Connect refuses
    /// `2.0.0.1`, ITMS-90060).
    case tooManyComponents(text: String, found: Int)

    /// What the parser expected where it found an unexpected character.
    public enum Expected: String, Hashable, Sendable {
        case digit = "a digit"
        case numberEnd = "a digit, '.', '-' or '+'"
        case digitOrDot = "a digit or '.' (App Store versions have only digits and dots)"
        case prereleaseCharacter = "a letter, digit, '-', '.' or '+'"
        case buildCharacter = "a letter, digit, '-' or '.'"
        /// Sparkle's reading: the text it ignores stays in the spelling that is printed.
        case printable = "a printable character (text after '-' is ignored, but shown)"
    }

    /// The trimmed input at fault.
    public var text: String {
        switch self {
        case .empty: ""
        case .emptyComponent(let text, _), .emptyIdentifier(let text, _), .unexpectedCharacter(let text, _, _),
            .leadingZero(let text, _), .prefixNotAllowed(let text), .componentCount(let text, _),
            .tooLong(let text, _), .tooManyComponents(let text, _):
            text
        }
    }

    /// Where in `text` the problem is (characters from 0), when it is at one place.
    public var offset: Int? {
        switch self {
        case .emptyComponent(_, let offset), .emptyIdentifier(_, let offset),
            .unexpectedCharacter(_, let offset, _), .leadingZero(_, let offset):
            offset
        case .prefixNotAllowed: 0
        case .empty, .componentCount, .tooLong, .tooManyComponents: nil
        }
    }

    public var description: String {
        "invalid version \(Excerpt.quoted(text, around: offset)): \(detail(shiftedBy: 0))"
    }

    /// The reason alone, with offsets moved by `shift` (a constraint quotes its own text).
    internal func detail(shiftedBy shift: Int) -> String {
        switch self {
        case .empty:
            return "expected a version such as 1.2.3"
        case .emptyComponent(_, let offset):
            return "empty component at offset \(offset + shift)"
        case .emptyIdentifier(_, let offset):
            return "empty identifier at offset \(offset + shift)"
        case .unexpectedCharacter(let text, let offset, let expected):
            let found = text.dropFirst(offset).first.map { "'\($0)'" } ?? "end"
            return "unexpected \(found) at offset \(offset + shift), expected \(expected.rawValue)"
        case .leadingZero(_, let offset):
            return "leading zero at offset \(offset + shift) (not allowed in strict SemVer)"
        case .prefixNotAllowed:
            return "a 'v' prefix is not allowed here (strict SemVer and App Store versions start with a digit)"
        case .componentCount(_, let found):
            return "strict SemVer needs exactly 3 numeric components, found \(found)"
        case .tooLong(_, let length):
            return "\(length) characters, at most 18 allowed for the App Store"
        case .tooManyComponents(_, let found):
            return "\(found) numeric components, App Store Connect accepts one to three (ITMS-90060)"
        }
    }
}
