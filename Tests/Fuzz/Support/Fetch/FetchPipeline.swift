// Shared by the iTunes, manifest and appcast fuzz targets: runs one whole update check in
// process over a fake network that answers 200 with the fuzzer's body, prints it with
// the real presenter, and checks what comes out. Compiled only into the targets that
// decode bodies (with Tests/VersionCheckCLITests/OutputCapture.swift).
import Foundation
import VersionCheckCLI
import VersionCheckCommandLine
import VersionCheckPipeline
import VersionCheckCore

/// Answers every GET with status 200 and `body`.
struct FixedResponse: BodyFetcher {
    var body: [UInt8]
    func fetch(_ request: FetchRequest) -> FetchReport {
        .response(FetchedResponse(status: 200, url: request.url, body: body))
    }
}

let currents = ["0.1", "1.0.0", "1.2.3-beta.1", "2.0", "99999999999999999999.0", "1.0.0.0.1"].map { try! Version($0) }

/// The current version `selector` picks (as given; an appcast reads it again as Sparkle does).
func pipelineCurrent(_ selector: UInt8) -> Version {
    currents[Int(selector >> 4) % currents.count]
}

/// The check `source` asks for, with a policy picked by `selector`, against `body`; the
/// appcast options are `appcast` with `--current` as given (so an appcast body reads the
/// same current version as the other formats). Returns what the check concluded.
@discardableResult
func checkPipeline(
    source: CheckRequest.Source, body: [UInt8], selector: UInt8, appcast: AppcastRequest = AppcastRequest()
) -> Result<CheckReport, Failure> {
    let thresholds = BumpThreshold.allCases
    var policy = UpdatePolicy(
        forceOn: thresholds[Int(selector) % thresholds.count], optionalOn: thresholds[Int(selector >> 3) % thresholds.count])
    if selector & 0x40 != 0 { policy.minimumAgeDays = 1.5 }
    if selector & 0x80 != 0 { policy.osVersion = try! Version("15.0") }
    var appcast = appcast
    appcast.current = .given(GivenVersion(pipelineCurrent(selector).description))
    let request = CheckRequest(
        source: source, current: pipelineCurrent(selector), policy: policy, gate: selector & 0x20 != 0, appcast: appcast)
    let checker = UpdateChecker(fetcher: FixedResponse(body: body), readFile: { _ throws(Failure) in body }, now: { 1_800_000_000 })

    let report: CheckReport
    do {
        report = try checker.check(request)
    } catch {
        require([.notFound, .badResponse].contains(error.exitStatus), "a 200 body failed with \(error.kind.rawValue): \(error.message)")
        require(!error.message.isEmpty, "empty failure message")
        return .failure(error)
    }
    // The current version the decision used (an appcast reads it as Sparkle does).
    let current = report.current
    let decision = report.decision
    // Only a manifest's minimumVersion may force an update when latest <= current.
    if decision.latest.map({ $0.version <= current }) ?? true, !decision.reason.hasSuffix(" is below the minimum \(decision.reason.split(separator: " ").last ?? "")") {
        require(decision.status == .upToDate, "update offered although latest <= current: \(decision.reason)")
    }
    require(decision.releases.allSatisfy { $0.version > current }, "a listed release is not above current")

    for json in [false, true] {
        let (output, capture) = Output.capturing()
        var shaped = output
        shaped.json = json
        let status = CheckPresenter.present(report, to: shaped)
        if report.gate {
            // SPEC.md: `lookup --gate` also fails when `--current` is not a version App Store
            // Connect accepts (one to three integers), whatever the decision.
            let expected = decision.gatePassed && !(isAppStore(source) && (try? Version(current.description, syntax: .appStore)) == nil)
            require(report.gatePassed == expected, "gate \(report.gatePassed) for current \(shown(current.description)), expected \(expected)")
            require(status == (expected ? .success : .no), "gate status \(status.rawValue), expected \(expected)")
        } else {
            let expected: ExitStatus = decision.status == .upToDate ? .success : decision.status == .optional ? .optionalUpdate : .forcedUpdate
            require(status == expected, "status \(status.rawValue) for \(decision.status.rawValue)")
        }
        let out = capture.stdout
        if json {
            let lines = out.split(separator: "\n", omittingEmptySubsequences: false)
            require(lines.count == 2 && lines[1].isEmpty, "--json printed \(lines.count - 1) lines")
            let object = try? JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any]
            require(object?["status"] as? String == decision.status.rawValue, "--json output is not the report: \(shown(out))")
        } else {
            // The source's text cannot drive the terminal: no control characters but line breaks and tabs.
            require(!out.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value) },
                    "control character in text output: \(shown(out))")
        }
    }
    return .success(report)
}

/// Whether the check asks the App Store (`lookup`).
private func isAppStore(_ source: CheckRequest.Source) -> Bool {
    if case .appStore = source { return true }
    return false
}
