import VersionCheckCore

/// Why a response body or manifest could not be read, as one line that names
/// the member at fault ("releases[2].critical is a string, expected true or false").
/// Maps to bad-response (76).
public struct BodyError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    /// The source lists no release at all (a GitHub release list that is `[]` or holds
    /// only drafts): `--gate --allow-new` passes it as the app's first release.
    public var listsNoRelease = false

    public init(_ description: String, listsNoRelease: Bool = false) {
        self.description = description
        self.listsNoRelease = listsNoRelease
    }
}

/// How the first bytes of a body look, for messages about bodies that are not
/// what we expected: "empty", "HTML", or the first few characters, quoted.
public enum BodyDescription {
    /// "the body is empty", "the body is HTML", "the body starts with '<h1>oops…'".
    public static func describe(_ bytes: [UInt8]) -> String {
        let trimmed = bytes.drop(while: ByteText.isWhitespace)
        if trimmed.isEmpty { return bytes.isEmpty ? "the body is empty" : "the body is blank" }
        let head = String(decoding: trimmed.prefix(64), as: UTF8.self)
        let lower = head.lowercased()
        if lower.hasPrefix("<!doctype html") || lower.hasPrefix("<html") { return "the body is HTML" }
        var shown = TerminalText.dotted(String(head.unicodeScalars.prefix(24)))
        if head.unicodeScalars.count > 24 { shown += "…" }
        return "the body starts with '\(shown)'"
    }
}
