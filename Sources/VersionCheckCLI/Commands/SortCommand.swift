import VersionCheckCommandLine
import VersionCheckPipeline
import VersionCheckPlatform
import VersionCheckSources
import VersionCheckCore

/// `sort [-r] [--satisfies C] [--stable] [--ignore-invalid] [--latest] [--unique] [--prefix P]
/// [VERSION...]`: versions from the arguments, or one per line from stdin; printed as given
/// (trimmed), ascending, stable. All or nothing: one invalid entry prints nothing on stdout
/// and exits 65, naming its line, unless `--ignore-invalid`. An entry without `--prefix`'s
/// text is skipped, never invalid.
struct SortCommand: Command {
    static let spec = CommandTable.sort
    let options: SortOptions
    let arguments: [String]

    init(_ line: ParsedCommandLine, context: CommandContext) throws(Failure) {
        var options = SortOptions(
            descending: line[Option.reverse], stableOnly: line[Option.stable],
            ignoreInvalid: line[Option.ignoreInvalid], latestOnly: line[Option.latest],
            unique: line[Option.unique], prefix: line[Option.prefix])
        if let text = line[Option.satisfies] {
            do {
                options.constraint = try VersionConstraint(text)
            } catch {
                throw Failure(.invalidInput, "--satisfies: \(error.description)")
            }
        }
        self.options = options
        arguments = line.arguments
    }

    func run(_ context: CommandContext) -> ExitStatus {
        Self.run(options, arguments: arguments, stdin: context.stdin, output: context.output)
    }

    /// Sorts `arguments`, or stdin's lines when there are none, as `options` say.
    static func run(_ options: SortOptions, arguments: [String], stdin: Input, output: Output) -> ExitStatus {
        let entries: [Entry]
        if arguments.isEmpty {
            // Without --ignore-invalid the first invalid line ends the run: no need to read
            // on (an endless stream of random bytes stops at its first line).
            let read = options.ignoreInvalid
                ? stdin.read() : stdin.read(stoppingAfter: { Self.isInvalidLine($0, prefix: options.prefix) })
            switch read {
            case .success(let bytes):
                if let status = PlainVersionLines.sortAndPrint(bytes, options: options, output: output) { return status }
                entries = Entry.lines(of: bytes)
            case .failure(let failure): return output.report(failure)
            }
        } else {
            entries = arguments.enumerated().map { Entry(text: $0.element, place: .argument($0.offset + 1)) }
        }
        var versions: [Version] = []
        versions.reserveCapacity(entries.count)
        // With --prefix: each kept entry as given (trimmed), beside its version.
        var shown: [String] = []
        for entry in entries {
            var text = entry.text
            var versionText = text
            if let prefix = options.prefix {
                text = Version.trimmingWhitespace(text)
                guard let unprefixed = Self.unprefixed(text, prefix) else {
                    output.diagnostic("skipped \(Quote.single(text)): no prefix \(Quote.single(prefix))")
                    continue
                }
                versionText = unprefixed
            }
            let version: Version
            do {
                version = try Version(versionText)
            } catch {
                guard options.ignoreInvalid else {
                    let hint = Self.prefixHint(entry.text).map { "; " + $0 } ?? ""
                    return output.report(Failure(.invalidInput, "\(entry.place): \(error.description)\(hint)"))
                }
                output.diagnostic("skipped \(entry.place): \(error.description)")
                continue
            }
            if options.admits(version) {
                versions.append(version)
                if options.prefix != nil { shown.append(text) }
            }
        }
        var order: [Int]
        if options.latestOnly {
            order = indexOfHighest(versions).map { [$0] } ?? []
        } else {
            order = sortVersions(versions, descending: options.descending)
            if options.unique { order = firstOfEachPrecedence(order, in: versions) }
        }
        print(order.map { options.prefix == nil ? versions[$0].description : shown[$0] }, output: output)
        return SortOptions.status(hadEntries: !entries.isEmpty, printedAny: !order.isEmpty)
    }

