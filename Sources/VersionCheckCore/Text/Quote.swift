/// Quoting user input inside one-line messages.
public enum Quote {
    /// `'text'`, with control characters escaped so the message stays on one line;
    /// a long text as an excerpt and its length (`Excerpt`).
    public static func single(_ text: some StringProtocol) -> String {
        Excerpt.quoted(TerminalText.escapingControlCharacters(String(text)))
    }

    /// `text` as a shell word to type again in a hint: as it is when it holds only
    /// characters no shell reads specially (`1.4.0`, `https://example.com/app.json`),
    /// else in single quotes (`'>= 1.2'`; a `'` inside written `'\''`).
    public static func shellWord(_ text: String) -> String {
        let plain = !text.isEmpty && text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            default:
                "._-+,:/@%".utf8.contains(byte)
            }
        }
        if plain { return text }
        return "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) + "'"
    }
}
