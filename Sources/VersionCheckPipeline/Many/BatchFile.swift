import VersionCheckCommandLine
import VersionCheckPlatform
import VersionCheckSources
import VersionCheckCore

/// A `batch` file: one `lookup` or `manifest` argument list per line, split as a POSIX
/// shell splits words (`ShellWords`), parsed by the same parser and request builder as
/// the command line (`CommandLineParser`, `CheckRequestBuilder`): there is no second grammar.
///
/// Every line is parsed, and its `--current-from` read, before any request: the first
/// bad line is the failure of the whole file, named as `line N` (its physical line).
package enum BatchFile {
    /// The largest list read (as for every other input): 8 MiB.
    package static let maximumSize = FetchLimits.maximumBodySize
    /// The most checks one batch runs, and the most words on one line: every line is
    /// parsed and held before any check runs, and these bound that work (an 8 MiB list
    /// could otherwise hold 200,000 checks, or a million words) to the hostile-input
    /// budget. A check needs at most about 40 words.
    package static let maximumChecks = 5_000
    package static let maximumWords = 64
    /// The UTF-8 byte order mark, U+FEFF.
    package static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The checks of `text`, one row per line that holds one. `global` is the batch's own
    /// `--json`, `-q`, `-v`, given to every check.
    package static func parse(
        _ bytes: [UInt8], global: GlobalOptions, environment: [String: String]
    ) throws(Failure) -> [CheckListItem] {
        var items: [CheckListItem] = []
        var failure: Failure?
        // A UTF-8 byte order mark before the first line (Windows editors write one) is not
        // part of it; the lines keep their numbers.
        let start = bytes.starts(with: byteOrderMark) ? byteOrderMark.count : 0
        bytes[start...].withUnsafeBufferPointer { buffer in
            ByteLines.forEach(in: buffer) { number, range in
                guard failure == nil else { return }
                var text = Substring(String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self))
                if text.last == "\r" { text = text.dropLast() }
                guard !ShellWords.isBlankOrComment(text) else { return }
                guard items.count < maximumChecks else {
                    failure = Failure(.usage, "line \(number): more than \(maximumChecks) checks in one batch; split the list")
                    return
                }
                do throws(Failure) {
                    var request = try self.request(text, environment: environment)
                    request.global = global
                    items.append(CheckListItem(label: .line(number), work: .check(request)))
                } catch {
                    failure = Failure(error.kind, "line \(number): \(error.message)")
                }
            }
        }
        if let failure { throw failure }
        return items
    }

    /// The check one line asks for; the failure names no line (the caller adds it).
    package static func request(_ line: Substring, environment: [String: String]) throws(Failure) -> CheckRequest {
        let words: [String]
        do {
            words = try ShellWords.split(line, limit: maximumWords)
        } catch {
            throw Failure(.usage, error.description)
        }
        if let first = words.first, first.split(separator: "/").last.map(String.init) == CommandTable.programName {
            throw Failure(.usage, "a line holds the arguments only: drop '\(first)'")
        }
        let parsed: ParsedCommandLine
        switch try CommandLineParser.parse(words) {
        case .help, .topic, .manual:
            throw Failure(.usage, "a line holds a lookup or manifest check, not a request for help")
        case .version:
            throw Failure(.usage, "a line holds a lookup or manifest check, not --version")
        case .run(let line):
            parsed = line
        }
        guard CommandTable.checking.contains(parsed.command) else {
            throw Failure(.usage, "'\(parsed.command.name)' is not a check: a line holds a lookup or manifest command")
        }
        if parsed.global != GlobalOptions() {
            throw Failure(.usage, "--json, --quiet and --verbose apply to the whole batch: give them to batch, not on a line")
        }
        if let gate = CommandTable.notInBatch.first(where: { parsed[$0] }) {
            throw Failure(.usage, "\(gate.longFlag) is not allowed in a batch: a gate answers for one app (run it as its own lookup or manifest)")
        }
        return try CheckRequestBuilder.request(from: parsed, environment: environment)
    }
}
