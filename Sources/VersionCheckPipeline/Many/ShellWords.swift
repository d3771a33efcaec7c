import VersionCheckCommandLine
import VersionCheckCore
import VersionCheckPlatform
import VersionCheckSources

/// Splits one line into words as a POSIX shell splits a simple command's words, with
/// no expansion at all: blanks (space, tab) separate words; a backslash outside quotes
/// takes the next character literally; single quotes keep everything up to the next
/// single quote; double quotes keep everything up to the next unescaped double quote,
/// where a backslash escapes only `$`, `` ` ``, `"` and `\` (and is kept before anything
/// else). `$`, `*`, `~`, `#` and the shell's operators are ordinary characters: nothing
/// is run, globbed or substituted.
///
/// Works on the line's UTF-8 bytes (every character that matters is ASCII, and a
/// multi-byte character is never split, so a word is valid UTF-8 when the line is).
package enum ShellWords {
    /// Why a line cannot be split: one phrase, for `line N: …`.
    package enum SplitError: Error, Equatable, CustomStringConvertible {
        case unterminatedSingleQuote
        case unterminatedDoubleQuote
        case trailingBackslash
        /// More words than `limit`.
        case tooManyWords(limit: Int)

        package var description: String {
            switch self {
            case .unterminatedSingleQuote: "a single quote (') is not closed"
            case .unterminatedDoubleQuote: "a double quote (\") is not closed"
            case .trailingBackslash: "a backslash ends the line (a line does not continue on the next)"
            case .tooManyWords(let limit): "more than \(limit) words (one check needs far fewer)"
            }
        }
    }

    private static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), backslash = UInt8(ascii: "\\")
    private static let single = UInt8(ascii: "'"), double = UInt8(ascii: "\"")
    /// What a backslash escapes inside double quotes.
    private static let escapedInDoubleQuotes: [UInt8] = [UInt8(ascii: "$"), UInt8(ascii: "`"), double, backslash]

    /// The words of `line` (without its line break); more than `limit` words is an error.
    package static func split(_ line: Substring, limit: Int = .max) throws(SplitError) -> [String] {
        var words: [String] = []
        var word: [UInt8] = []
        var inWord = false
        var bytes = line.utf8.makeIterator()
        func finish() throws(SplitError) {
            guard words.count < limit else { throw .tooManyWords(limit: limit) }
            words.append(String(decoding: word, as: UTF8.self))
            word.removeAll(keepingCapacity: true)
        }
        while let byte = bytes.next() {
            switch byte {
            case space, tab:
                if inWord { try finish() }
                inWord = false
            case backslash:
                guard let next = bytes.next() else { throw .trailingBackslash }
                word.append(next)
                inWord = true
            case single:
                inWord = true
                while true {
                    guard let next = bytes.next() else { throw .unterminatedSingleQuote }
                    if next == single { break }
                    word.append(next)
                }
            case double:
                inWord = true
                while true {
                    guard let next = bytes.next() else { throw .unterminatedDoubleQuote }
                    if next == double { break }
                    if next == backslash {
                        guard let escaped = bytes.next() else { throw .unterminatedDoubleQuote }
                        if !escapedInDoubleQuotes.contains(escaped) { word.append(next) }
                        word.append(escaped)
                    } else {
                        word.append(next)
                    }
                }
            default:
                word.append(byte)
                inWord = true
            }
        }
        if inWord { try finish() }
        return words
    }

    /// Whether `line` holds no check: blank, or a comment (its first non-blank character is `#`).
    package static func isBlankOrComment(_ line: Substring) -> Bool {
        guard let first = line.utf8.first(where: { $0 != space && $0 != tab && $0 != UInt8(ascii: "\r") }) else { return true }
        return first == UInt8(ascii: "#")
    }
}
