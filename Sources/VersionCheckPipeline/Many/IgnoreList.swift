import VersionCheckCommandLine
import VersionCheckCore
import VersionCheckSources

/// The apps `outdated` leaves out (SPEC.md, "Many apps at once"): `--ignore ID` and
/// `--ignore ID@VERSION`, then the items of `VERSIONCHECK_IGNORE`, as `mas ignore` and
/// Latest's "ignore this update" do.
package struct IgnoreList: Sendable {
    /// One app to leave out: always, or only while its latest is `version`.
    package struct Rule: Sendable, Equatable {
        /// `CFBundleIdentifier`, matched ignoring ASCII case.
        package var bundleID: String
        /// The latest version ignored, read the way the app's check reads versions; nil:
        /// the app is never checked.
        package var version: GivenVersion?
    }

    /// The environment variable that adds rules, comma-separated.
    package static let environmentVariable = "VERSIONCHECK_IGNORE"
    /// The reason an ignored app shows with `--all` (JSON `reason`).
    package static let reason = "ignored"

    package var rules: [Rule]

    /// The rules of `--ignore` (already checked by the grammar: `ID` or `ID@VERSION`) and of
    /// `VERSIONCHECK_IGNORE` (items trimmed, empty ones dropped). A VERSION that no reading
    /// accepts is 65, naming where it was given.
    package init(options: [String], environment: [String: String]) throws(Failure) {
        var rules: [Rule] = []
        for item in options { rules.append(try Self.rule(item, givenIn: Option.ignore.longFlag)) }
        for item in (environment[Self.environmentVariable] ?? "").split(separator: ",") {
            let trimmed = Version.trimmingWhitespace(String(item))
            guard !trimmed.isEmpty else { continue }
            rules.append(try Self.rule(trimmed, givenIn: Self.environmentVariable))
        }
        self.rules = rules
    }

    /// The rule for the app with `bundleID`, if any: one that ignores it always wins over
    /// one that names a version.
    package func rule(for bundleID: String?) -> Rule? {
        guard let bundleID, !rules.isEmpty else { return nil }
        let matching = rules.filter { ByteText.equalIgnoringASCIICase($0.bundleID.utf8, bundleID.utf8) }
        return matching.first { $0.version == nil } ?? matching.first
    }

    /// `ID` or `ID@VERSION`.
    private static func rule(_ item: String, givenIn setting: String) throws(Failure) -> Rule {
        let parts = item.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        guard let id = parts.first, !id.isEmpty, parts.count == 1 || !parts[1].isEmpty else {
            throw Failure(.usage, "\(setting) \(Quote.single(item)): expected a bundle id, or a bundle id and the version to ignore, such as com.example.app@2.0")
        }
        guard parts.count == 2 else { return Rule(bundleID: String(id)) }
        let version = GivenVersion(String(parts[1]))
        guard case .failure(let error) = version.lenient, case .failure = version.sparkle, case .failure = version.sparkleDisplay else {
            return Rule(bundleID: String(id), version: version)
        }
        throw Failure(.invalidInput, "\(setting) \(Quote.single(item)): \(error.description)")
    }
}

extension IgnoreList.Rule {
    /// Whether `report`'s latest is the version this rule ignores, read as the check read
    /// its versions: an appcast's as Sparkle does (its display version with
    /// `--appcast-version display`), any other source's with the lenient grammar.
    package func ignores(_ report: CheckReport, of request: CheckRequest) -> Bool {
        guard let version, let latest = report.decision.latest?.version else { return false }
        let reading: VersionReading =
            !report.appcast ? .lenient : request.appcast.compared == .display ? .sparkleDisplay : .sparkle
        guard case .success(let ignored) = version.read(reading) else { return false }
        return ignored == latest
    }
}
