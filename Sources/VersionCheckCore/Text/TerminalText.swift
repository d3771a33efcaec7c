/// Text from outside (a server, a file, the command line) made safe to print: the one
/// place where control characters are escaped or removed.
public enum TerminalText {
    /// `text` with line breaks, tabs and other control characters (C0 and DEL) written
    /// as `\n`, `\r`, `\t`, `\u{1B}`: for one-line messages. Unchanged when there are none.
    public static func escapingControlCharacters(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return text }
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

    /// `text` without control characters (C0, DEL, C1, escape sequences included) or
    /// line and paragraph separators: for text a source sent, shown on a terminal. Line
    /// breaks are kept (CR LF and CR become LF) and tabs too when `multiline`; otherwise
    /// both become spaces.
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

    /// Neither a control character (C0, DEL, C1) nor a line or paragraph separator.
    static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value >= 0x20 && !(0x7F...0x9F).contains(value) && value != 0x2028 && value != 0x2029
    }
}
