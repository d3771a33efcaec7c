/// Text from outside (a server, a file, the command line) made safe to print: the one
/// place where control characters are escaped or removed.
public enum TerminalText {
    /// `text` with line breaks, tabs and every other character `isPlain` refuses (C0, DEL,
    /// C1, the bidirectional and separator controls) written as `\n`, `\r`, `\t`,
    /// `\u{1B}`, `\u{202E}`: for one-line messages, where what a user typed is worth
    /// seeing (`invalid version '1.0\r2.0'`) and nothing may drive the terminal.
    /// Unchanged when there are none.
    public static func escapingControlCharacters(_ text: String) -> String {
        guard !text.unicodeScalars.allSatisfy(isPlain) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where !isPlain(scalar):
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` without control characters (C0, DEL, C1, escape sequences included) or
    /// the bidirectional and separator controls (`isPlain`): for text a source or a
    /// bundle sent, shown on a terminal. Line breaks are kept (CR LF and CR become LF) and
    /// tabs too when `multiline`; otherwise both become spaces.
    public static func printable(_ text: String, multiline: Bool) -> String {
        if text.unicodeScalars.allSatisfy({ isPlain($0) || (multiline && $0 == "\n") }) { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\n":
                if !previousWasCR { result.unicodeScalars.append(multiline ? "\n" : " ") }
            case "\r":
                result.unicodeScalars.append(multiline ? "\n" : " ")
            case "\t":
                result.unicodeScalars.append(multiline ? "\t" : " ")
            default:
                if isPlain(scalar) { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }

    /// `text` with every control character (C0 and DEL) shown as `.`: for a short
    /// glimpse of bytes that are not what was expected.
    public static func dotted(_ text: some StringProtocol) -> String {
        String(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "." : Character($0) })
    }

    /// Neither a control character (C0, DEL, C1) nor one of the Unicode bidirectional and
    /// separator controls that reorder or break what a terminal shows: U+061C, U+200E,
    /// U+200F, U+2028, U+2029, U+202A–U+202E, U+2066–U+2069 (SPEC.md, "Details").
    public static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x061C { return value >= 0x20 && !(0x7F...0x9F).contains(value) }
        switch value {
        case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return false
        default: return true
        }
    }
}
