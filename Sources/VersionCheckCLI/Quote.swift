import VersionCheckCore

/// Quoting user input inside one-line messages.
enum Quote {
    /// `'text'`, with control characters escaped so the message stays on one line;
    /// a long text as an excerpt and its length (`Excerpt`).
    static func single(_ text: some StringProtocol) -> String {
        Excerpt.quoted(TerminalText.escapingControlCharacters(String(text)))
    }
}
