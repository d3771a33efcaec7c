import VersionCheckCommandLine
import VersionCheckPipeline
import VersionCheckPlatform
import VersionCheckSources
import VersionCheckCore

/// The fast path of `sort` on stdin: when every non-blank line is a plain numeric version
/// (`1.2.3`, `v2.0`), sort packed keys instead of parsed `Version`s and copy each line's
/// bytes straight from the input to the output.
///
/// Lines are split at `\n` and trimmed of ASCII whitespace (so CRLF input works); a line
/// that holds anything else — including Unicode whitespace — makes `PackedVersionSort`
/// decline, and the caller takes the general path, which also reports invalid lines.
/// `--satisfies` is applied before packing (`PackedVersionSort.filter`: a line that is not a
/// version declines); then the lines that remain must be plain. `--stable` needs no work
/// here: a plain numeric version has no pre-release, and a pre-release line declines.
/// `--prefix` is applied first, on bytes: a line that starts with it is kept without it (and
/// printed with it: the prefix's bytes are in the input just before); one that does not is
/// skipped. It declines where the general path must speak or judge: with `-v` when a line
/// is skipped (the general path names it), a line that does not start with the prefix and
/// starts with a non-ASCII byte (perhaps Unicode whitespace), or `--json` with a prefix
/// that JSON would escape. `--unique` keeps the first of each run of equal keys.
/// Cost: one scan to split, two to pack, a radix sort of 64-bit keys, one gather; memory
/// about 3 × 8 bytes a line beside the input; with `--satisfies`, one more scan.
enum PlainVersionLines {
    /// Sorts and prints `input`'s lines if they all qualify, returning the exit status; nil
    /// (having printed nothing) otherwise.
    static func sortAndPrint(_ input: [UInt8], options: SortOptions, output: Output) -> ExitStatus? {
        guard input.count < Int(UInt32.max) else { return nil }
        let lines = trimmedSpans(of: input)
        return input.withUnsafeBufferPointer { bytes -> ExitStatus? in
            var kept = lines
            var prefixLength = 0
            if let prefix = options.prefix {
                let prefix = Array(prefix.utf8)
                if output.json && !prefix.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
                    return nil
                }
                guard let stripped = stripping(prefix, from: lines, in: bytes, mustNotSkip: output.verbose) else { return nil }
                kept = stripped
                prefixLength = prefix.count
            }
            if let constraint = options.constraint {
                let satisfying = kept.withUnsafeBufferPointer { lines in
                    PackedVersionSort.filter(lines, in: bytes) { constraint.isSatisfied(by: $0) }
                }
                guard let satisfying else { return nil }
                kept = satisfying
            }
            return kept.withUnsafeBufferPointer { spans -> ExitStatus? in
                let descending = options.descending || options.latestOnly
                guard var order = PackedVersionSort.sortedOrder(
                    of: spans, in: bytes, descending: descending, unique: options.unique && !options.latestOnly)
                else {
                    return nil
                }
                if options.latestOnly && order.count > 1 { order.removeSubrange(1...) }
                if output.json {
                    printJSON(order: order, spans: spans, bytes: bytes, prefixLength: prefixLength, output: output)
                } else {
                    printLines(order: order, spans: spans, bytes: bytes, prefixLength: prefixLength, output: output)
                }
                return SortOptions.status(hadEntries: !lines.isEmpty, printedAny: !order.isEmpty)
            }
        }
    }

    /// The non-blank lines of `input`, each trimmed of surrounding ASCII whitespace.
    static func trimmedSpans(of input: [UInt8]) -> [LineSpan] {
        var spans: [LineSpan] = []
        spans.reserveCapacity(input.count / 6)
        input.withUnsafeBufferPointer { bytes in
            ByteLines.forEach(in: bytes) { _, line in
                var first = line.lowerBound
                var end = line.upperBound
                while first < end && isASCIIWhitespace(bytes[first]) { first += 1 }
                while end > first && isASCIIWhitespace(bytes[end - 1]) { end -= 1 }
                if first < end {
                    spans.append(LineSpan(start: UInt32(truncatingIfNeeded: first), end: UInt32(truncatingIfNeeded: end)))
                }
            }
        }
        return spans
    }

    /// The lines that start with `prefix`, each without it, in input order; nil (decline)
    /// when a line that does not start with it starts with a non-ASCII byte, or when
    /// `mustNotSkip` and some line would be skipped.
    static func stripping(
        _ prefix: [UInt8], from lines: [LineSpan], in bytes: UnsafeBufferPointer<UInt8>, mustNotSkip: Bool
    ) -> [LineSpan]? {
        var kept: [LineSpan] = []
        kept.reserveCapacity(lines.count)
        let length = prefix.count
        for span in lines {
            let start = Int(span.start)
            if Int(span.end) - start >= length, bytes[start..<start + length].elementsEqual(prefix) {
                kept.append(LineSpan(start: span.start + UInt32(length), end: span.end))
            } else if mustNotSkip || bytes[start] >= 0x80 {
                return nil
            }
        }
        return kept
    }

    @inline(__always)
    static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    /// Bytes gathered before each write: large writes, bounded memory.
    static let chunkSize = 1 << 20

    /// One line per version, in `order`, written in 1 MiB chunks.
    static func printLines(
        order: [UInt32], spans: UnsafeBufferPointer<LineSpan>, bytes: UnsafeBufferPointer<UInt8>, prefixLength: Int,
        output: Output
    ) {
        output.writeChunked(chunkSize: chunkSize) { writer in
            for index in order {
                let span = spans[Int(index)]
                writer.write(bytes: UnsafeBufferPointer(rebasing: bytes[Int(span.start) - prefixLength..<Int(span.end)]))
                writer.write(byte: UInt8(ascii: "\n"))
            }
        }
    }

    /// One JSON array of strings, `["1.0", "1.2"]`: plain versions need no escaping.
    static func printJSON(
        order: [UInt32], spans: UnsafeBufferPointer<LineSpan>, bytes: UnsafeBufferPointer<UInt8>, prefixLength: Int,
        output: Output
    ) {
        output.writeChunked(chunkSize: chunkSize) { writer in
            for (position, index) in order.enumerated() {
                writer.write(position == 0 ? "[\"" : "\", \"")
                let span = spans[Int(index)]
                writer.write(bytes: UnsafeBufferPointer(rebasing: bytes[Int(span.start) - prefixLength..<Int(span.end)]))
            }
            writer.write(order.isEmpty ? "[]\n" : "\"]\n")
        }
    }
}