    /// `--prefix pkg@ compares such tags; --ignore-invalid skips them` for an invalid entry
    /// with text before its first digit and a version from that digit on (`pkg@2.0.0`,
    /// `release-1.2`); nil otherwise (SPEC.md, "Hints on likely slips").
    static func prefixHint(_ entry: String) -> String? {
        let text = Version.trimmingWhitespace(entry)
        guard let digit = text.utf8.firstIndex(where: { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              digit != text.utf8.startIndex, (try? Version(String(text.unicodeScalars[digit...]))) != nil
        else { return nil }
        let prefix = String(text.unicodeScalars[..<digit])
        return "--prefix \(Quote.shellWord(prefix)) compares such tags; --ignore-invalid skips them"
    }

    /// One per line, or one JSON array of strings with `--json`.
    static func print(_ texts: [String], output: Output) {
        if output.json {
            output.writeJSON(.array(texts.map { .string($0) }))
        } else {
            var text = ""
            text.reserveCapacity(texts.count * 8)
            for version in texts {
                text += version
                text += "\n"
            }
            output.write(text)
        }
    }

    /// Whether `line` of stdin is an entry that is not a version: exactly the test the
    /// general path applies below (`Entry.isBlank`, then `Version` of the line as given,
    /// whose plain scanner makes a plain version cost a few nanoseconds). With `prefix`,
    /// a line that does not start with it is skipped, not invalid, and one that does is
    /// judged without it.
    static func isInvalidLine(_ line: UnsafeBufferPointer<UInt8>, prefix: String?) -> Bool {
        if Entry.isBlank(line) { return false }
        // The common case on bytes alone: a plain numeric version (after the prefix).
        var first = line.startIndex, end = line.endIndex
        while first < end, PlainVersionLines.isASCIIWhitespace(line[first]) { first += 1 }
        while end > first, PlainVersionLines.isASCIIWhitespace(line[end - 1]) { end -= 1 }
        let trimmed = UnsafeBufferPointer(rebasing: line[first..<end])
        var candidate: UnsafeBufferPointer<UInt8>? = trimmed
        if let prefix {
            candidate = trimmed.starts(with: prefix.utf8) ? UnsafeBufferPointer(rebasing: trimmed.dropFirst(prefix.utf8.count)) : nil
        }
        if let candidate, Version.isPlainNumeric(candidate) { return false }
        guard let prefix else { return (try? Version(String(decoding: line, as: UTF8.self))) == nil }
        // On bytes, as the fast path reads lines: ASCII white space trimmed, the prefix
        // compared byte for byte (a line led by other white space goes the long way).
        var start = line.startIndex
        while start < line.endIndex, PlainVersionLines.isASCIIWhitespace(line[start]) { start += 1 }
        guard start == line.endIndex || line[start] < 0x80 else {
            guard let rest = unprefixed(Version.trimmingWhitespace(String(decoding: line, as: UTF8.self)), prefix) else { return false }
            return (try? Version(rest)) == nil
        }
        let rest = UnsafeBufferPointer(rebasing: line[start...])
        guard rest.starts(with: prefix.utf8) else { return false }
        return (try? Version(String(decoding: rest.dropFirst(prefix.utf8.count), as: UTF8.self))) == nil
    }

    /// `text` (trimmed) without `--prefix`'s `prefix`, compared byte for byte as the fast
    /// path compares; nil when it does not start with it (the entry is skipped).
    static func unprefixed(_ text: String, _ prefix: String) -> String? {
        guard text.utf8.starts(with: prefix.utf8) else { return nil }
        return String(decoding: text.utf8.dropFirst(prefix.utf8.count), as: UTF8.self)
    }

    /// One entry to sort and where it came from.
    struct Entry {
        enum Place: CustomStringConvertible {
            case line(Int)
            case argument(Int)
            var description: String {
                switch self {
                case .line(let number): "line \(number)"
                case .argument(let number): "argument \(number)"
                }
            }
        }

        var text: String
        var place: Place

        /// The non-blank lines of `bytes` (split at `\n`; `\r` and other surrounding
        /// whitespace is trimmed later, by `Version`), numbered from 1.
        static func lines(of bytes: [UInt8]) -> [Entry] {
            var entries: [Entry] = []
            bytes.withUnsafeBufferPointer { buffer in
                ByteLines.forEach(in: buffer) { number, line in
                    let slice = UnsafeBufferPointer(rebasing: buffer[line])
                    if !isBlank(slice) {
                        entries.append(Entry(text: String(decoding: slice, as: UTF8.self), place: .line(number)))
                    }
                }
            }
            return entries
        }

        /// Whether a line holds only whitespace (ASCII fast path, Unicode whitespace otherwise).
        static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
            if line.allSatisfy({ $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) }) { return true }
            if line.contains(where: { $0 > 0x20 && $0 < 0x7F }) { return false }
            return String(decoding: line, as: UTF8.self).unicodeScalars.allSatisfy(\.properties.isWhitespace)
        }
    }
}

/// The order that sorts `versions` by precedence: indices into `versions`, ascending
/// (or descending), with equal versions in their input order either way (stable).
///
/// The one place `sort` sorts, so a faster algorithm can replace it. O(n log n) comparisons.
public func sortVersions(_ versions: [Version], descending: Bool = false) -> [Int] {
    // Sorting the versions themselves (not indices into them) keeps each merge pass
    // sequential in memory; the index rides along to break ties in input order.
    var keyed = versions.enumerated().map { (version: $0.element, index: $0.offset) }
    keyed.sort { left, right in
        let comparison = left.version.compare(to: right.version)
        if comparison != 0 { return descending ? comparison > 0 : comparison < 0 }
        return left.index < right.index
    }
    return keyed.map(\.index)
}

/// `order` (a stable sort of `versions`) keeping, of each run of equal precedence, only its
/// first: the first in input order (`sort --unique`).
func firstOfEachPrecedence(_ order: [Int], in versions: [Version]) -> [Int] {
    var kept: [Int] = []
    kept.reserveCapacity(order.count)
    for index in order where kept.last.map({ versions[$0].compare(to: versions[index]) != 0 }) ?? true {
        kept.append(index)
    }
    return kept
}

/// The index of the highest of `versions`, the first in input order among equals; nil
/// when there are none. One pass.
public func indexOfHighest(_ versions: [Version]) -> Int? {
    var best: Int? = nil
    for index in versions.indices where best.map({ versions[index] > versions[$0] }) ?? true {
        best = index
    }
    return best
}
