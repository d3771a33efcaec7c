import VersionCheckCore

/// Prints the rows of `outdated` and `batch` in their order (SPEC.md "Many apps at
/// once"): text in aligned columns, `NAME  CURRENT -> LATEST  optional|forced  SOURCE`
/// (`--all` adds `up to date` and `skipped (WHY)` rows), or JSON Lines with the row's
/// `name` and `path`, or `line`, first; each failure is also one error line on stderr,
/// in its place.
enum CheckListPresenter {
    static func present(_ rows: [(CheckListItem.Label, CheckListOutcome)], all: Bool, to output: Output) {
        if output.json {
            for (label, outcome) in rows { writeJSON(label, outcome, all: all, to: output) }
            return
        }
        let table = rows.map { label, outcome in (outcome, cells(label, outcome, all: all)) }
        let widths = columnWidths(table.compactMap(\.1))
        for (outcome, cells) in table {
            if case .failure(let failure) = outcome {
                output.errorLine(failure.message)
            } else if let cells {
                output.writeLine(line(cells, widths: widths))
            }
        }
    }

    // MARK: Text

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

    /// Each column as wide as its widest cell, leaving out a cell that ends its row (a
    /// long `skipped (WHY)` does not push the sources of every other row to the right).
    static func columnWidths(_ rows: [[String]]) -> [Int] {
        var widths: [Int] = []
        for cells in rows {
            let last = cells.lastIndex { !$0.isEmpty } ?? 0
            for (column, cell) in cells.enumerated() where column < last {
                if widths.count <= column { widths += Array(repeating: 0, count: column + 1 - widths.count) }
                widths[column] = max(widths[column], cell.count)
            }
        }
        return widths
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
        case .line(let number): [.init("line", .int(number))]
        }
    }

    static func writeJSON(_ label: CheckListItem.Label, _ outcome: CheckListOutcome, all: Bool, to output: Output) {
        let leading = labelMembers(label)
        switch outcome {
        case .failure(let failure):
            output.errorLine(failure.message)
            guard case .object(let members) = Output.errorJSON(failure) else { return }
            output.writeJSON(.object(leading + members))
        case .skipped(let reason):
            if all { output.writeJSON(.object(leading + [.init("status", "skipped"), .init("reason", .string(reason))])) }
        case .report(let report):
            guard all || report.decision.status != .upToDate else { return }
            output.writeChunked { writer in CheckPresenter.writeJSON(report, to: &writer, leading: leading) }
        }
    }
}
