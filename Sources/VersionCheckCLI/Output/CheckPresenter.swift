import VersionCheckCommandLine
import VersionCheckPipeline
import VersionCheckPlatform
import VersionCheckCore
import VersionCheckSources

/// Prints a `CheckReport` as SPEC.md's text or `--json`, and picks the exit status.
public enum CheckPresenter {
    /// Writes the report to `output` and returns 0/100/101 by status, or with
    /// `--gate` 0 (passed) or 1 (failed) by the gate alone.
    public static func present(_ report: CheckReport, to output: Output) -> ExitStatus {
        for notice in report.notices { output.diagnostic(notice) }
        // Streamed in chunks: the list of releases can be hundreds of thousands long.
        // With -q nothing is built at all.
        output.writeChunked { writer in
            if output.json {
                writeJSON(report, to: &writer)
            } else {
                writeText(report, to: &writer)
            }
        }
        if !output.json { output.explain(explanation(report)) }
        return exitStatus(report)
    }

    /// The `--explain` lines of `report`: the check's, then, for a gate, the rule behind
    /// its verdict. Nil without `--explain`.
    static func explanation(_ report: CheckReport) -> [String]? {
        guard var lines = report.explanation else { return nil }
        if report.gate {
            let rule = report.gateRefusal != nil || report.firstRelease != nil
                ? "" : " (a gate passes only when --current is newer than the latest offered, or none is offered)"
            lines.append("gate: \(report.gatePassed ? "passed" : "failed"): \(gateReason(report))\(rule)")
        }
        return lines
    }

    public static func exitStatus(_ report: CheckReport) -> ExitStatus {
        if report.gate { return report.gatePassed ? .success : .no }
        switch report.decision.status {
        case .upToDate: return .success
        case .optional: return .optionalUpdate
        case .forced: return .forcedUpdate
        }
    }

    // MARK: Text

    /// The first line (status or gate), the release a newer OS would get (`newer: …`),
    /// the URL, then, for an update, the notes of every release in (current, latest],
    /// oldest first; an up-to-date answer prints no notes. Text from the source is
    /// stripped of control characters other than line breaks and tabs, so a
    /// hostile manifest cannot drive the terminal.
    public static func text(_ report: CheckReport) -> String {
        var text = ""
        writeText(report, to: &text)
        return text
    }

    /// `text(report)`, written piece by piece to `stream`.
    static func writeText(_ report: CheckReport, to stream: inout some TextOutputStream) {
        stream.write(TerminalText.printable(firstLine(report), multiline: false) + "\n")
        // A gate prints its verdict and where the latest is, never an update's details.
        if report.gate {
            if let url = report.url { stream.write("url: " + TerminalText.printable(url, multiline: false) + "\n") }
            return
        }
        if let newer = report.decision.unavailable {
            let minimum = TerminalText.printable(newer.minimumOsVersion ?? "", multiline: false)
            stream.write("newer: \(newer.version) needs OS \(minimum)\n")
        }
        if let held = report.decision.heldBack, let why = held.heldBack {
            stream.write("newer: \(held.version) held back (\(TerminalText.printable(heldBackPhrase(why), multiline: false)))\n")
        }
        if let url = report.url { stream.write("url: " + TerminalText.printable(url, multiline: false) + "\n") }
        if let installable = report.installable, let latest = report.decision.latest,
           installable.version.description != latest.version.description {
            let url = installable.url.map { " " + TerminalText.printable($0, multiline: false) } ?? ""
            stream.write("install: \(installable.version)\(url)\n")
        }
        guard report.decision.status != .upToDate else { return }
        for release in report.decision.releases {
            var heading = "\nrelease " + heading(release)
            var details: [String] = []
            if let date = release.date { details.append(TerminalText.printable(date, multiline: false)) }
            if release.critical { details.append("critical") }
            if !details.isEmpty { heading += " (" + details.joined(separator: ", ") + ")" }
            stream.write(heading + ":\n")
            // HTML notes (an appcast's default) as text; JSON keeps them as given.
            let notes = release.notes.map { notes in
                TerminalText.printable(release.notesFormat == .html ? HTMLText.plainText(notes) : notes, multiline: true)
            } ?? ""
            if notes.allSatisfy(\.isWhitespace) {
                // Notes that are only a link (an appcast's `sparkle:releaseNotesLink`) show it.
                let link = release.notesUrl.map { TerminalText.printable($0, multiline: false) }
                stream.write(link.map { "  notes: \($0)\n" } ?? "  (no release notes)\n")
                continue
            }
            // Line by line without a list of lines (8 MiB of `x<br>` is 1.7 million of them).
            var start = notes.startIndex
            while start <= notes.endIndex {
                let end = notes.utf8[start...].firstIndex(of: UInt8(ascii: "\n")) ?? notes.endIndex
                if end > start {
                    stream.write("  ")
                    stream.write(String(notes[start..<end]))
                }
                stream.write("\n")
                guard end < notes.endIndex else { break }
                start = notes.utf8.index(after: end)
            }
        }
    }

