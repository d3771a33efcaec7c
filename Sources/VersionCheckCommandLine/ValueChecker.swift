import VersionCheckCore

/// Checks one option value (or checked argument) against its `ValueKind` (SPEC.md "Number
/// formats"). A bad value is a usage error (64), except versions, which are checked later (65).
package enum ValueChecker {
    package static func check(_ raw: String, kind: ValueKind, option: String, pointer: String) throws(Failure) -> OptionValue {
        func bad(_ expected: String) -> Failure {
            Failure(.usage, "invalid value \(Quote.single(raw)) for '\(option)': expected \(expected)\(pointer)")
        }
        /// One of the kind's choices, any case, as its case of `Choice`: else "one of a, b, c",
        /// or "a or b" for two.
        func choice<Choice: RawRepresentable<String>>(_ value: (Choice) -> OptionValue) throws(Failure) -> OptionValue {
            let choices = kind.choices
            guard let chosen = Choice(rawValue: raw.lowercased()) else {
                throw bad(choices.count > 2 ? "one of " + choices.joined(separator: ", ") : choices.joined(separator: " or "))
            }
            return value(chosen)
        }
        switch kind {
        case .version, .constraint:
            return .text(raw)
        case .level:
            return try choice(OptionValue.threshold)
        case .bumpLevel:
            return try choice(OptionValue.bumpLevel)
        case .platform:
            return try choice(OptionValue.platform)
        case .appcastVersion:
            return try choice(OptionValue.appcastVersion)
        case .currentKey:
            return try choice(OptionValue.currentKey)
        case .prereleaseName:
            do {
                return .prereleaseName(try PrereleaseName(raw))
            } catch {
                throw bad("one or more identifiers of letters, digits and '-', joined by '.' (such as rc or beta.x)")
            }
        case .seconds:
            guard let seconds = decimal(raw), seconds > 0 else {
                throw bad("a positive number of seconds, such as 10 or 1.5")
            }
            return .number(seconds)
        case .days:
            guard let days = decimal(raw) else { throw bad("a number of days (0 or more), such as 7 or 1.5") }
            return .number(days)
        case .count(let range):
            guard let count = wholeNumber(raw), range.contains(count) else {
                throw bad("a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return .integer(count)
        case .country:
            guard raw.utf8.count == 2, raw.utf8.allSatisfy(isASCIILetter) else {
                throw bad("a two-letter country code, such as us")
            }
            return .text(raw.lowercased())
        case .appID:
            guard !raw.isEmpty, raw.utf8.allSatisfy(isASCIIDigit) else { throw bad("the app's numeric id, such as 284882215") }
            return .text(raw)
        case .bundleID:
            guard !raw.isEmpty else { throw bad("a bundle identifier, such as com.example.app") }
            return .text(raw)
        case .url:
            guard !raw.isEmpty else { throw bad("a URL") }
            return .text(raw)
        case .location:
            guard !raw.isEmpty else { throw bad("a URL or a file path") }
            return .text(raw)
        case .folder:
            guard !raw.isEmpty else { throw bad("a folder") }
            return .text(raw)
        case .channel:
            guard !raw.isEmpty, raw.utf8.allSatisfy({ isASCIILetter($0) || isASCIIDigit($0) || "._-".utf8.contains($0) }) else {
                throw bad("a channel name of letters, digits, '.', '_' and '-'")
            }
            return .text(raw)
        case .path:
            guard !raw.isEmpty else { throw bad("a path") }
            return .text(raw)
        case .prefix:
            guard !raw.isEmpty else { throw bad("the text entries start with, such as pkg@ or release-") }
            return .text(raw)
        case .repository:
            let names = raw.split(separator: "/", omittingEmptySubsequences: false)
            guard names.count == 2, names.allSatisfy(isGitHubName) else {
                throw bad("a GitHub repository OWNER/REPO, such as sparkle-project/Sparkle")
            }
            return .text(raw)
        case .ignore:
            let parts = raw.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.allSatisfy({ !$0.isEmpty }) else {
                throw bad("a bundle id, or a bundle id and the version to ignore, such as com.example.app@2.0")
            }
            return .text(raw)
        }
    }

    /// `digits ["." digits]` as a finite Double (`10`, `1.5`, `0.25`); nil for anything else
    /// (`1e3`, `.5`, `1.`, `+1`, `-1`, `0x10`, `nan`, `inf`).
    package static func decimal(_ text: String) -> Double? {
        let parts = text.utf8.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isASCIIDigit) }) else { return nil }
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// ASCII digits as an Int; nil for anything else or a number too large for Int.
    package static func wholeNumber(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy(isASCIIDigit) else { return nil }
        return Int(text)
    }

    /// A GitHub owner or repository name: ASCII letters, digits, `-`, `_` and `.`, 1 to 100
    /// characters, never `.` or `..`.
    package static func isGitHubName(_ name: Substring) -> Bool {
        (1...100).contains(name.utf8.count) && name != "." && name != ".."
            && name.utf8.allSatisfy { isASCIILetter($0) || isASCIIDigit($0) || "-_.".utf8.contains($0) }
    }

    package static func isASCIIDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    package static func isASCIILetter(_ byte: UInt8) -> Bool { byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z") }
}
