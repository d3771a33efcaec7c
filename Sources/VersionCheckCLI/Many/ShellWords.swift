/// Splits one line into words as a POSIX shell splits a simple command's words, with
/// no expansion at all: blanks (space, tab) separate words; a backslash outside quotes
/// takes the next character literally; single quotes keep everything up to the next
/// single quote; double quotes keep everything up to the next unescaped double quote,
/// where a backslash escapes only `$`, `` ` ``, `"` and `\` (and is kept before anything
/// else). `$`, `*`, `~`, `#` and the shell's operators are ordinary characters: nothing
/// is run, globbed or substituted.
enum ShellWords {
    /// Why a line cannot be split: one phrase, for `line N: …`.
    enum SplitError: Error, Equatable, CustomStringConvertible {
        case unterminatedSingleQuote
        case unterminatedDoubleQuote
        case trailingBackslash

        var description: String {
            switch self {
            case .unterminatedSingleQuote: "a single quote (') is not closed"
            case .unterminatedDoubleQuote: "a double quote (\") is not closed"
            case .trailingBackslash: "a backslash ends the line (a line does not continue on the next)"
            }
        }
    }

    /// The words of `line` (without its line break).
    static func split(_ line: Substring) throws(SplitError) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var characters = line.unicodeScalars.makeIterator()
        while let scalar = characters.next() {
            switch scalar {
            case " ", "\t":
                if inWord { words.append(word) }
                word = ""
                inWord = false
            case "\\":
                guard let next = characters.next() else { throw .trailingBackslash }
                word.unicodeScalars.append(next)
                inWord = true
            case "'":
                inWord = true
                while true {
                    guard let next = characters.next() else { throw .unterminatedSingleQuote }
                    if next == "'" { break }
                    word.unicodeScalars.append(next)
                }
            case "\"":
                inWord = true
                while true {
                    guard let next = characters.next() else { throw .unterminatedDoubleQuote }
                    if next == "\"" { break }
                    if next == "\\" {
                        guard let escaped = characters.next() else { throw .unterminatedDoubleQuote }
                        if !["$", "`", "\"", "\\"].contains(escaped) { word.unicodeScalars.append(next) }
                        word.unicodeScalars.append(escaped)
                    } else {
                        word.unicodeScalars.append(next)
                    }
                }
            default:
                word.unicodeScalars.append(scalar)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }

    /// Whether `line` holds no check: blank, or a comment (its first non-blank character is `#`).
    static func isBlankOrComment(_ line: Substring) -> Bool {
        guard let first = line.unicodeScalars.first(where: { $0 != " " && $0 != "\t" && $0 != "\r" }) else { return true }
        return first == "#"
    }
}
