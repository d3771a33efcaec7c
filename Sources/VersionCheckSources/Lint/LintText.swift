import VersionCheckCore

/// The text of `lint`'s messages.
enum LintText {
    /// A value quoted for a message: control, bidirectional and separator characters
    /// escaped (`\\u{1B}`), a long text cut around its start (`Excerpt.quoted`).
    static func quoted(_ text: String) -> String {
        Excerpt.quoted(TerminalText.escapingControlCharacters(text))
    }

    /// A message made one line that nothing in it can drive a terminal with (a reason
    /// quoting the feed, such as a `VersionError`'s, escaped as `quoted` escapes).
    static func oneLine(_ message: String) -> String {
        TerminalText.escapingControlCharacters(message)
    }
}
