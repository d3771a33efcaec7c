import VersionCheckCore

/// Quoting user input inside one-line messages.
enum Quote {
    /// `'text'`, with control characters escaped so the message stays on one line;
    /// a long text as an excerpt and its length (`Excerpt`).
    static func single(_ text: some StringProtocol) -> String {
        Excerpt.quoted(escapingControlCharacters(String(text)))
    }

    /// `text` with line breaks, tabs and other control characters written as `\n`, `\t`, `\u{1B}`.
    static func escapingControlCharacters(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
