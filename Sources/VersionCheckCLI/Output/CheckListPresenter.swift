import VersionCheckCommandLine
import VersionCheckPipeline
import VersionCheckPlatform
import VersionCheckSources
import VersionCheckCore

/// Renders the rows of `outdated` and `batch` one at a time (SPEC.md "Many apps at
/// once"), as each check ends: text in aligned columns, `NAME  CURRENT -> LATEST
/// optional|forced  SOURCE` (`--all` adds `up to date` and `skipped (WHY)` rows), or JSON
/// Lines with the row's `name` and `path`, or `line`, first; each failure is also one
/// error line on stderr, in its place. `OrderedOutput` prints them in row order.
enum CheckListPresenter {
    /// One row's output: what `output` would print for it, captured, and its verdict.
    /// A failure's message is prefixed with the row's name here.
    /// With `--explain`, the row's explanation follows it: `explain: NAME: …` lines on
    /// stderr, or its JSON object's `explain` (`explain`: the command's own `--explain`,
    /// which explains a skipped row; a check's comes with its report or failure).
    static func render(
        _ label: CheckListItem.Label, _ outcome: CheckListOutcome, all: Bool, explain: Bool = false, widths: [Int],
        like output: Output
    ) -> RenderedRow {
        let stdout = ByteCapture()
        let stderr = ByteCapture()
        let capture = Output(
            stdout: OutputSink(isTerminal: output.stdout.isTerminal) { stdout.append($0) },
            stderr: OutputSink(isTerminal: output.stderr.isTerminal) { stderr.append($0) },
            json: output.json, quiet: output.quiet, verbose: output.verbose, colourAllowed: output.colourAllowed)
        var outcome = outcome
        let verdict: RenderedRow.Verdict
        switch outcome {
        case .failure(let failure):
            var named = Failure(failure.kind, "\(label.name): \(failure.message)")
            named.explanation = failure.explanation
            outcome = .failure(named)
            verdict = .failure(failure.exitStatus)
        case .report(let report):
            switch CheckPresenter.exitStatus(report) {
            case .forcedUpdate: verdict = .forced
            case .optionalUpdate: verdict = .optional
            default: verdict = .quiet
            }
        case .skipped:
            verdict = .quiet
        }
        if output.json {
            writeJSON(label, outcome, all: all, explain: explain, to: capture)
        } else {
            if case .failure(let failure) = outcome {
                capture.errorLine(failure.message)
            } else if let cells = cells(label, outcome, all: all) {
                capture.writeLine(line(cells, widths: widths))
            }
            capture.explain(explanation(outcome, explain: explain), name: label.name)
        }
        return RenderedRow(stdout: stdout.bytes, stderr: stderr.bytes, verdict: verdict)
    }

    /// The row's `--explain` lines: its check's (report or failure), or why it was skipped;
    /// nil without `--explain`.
    static func explanation(_ outcome: CheckListOutcome, explain: Bool) -> [String]? {
        switch outcome {
        case .report(let report): CheckPresenter.explanation(report)
        case .failure(let failure): failure.explanation
        case .skipped(let reason): explain ? AppBundle.skipExplanation(reason) : nil
        }
    }

    /// The bytes one row writes to a stream; used by the one thread that renders the row.
    private final class ByteCapture: @unchecked Sendable {
        var bytes: [UInt8] = []
        func append(_ chunk: UnsafeRawBufferPointer) { bytes.append(contentsOf: chunk) }
    }

    // MARK: Text

    /// The text columns' widths, fixed before any check runs, since each row is printed
    /// as soon as its turn comes (so every row of a run shares them):
    /// - NAME: the widest name of a row that may print on stdout (a check; with `--all`,
    ///   also a skipped app);
    /// - CURRENT: the widest version the checks compare as current, known from the
    ///   command line or the bundle before they run;
    /// - the arrow: 2; LATEST: as wide as CURRENT, and at least 5 (`1.2.3`);
    /// - the status: 10 with `--all` (`up to date`), else 8 (`optional`).
    /// With no check at all (only skipped apps), the version columns take no room. A cell
    /// wider than its column pushes the rest of its own row to the right.
    static func columnWidths(_ items: [CheckListItem], all: Bool) -> [Int] {
        var name = 0
        var current = 0
        var checks = false
        for item in items {
            switch item.work {
            case .check(let request):
                checks = true
                name = max(name, TerminalText.printable(item.label.name, multiline: false).count)
                let texts = item.current.map { [$0] } ?? currentTexts(request)
                current = texts.reduce(current) { max($0, TerminalText.printable($1, multiline: false).count) }
            case .skipped where all:
                name = max(name, TerminalText.printable(item.label.name, multiline: false).count)
            case .skipped, .failed:
                break
            }
        }
        guard checks else { return [name, 0, 0, 0, all ? 10 : 8] }
        return [name, current, 2, max(current, 5), all ? 10 : 8]
    }

