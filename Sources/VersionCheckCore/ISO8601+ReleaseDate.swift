extension ISO8601 {
    /// A release's date field as sources write it and the update decision reads it
    /// (`--min-age`): blank text is no date; otherwise the text, trimmed, must be
    /// ISO 8601. `lint` (J03) judges dates by this same rule.
    public enum ReleaseDate: Equatable, Sendable {
        /// Blank: the release has no date (it is offered whatever `--min-age` says).
        case absent
        /// Seconds since the Unix epoch.
        case date(Double)
        /// Not ISO 8601: `--min-age` cannot judge it (a bad response when it must).
        case unreadable
    }

    /// `text` read as a release's date (see `ReleaseDate`).
    public static func releaseDate(_ text: String) -> ReleaseDate {
        if text.unicodeScalars.allSatisfy(\.properties.isWhitespace) { return .absent }
        return secondsSinceEpoch(Version.trimmingWhitespace(text)).map { .date($0) } ?? .unreadable
    }
}
