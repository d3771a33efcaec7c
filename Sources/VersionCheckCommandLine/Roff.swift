import VersionCheckCore

/// Writing roff for the `man` macros: escaping text so that it prints as written
/// (a `-` of an option is `\-`, a quote is `\(aq`), and the few requests a man page needs.
package enum Roff {
    /// Builds a page line by line.
    package struct Page {
        private(set) var text = ""

        package mutating func raw(_ line: String) { text += line + "\n" }

        /// `.\" comment`
        package mutating func comment(_ comment: String) { raw(".\\\" " + comment) }

        /// `.NAME "arg" …`: a request with quoted arguments (escaped; `"` inside is dropped).
        package mutating func request(_ name: String, _ arguments: String...) {
            raw("." + ([name] + arguments.map { "\"" + escape($0).replacingAll("\"", with: "") + "\"" }).joined(separator: " "))
        }

        /// A line of already formatted text.
        package mutating func line(_ formatted: String) { raw(guardLineStart(formatted)) }

        /// A line of plain text.
        package mutating func text(_ plain: String) { line(escape(plain)) }

        package mutating func section(_ title: String) { raw(".SH " + title) }
        package mutating func subsection(_ title: String) { raw(".SS " + escape(title)) }

        /// `.PP` then the text.
        package mutating func paragraph(_ plain: String) {
            raw(".PP")
            text(plain)
        }

        /// `.TP`: a formatted label, then its description indented below it.
        package mutating func item(_ label: String, _ description: String) {
            raw(".TP")
            line(label)
            text(description)
        }

        /// An example: the command line in bold, unfilled, then what it does.
        package mutating func example(_ example: Example) {
            raw(".PP")
            raw(".RS 4")
            raw(".nf")
            line(bold(escape(example.command, code: true)))
            raw(".fi")
            raw(".RE")
            raw(".RS 8")
            text(example.explanation)
            raw(".RE")
        }
    }

    /// `\fBtext\fR`; `text` must already be escaped.
    package static func bold(_ escaped: String) -> String { "\\fB" + escaped + "\\fR" }
    /// `\fItext\fR`; `text` must already be escaped.
    package static func italic(_ escaped: String) -> String { "\\fI" + escaped + "\\fR" }

    /// `\fB\-q\fR, \fB\-\-quiet\fR` or `\fB\-\-current\fR \fIVERSION\fR`.
    package static func optionLabel(_ option: OptionSpec) -> String {
        var names = option.short.map { [bold(escape("-\($0)", code: true))] } ?? []
        names.append(bold(escape(option.longFlag, code: true)))
        let label = names.joined(separator: ", ")
        return option.value.map { label + " " + italic(escape($0.placeholder)) } ?? label
    }

    /// A usage line styled as in a synopsis: the program and the command in bold,
    /// options in bold, placeholders (upper case) in italic, punctuation roman.
    package static func synopsis(_ usage: String) -> String {
        var words: [String] = []
        for (index, word) in usage.split(separator: " ").enumerated() {
            let leading = word.prefix { "([".contains($0) }
            let trailing = word.dropFirst(leading.count).reversed().prefix { ")]".contains($0) }
            let core = word.dropFirst(leading.count).dropLast(trailing.count)
            let styled: String
            if index < 2 || core.hasPrefix("-") {
                styled = bold(escape(String(core), code: true))
            } else if !core.isEmpty, core.allSatisfy({ $0.isUppercase || $0 == "|" }), core != "|" {
                styled = italic(escape(String(core)))
            } else if core == "options" {
                styled = italic(escape(String(core)))
            } else {
                styled = escape(String(core))
            }
            words.append(escape(String(leading)) + styled + escape(String(trailing.reversed())))
        }
        return words.joined(separator: " ")
    }

    /// Text escaped for roff so that it prints as written.
    ///
    /// `\` is `\e`; quotes, backquotes, `^` and `~` are the ASCII glyphs (`\(aq`, `\(ga`,
    /// `\(ha`, `\(ti`), so commands can be copied from the page; a `-` is a minus `\-` in
    /// `code` and in any word that starts with `-` (options, `-1`), a hyphen elsewhere
    /// (`pre-release`); non-ASCII characters are `\[uXXXX]`.
    package static func escape(_ text: String, code: Bool = false) -> String {
        var result = ""
        var inDashWord = false
        var previous: Character = " "
        for character in text {
            if previous == " " || previous == "(" || previous == "[" || previous == "|" || previous == "'" {
                inDashWord = character == "-"
            } else if character == " " {
                inDashWord = false
            }
            switch character {
            case "\\": result += "\\e"
            case "'": result += "\\(aq"
            case "`": result += "\\(ga"
            case "^": result += "\\(ha"
            case "~": result += "\\(ti"
            case "-": result += code || inDashWord ? "\\-" : "-"
            default:
                if character.isASCII {
                    result.append(character)
                } else {
                    for scalar in character.unicodeScalars {
                        result += scalar.isASCII ? String(scalar) : "\\[u" + hex(scalar.value) + "]"
                    }
                }
            }
            previous = character
        }
        return result
    }

    /// A line that starts with `.` or `'` would be a request: `\&` makes it text.
    package static func guardLineStart(_ line: String) -> String {
        line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line
    }

    /// Four or more upper-case hex digits, as `\[uXXXX]` wants.
    package static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
