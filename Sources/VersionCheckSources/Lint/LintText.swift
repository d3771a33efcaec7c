import VersionCheckCore

/// Spellings `lint` judges in more than one format, and its messages' text.
///
/// (The electron-builder reader keeps private copies of both rules in `ElectronFeed`;
/// one of the two places should go.)
enum LintText {
    /// Standard base64 (`+`, `/`) of exactly 64 bytes: 86 characters, or 88 ending `==`
    /// (an EdDSA signature; a SHA-512 digest).
    static func isBase64OfSixtyFourBytes(_ text: String) -> Bool {
        var utf8 = Array(text.utf8)
        if utf8.count == 88 {
            guard utf8[86] == UInt8(ascii: "="), utf8[87] == UInt8(ascii: "=") else { return false }
            utf8.removeLast(2)
        }
        // 86 characters carry 516 bits: the last one's low 4 bits are padding, zero.
        guard utf8.count == 86, let last = base64Value(utf8[85]), last & 0x0F == 0 else { return false }
        return utf8.allSatisfy { base64Value($0) != nil }
    }

    /// Decimal digits only, and above zero (`10240000`; not `0`, `-1`, `+5`, `1e6` or ``).
    static func isPositiveInteger(_ text: String) -> Bool {
        let utf8 = text.utf8
        return !utf8.isEmpty && utf8.allSatisfy { $0 &- UInt8(ascii: "0") < 10 } && utf8.contains { $0 != UInt8(ascii: "0") }
    }

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

    private static func base64Value(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: nil
        }
    }
}
