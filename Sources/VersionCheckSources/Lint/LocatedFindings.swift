import VersionCheckCore

/// A linter's findings while it reads, placed by byte offset (JSON, XML) or by line
/// (YAML, which knows its lines), and turned into lines once, at the end.
///
/// Offsets become lines in one pass over the body, counting line feeds up to each
/// offset in turn (the offsets sorted first): linear in the body, whatever the number
/// of findings, and nothing is paid on the decoders' path, whose readers never count
/// lines.
///
/// At most `FeedLint.limitPerCode` findings of one code are kept, as `FeedLint` lists
/// them; past that they are counted, and one more finding of that code, at the first one
/// left out, says how many were (`FeedLint.leftOut`): a hostile body of 500,000 bad
/// versions costs a thousand messages, not half a million.
struct LocatedFindings {
    static var limitPerCode: Int { FeedLint.limitPerCode }

    /// Where a finding is: a byte offset to turn into a line, a line, or none (line 0).
    enum Place {
        case offset(Int)
        case line(Int)
        case none

        /// At `offset` when it is known, else nowhere (line 0: a binary property list).
        init(offset: Int?) {
            self = offset.map { .offset($0) } ?? .none
        }
    }

    private var findings: [LintFinding] = []
    /// The byte offset of `findings[n]` when it was placed by offset, by `n`.
    private var offsets: [(finding: Int, offset: Int)] = []
    private var counter = FindingCounter<Place>()

    /// Adds a finding of `code` (at `code.severity`). `message` is built only when the
    /// finding is kept.
    mutating func add(_ code: LintCode, at place: Place, item: @autoclosure () -> String?, _ message: @autoclosure () -> String) {
        guard counter.admit(code, at: place) else { return }
        keep(code, at: place, item: item(), message())
    }

    private mutating func keep(_ code: LintCode, at place: Place, item: String?, _ message: String) {
        keep(LintFinding(code, line: 0, item: item, message), at: place)
    }

    private mutating func keep(_ finding: LintFinding, at place: Place) {
        var finding = finding
        switch place {
        case .offset(let offset): offsets.append((findings.count, offset))
        case .line(let known): finding.line = known
        case .none: break
        }
        findings.append(finding)
    }

    var isEmpty: Bool { findings.isEmpty }

    /// The findings with lines, in the order added (`FeedLint` puts them in file order).
    consuming func resolved(in body: [UInt8]) -> [LintFinding] {
        for (code, count, place) in counter.leftOut { keep(FeedLint.leftOut(code, count: count, line: 0), at: place) }
        guard !offsets.isEmpty else { return findings }
        offsets.sort { $0.offset < $1.offset }
        var line = 1
        var scanned = 0
        body.withUnsafeBufferPointer { bytes in
            for (finding, offset) in offsets {
                let end = min(offset, bytes.count)
                while scanned < end {
                    if bytes[scanned] == 0x0A { line += 1 }
                    scanned += 1
                }
                findings[finding].line = line
            }
        }
        return findings
    }
}
