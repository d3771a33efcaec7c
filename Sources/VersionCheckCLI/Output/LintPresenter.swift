import VersionCheckCore
import VersionCheckPipeline
import VersionCheckSources

/// `lint`'s output: a finding a line, `SOURCE:LINE: SEVERITY CODE: MESSAGE`, or with
/// `--json` a JSON Lines object a finding; a source that cannot be read is its error
/// line on stderr (and, with `--json`, its error object with `source`, in its place).
enum LintPresenter {
    static func present(_ findings: [LintFinding], source: LintSource, to output: Output) {
        let shown = TerminalText.printable(source.shown, multiline: false)
        for finding in findings {
            if output.json {
                output.writeJSON(json(finding, source: source.shown))
            } else {
                let severity = output.paint(
                    finding.severity.rawValue, finding.severity == .error ? .boldRed : .yellow, on: output.stdout)
                output.writeLine(
                    "\(shown):\(finding.line): \(severity) \(finding.code.rawValue): "
                        + TerminalText.escapingControlCharacters(finding.message))
            }
        }
    }

    static func present(_ failure: Failure, source: LintSource, to output: Output) {
        output.errorLine(failure.message)
        guard output.json, case .object(var members) = Output.errorJSON(failure) else { return }
        members.insert(JSONValue.Member("source", .string(source.shown)), at: 0)
        output.writeJSON(.object(members))
    }

    /// `{"source", "line", "severity", "code", "item", "message"}`.
    static func json(_ finding: LintFinding, source: String) -> JSONValue {
        [
            "source": .string(source),
            "line": .int(finding.line),
            "severity": .string(finding.severity.rawValue),
            "code": .string(finding.code.rawValue),
            "item": finding.item.map(JSONValue.string) ?? .null,
            "message": .string(finding.message),
        ]
    }
}
