import VersionCheckCore

/// `sort [--reverse] [VERSION...]`: versions from the arguments, or one per line
/// from stdin; printed as given (trimmed), ascending, stable. All or nothing: one
/// invalid entry prints nothing on stdout and exits 65, naming its line.
enum SortCommand {
    static func run(_ line: ParsedCommandLine, stdin: Input, output: Output) -> ExitStatus {
        let entries: [Entry]
        if line.arguments.isEmpty {
            switch stdin.read() {
            case .success(let bytes):
                if PlainVersionLines.sortAndPrint(bytes, descending: line.flag("reverse"), output: output) {
                    return .success
                }
                entries = Entry.lines(of: bytes)
            case .failure(let failure): return output.report(failure)
            }
        } else {
            entries = line.arguments.enumerated().map { Entry(text: $0.element, place: .argument($0.offset + 1)) }
        }
        var versions: [Version] = []
        versions.reserveCapacity(entries.count)
        for entry in entries {
            do {
                versions.append(try Version(entry.text))
            } catch {
                return output.report(Failure(.invalidInput, "\(entry.place): \(error.description)"))
            }
        }
        let order = sortVersions(versions, descending: line.flag("reverse"))
        if output.json {
            output.writeJSON(.array(order.map { .string(versions[$0].description) }))
        } else {
            var text = ""
            text.reserveCapacity(entries.count * 8)
            for index in order {
                text += versions[index].description
                text += "\n"
            }
            output.write(text)
        }
        return .success
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
            var number = 0
            var start = 0
            bytes.withUnsafeBufferPointer { buffer in
                let count = buffer.count
                while start < count {
                    var end = start
                    while end < count && buffer[end] != UInt8(ascii: "\n") { end += 1 }
                    number += 1
                    let slice = UnsafeBufferPointer(rebasing: buffer[start..<end])
                    if !isBlank(slice) {
                        entries.append(Entry(text: String(decoding: slice, as: UTF8.self), place: .line(number)))
                    }
                    start = end + 1
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