    /// Why a release is held back, as the `newer:` line says it.
    static func heldBackPhrase(_ held: HeldBack) -> String {
        switch held.reason {
        case .phasedRollout: "phased rollout until \(held.until ?? "later")"
        case .minAge: "min-age until \(held.until ?? "later")"
        case .channel: "channel \(held.detail ?? "")"
        case .majorUpgrade: "major upgrade: " + (held.detail.map { "needs \($0) or later to update automatically" }
            ?? "cannot update automatically")
        case .prerelease: "pre-release"
        case .stagedRollout: "staged rollout"
        }
    }

    /// The gate's verdict without its `gate passed: ` / `gate failed: ` prefix (JSON
    /// `gateReason`): both versions, or why `--current` is refused, or why a first
    /// release passes.
    static func gateReason(_ report: CheckReport) -> String {
        let current = report.current.description
        if let refusal = report.gateRefusal { return refusal }
        if let firstRelease = report.firstRelease { return "\(current) is the first release: \(firstRelease)" }
        guard let latest = report.decision.latest?.version.description else { return "\(current) (no release offered)" }
        let relation = report.decision.gatePassed ? "is newer than" : "is not newer than"
        return "\(current) \(relation) the latest \(latest)"
    }

    static func firstLine(_ report: CheckReport) -> String {
        let line = statusLine(report)
        // An informational latest has nothing to install (not said of a gate's verdict).
        guard !report.gate, report.decision.status != .upToDate, let latest = report.decision.latest, latest.informational,
              report.decision.comparison == -1
        else { return line }
        return line + " (informational: nothing to install)"
    }

    private static func statusLine(_ report: CheckReport) -> String {
        let decision = report.decision
        let current = report.current.description
        let latest = decision.latest?.version.description
        if report.gate { return (report.gatePassed ? "gate passed: " : "gate failed: ") + gateReason(report) }
        switch decision.status {
        case .upToDate:
            guard let latest else { return "up to date: \(current) (no release offered)" }
            switch decision.withheld {
            case .skipped?:
                return "up to date: \(current) (latest \(latest), skipped)"
            case .belowOptionalLevel(let threshold)?:
                // Build numbers name no level.
                guard decision.levelBasis != .buildNumbers, let level = decision.level?.phrase else {
                    return "up to date: \(current) (latest \(latest); --optional-on \(threshold.rawValue))"
                }
                return "up to date: \(current) (latest \(latest), a \(level) update; --optional-on \(threshold.rawValue))"
            case nil:
                return "up to date: \(current) (latest \(latest))"
            }
        case .optional:
            // Build numbers name no level: `optional update: 100 -> 110`.
            if decision.levelBasis == .buildNumbers { return "optional update: \(current) -> \(latest ?? "?")" }
            return "optional update: \(current) -> \(latest ?? "?") (\(decision.reason))"
        case .forced:
            guard let latest, decision.comparison == -1 else {
                let minimum = decision.minimum.map { "below minimum \($0)" } ?? decision.reason
                return "forced update: \(current) (\(minimum); nothing newer offered)"
            }
            return "forced update: \(current) -> \(latest) (\(decision.reason))"
        }
    }

