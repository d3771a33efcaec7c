import VersionCheckCore

/// One thing `lint` found in a feed: `SOURCE:LINE: SEVERITY CODE: MESSAGE`.
public struct LintFinding: Sendable, Equatable {
    public var code: LintCode
    /// Usually `code.severity`; `A07` is a warning when only a DSA signature is present.
    public var severity: LintSeverity
    /// The line of the item or key in the file, from 1; 0 when the format has no lines
    /// (a binary property list).
    public var line: Int
    /// The version the finding is about, as the feed writes it; nil when it is about none.
    public var item: String?
    /// One line, naming the element or key at fault and the value found.
    public var message: String

    /// `message` is made one line here, whatever a linter quoted into it (a reader's
    /// reason that quotes the feed): control, bidirectional and separator characters are
    /// escaped (`\n`, `\u{1B}`), so no finding spans two lines or drives a terminal.
    public init(_ code: LintCode, line: Int, item: String?, _ message: String, severity: LintSeverity? = nil) {
        self.code = code
        self.severity = severity ?? code.severity
        self.line = line
        self.item = item
        self.message = TerminalText.escapingControlCharacters(message)
    }
}

/// What a linter needs besides the bytes.
public struct LintContext: Sendable {
    /// The URL the feed came from (without credentials), which relative URLs in it are
    /// resolved against and judged as resolved; nil for a local file, whose relative
    /// URLs stay relative and are no finding.
    public var base: String?
    /// `--tag-prefix` for a GitHub release list; nil: every tag.
    public var tagPrefix: String?

    public init(base: String? = nil, tagPrefix: String? = nil) {
        self.base = base
        self.tagPrefix = tagPrefix
    }
}