    /// The texts a request may compare as its current version (the result's `current`):
    /// `--current` as parsed, and for a manifest, which may turn out to be an appcast,
    /// the text an appcast reads (`--current` as given, or the bundle's compared key).
    static func currentTexts(_ request: CheckRequest) -> [String] {
        var texts = [request.current.description]
        guard request.source.isManifest else { return texts }
        switch request.appcast.current {
        case .given(let given):
            texts.append(given.text)
        case .bundle(let bundle):
            let key: CurrentKey = request.appcast.compared == .display ? .marketing : .build
            if let text = bundle.strings[key.plistKey] { texts.append(text) }
        }
        return texts
    }

    /// The columns of a row, or nil when the row prints nothing on stdout (an up-to-date
    /// or skipped app without `--all`, a failure). A failure's message is already
    /// prefixed with the row's name (`message(of:)`).
    static func cells(_ label: CheckListItem.Label, _ outcome: CheckListOutcome, all: Bool) -> [String]? {
        let name = TerminalText.printable(label.name, multiline: false)
        switch outcome {
        case .failure:
            return nil
        case .skipped(let reason):
            return all ? [name, "", "", "", "skipped (\(TerminalText.printable(reason, multiline: false)))", ""] : nil
        case .report(let report):
            let source = TerminalText.printable(report.source, multiline: false)
            let current = report.current.description
            switch report.decision.status {
            case .upToDate:
                return all ? [name, current, "", "", "up to date", source] : nil
            case .optional, .forced:
                let latest = report.decision.latest?.version.description ?? "?"
                let status = report.decision.status == .forced ? "forced" : "optional"
                return [name, current, "->", latest, status, source]
            }
        }
    }

    /// The cells padded to their columns, two spaces apart (one around the arrow), with
    /// no trailing blanks.
    static func line(_ cells: [String], widths: [Int]) -> String {
        var text = ""
        for (column, cell) in cells.enumerated() {
            if column > 0 { text += (column == 2 || column == 3) ? " " : "  " }
            text += cell
            let width = column < widths.count ? widths[column] : 0
            if cell.count < width { text += String(repeating: " ", count: width - cell.count) }
        }
        while text.last == " " { text.removeLast() }
        return text
    }

    // MARK: JSON

    /// The members that name the row: `name` and `path`, or `line`.
    static func labelMembers(_ label: CheckListItem.Label) -> [JSONValue.Member] {
        switch label {
        case .app(let name, let path): [.init("name", .string(name)), .init("path", .string(path))]
        case .folder(let path): [.init("name", .string(path)), .init("path", .string(path))]
        case .line(let number): [.init("line", .int(number))]
        }
    }

    static func writeJSON(
        _ label: CheckListItem.Label, _ outcome: CheckListOutcome, all: Bool, explain: Bool = false, to output: Output
    ) {
        let leading = labelMembers(label)
        switch outcome {
        case .failure(let failure):
            output.errorLine(failure.message)
            guard case .object(let members) = Output.errorJSON(failure) else { return }
            output.writeJSON(.object(leading + members))
        case .skipped(let reason):
            guard all else { return }
            var members = leading + [.init("status", "skipped"), .init("reason", .string(reason))]
            if let lines = explanation(outcome, explain: explain) { members.append(.init("explain", .array(lines.map { .string($0) }))) }
            output.writeJSON(.object(members))
        case .report(let report):
            guard all || report.decision.status != .upToDate else { return }
            output.writeChunked { writer in CheckPresenter.writeJSON(report, to: &writer, leading: leading) }
        }
    }
}