    // MARK: JSON

    /// SPEC.md's object, key for key and in its order; `gate` only with `--gate`.
    public static func json(_ report: CheckReport) -> JSONValue {
        .object(jsonHead(report) + [.init("releases", .array(report.decision.releases.map { json($0, appcast: report.appcast) }))] + jsonTail(report))
    }

    /// `json(report)` as one line, written piece by piece to `writer`: the releases one
    /// at a time, never the whole list as one value. `leading` members come first (the
    /// `name` and `path` or `line` of `outdated` and `batch`).
    static func writeJSON(_ report: CheckReport, to writer: inout ChunkedWriter, leading: [JSONValue.Member] = []) {
        for (index, member) in (leading + jsonHead(report)).enumerated() {
            writer.write(index == 0 ? "{" : ", ")
            writer.write(json: .string(member.key))
            writer.write(": ")
            writer.write(json: member.value)
        }
        writer.write(#", "releases": ["#)
        for (index, release) in report.decision.releases.enumerated() {
            if index > 0 { writer.write(", ") }
            writeJSON(release, appcast: report.appcast, to: &writer)
        }
        writer.write("]")
        for member in jsonTail(report) {
            writer.write(", ")
            writer.write(json: .string(member.key))
            writer.write(": ")
            writer.write(json: member.value)
        }
        writer.write("}\n")
    }

    /// The members before `releases`.
    private static func jsonHead(_ report: CheckReport) -> [JSONValue.Member] {
        let decision = report.decision
        let latest = decision.latest
        return [
            .init("status", .string(decision.status.rawValue)),
            .init("current", .string(report.current.description)),
            .init("latest", .string(latest?.version.description)),
            .init("comparison", .int(decision.comparison)),
            .init("level", .string(decision.level?.rawValue)),
            .init("reason", .string(decision.reason)),
            .init("url", .string(report.url)),
            .init("releaseNotes", .string(latest?.notes)),
            .init("releaseDate", .string(latest?.date)),
            .init("minimumOsVersion", .string(latest?.minimumOsVersion)),
        ]
    }

    /// `notesFormat`: the one the source's format gave the notes; null without notes.
    static func notesFormat(_ release: Release) -> String? {
        guard release.notes != nil else { return nil }
        // Each format marks its releases' notes (an appcast's HTML, GitHub's markdown,
        // electron-builder's HTML); a manifest's are plain text.
        return release.notesFormat.rawValue
    }

    /// One element of `releases`, SPEC.md's keys in its order.
    private static func json(_ release: Release, appcast: Bool) -> JSONValue {
        var members: [JSONValue.Member] = [
            .init("version", .string(release.version.description)),
            .init("displayVersion", .string(release.displayVersion)),
            .init("notes", .string(release.notes)),
            .init("notesFormat", .string(notesFormat(release))),
            .init("notesUrl", .string(release.notesUrl)),
            .init("date", .string(release.date)),
            .init("critical", .bool(release.critical)),
            .init("informational", .bool(release.informational)),
            .init("url", .string(release.url)),
            .init("minimumOsVersion", .string(release.minimumOsVersion)),
        ]
        if appcast {
            members += [
                .init("fullNotesUrl", .string(release.fullNotesUrl)), .init("infoUrl", .string(release.infoUrl)),
                .init("title", .string(release.title)), .init("majorUpgrade", .bool(release.majorUpgrade)),
            ]
        }
        return .object(members)
    }

    /// `json(release)` written to `writer` member by member: no value tree for each of
    /// hundreds of thousands of releases, and no copy of a huge string (the streamed
    /// output is held byte for byte to the whole value by `CheckPresenterTests`).
    static func writeJSON(_ release: Release, appcast: Bool, to writer: inout ChunkedWriter) {
        func member(_ key: StaticString, _ text: String?) {
            writer.write(literal: key)
            if let text { writer.write(jsonString: text) } else { writer.write(literal: "null") }
        }
        func member(_ key: StaticString, _ flag: Bool) {
            writer.write(literal: key)
            writer.write(literal: flag ? "true" : "false")
        }
        member(#"{"version": "#, release.version.description)
        if release.hasNoFieldButNotes {
            // The common release of a large manifest: the members that must be null or
            // false written as one piece each (held to the general path by CheckPresenterTests).
            writer.write(literal: #", "displayVersion": null"#)
            if let notes = release.notes {
                writer.write(literal: #", "notes": "#)
                writer.write(jsonString: notes)
                writer.write(literal: #", "notesFormat": "plain-text""#)  // NotesFormat.plainText
            } else {
                writer.write(literal: #", "notes": null, "notesFormat": null"#)
            }
            writer.write(literal: #", "notesUrl": null, "date": null, "critical": false, "informational": false, "url": null, "minimumOsVersion": null"#)
            writer.write(literal: appcast ? #", "fullNotesUrl": null, "infoUrl": null, "title": null, "majorUpgrade": false}"# : "}")
            return
        }
        member(#", "displayVersion": "#, release.displayVersion)
        member(#", "notes": "#, release.notes)
        member(#", "notesFormat": "#, notesFormat(release))
        member(#", "notesUrl": "#, release.notesUrl)
        member(#", "date": "#, release.date)
        member(#", "critical": "#, release.critical)
        member(#", "informational": "#, release.informational)
        member(#", "url": "#, release.url)
        member(#", "minimumOsVersion": "#, release.minimumOsVersion)
        if appcast {
            member(#", "fullNotesUrl": "#, release.fullNotesUrl)
            member(#", "infoUrl": "#, release.infoUrl)
            member(#", "title": "#, release.title)
            member(#", "majorUpgrade": "#, release.majorUpgrade)
        }
        writer.write(literal: "}")
    }

    /// A release's name in a text heading: `5.2.9 (5209)` when its display version
    /// differs from the compared one, else the version.
    static func heading(_ release: Release) -> String {
        TerminalText.printable(SparkleDefaults.heading(release), multiline: false)
    }

    /// The members after `releases`.
    private static func jsonTail(_ report: CheckReport) -> [JSONValue.Member] {
        let unavailable: JSONValue = report.decision.unavailable.map { release in
            ["version": .string(release.version.description), "minimumOsVersion": .string(release.minimumOsVersion)]
        } ?? .null
        let heldBack: JSONValue = report.decision.heldBack.map { release in
            [
                "version": .string(release.version.description), "reason": .string(release.heldBack?.reason.rawValue),
                "until": .string(release.heldBack?.until),
            ]
        } ?? .null
        let installable: JSONValue = report.installable.map { release in
            ["version": .string(release.version.description), "url": .string(release.url)]
        } ?? .null
        var members: [JSONValue.Member] = [
            .init("unavailable", unavailable),
            .init("heldBack", heldBack),
            .init("installable", installable),
            .init("cached", .bool(report.cached)),
            .init("fetchedAt", .string(report.fetchedAt)),
            .init("stale", .bool(report.stale)),
            .init("source", .string(report.source)),
            .init("app", report.app.map { app in
                ["id": .int(app.id), "bundleId": .string(app.bundleId), "name": .string(app.name)]
            } ?? .null),
        ]
        if report.gate {
            members.append(.init("gate", .bool(report.gatePassed)))
            members.append(.init("gateReason", .string(gateReason(report))))
        }
        if let lines = explanation(report) { members.append(.init("explain", .array(lines.map { .string($0) }))) }
        return members
    }
}
