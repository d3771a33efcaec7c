/// Input quoted inside a one-line message. A short text is quoted whole; a long one
/// (a 1 MiB "version" on stdin) as its start, the part around the fault, and its
/// length, so that the message stays a line a person can read:
/// `'1.1.1.1.…1.1.1.1.1.x' (1000001 characters)`. The limits leave a path or URL of
/// ordinary length whole, since that is the culprit a person must find.
public enum Excerpt {
    /// Texts up to this many characters are quoted whole.
    public static let wholeLimit = 160
    /// Characters shown from the start of a long text.
    static let head = 32
    /// Characters shown on each side of the fault.
    static let context = 20

    /// `'text'`, or for a text longer than `wholeLimit` characters an excerpt around
    /// `offset` (characters from 0; nil when the fault is not at one place) followed by
    /// the length.
    public static func quoted(_ text: String, around offset: Int? = nil) -> String {
        let count = text.count
        guard count > wholeLimit else { return "'\(text)'" }
        var shown: String
        if let offset, offset > head + context {
            let start = min(offset - context, count - 2 * context)
            shown = String(text.prefix(head)) + "…" + String(text.dropFirst(start).prefix(2 * context))
            if start + 2 * context < count { shown += "…" }
        } else {
            shown = String(text.prefix(head + 2 * context)) + "…"
        }
        return "'\(shown)' (\(count) characters)"
    }
}
