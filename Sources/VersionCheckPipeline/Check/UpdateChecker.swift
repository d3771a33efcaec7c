import VersionCheckCommandLine
import VersionCheckPlatform
import VersionCheckCore
import VersionCheckSources

/// Runs one update check: a body from its source (`BodySource`: a file, the cache, the
/// network helper), decoded with the source's format (`+Lookup`, `+Manifest`), decided
/// (here). The network, the file reader and the clocks are injected; nothing prints.
///
/// Every failure is a `Failure` with its SPEC.md kind, whose message names the
/// URL or path at fault.
public struct UpdateChecker: Sendable {
    /// Where bodies come from.
    public var bodies: BodySource
    /// Seconds since the Unix epoch (for `--min-age`).
    public var now: @Sendable () -> Int64
    /// The monotonic clock, which `--deadline` is kept on.
    public var monotonicNow: @Sendable () -> MonotonicInstant

    /// A checker over `fetcher`. `startRefresh` starts (or, in a list run, collects) the
    /// detached refresh of an expired entry (`--background-refresh`); the default starts
    /// nothing.
    public init(
        fetcher: any BodyFetcher,
        readFile: @escaping @Sendable (String) throws(Failure) -> [UInt8] = { path throws(Failure) in
            try ManifestFile.read(path)
        },
        now: @escaping @Sendable () -> Int64 = { Clock.secondsSinceEpoch() },
        userAgent: String = "versioncheck/\(ToolInfo.version)",
        offline: Bool = false,
        startRefresh: @escaping @Sendable (_ request: CheckRequest, _ url: String, _ store: inout CacheStore) -> Void = { _, _, _ in },
        monotonicNow: (@Sendable () -> MonotonicInstant)? = nil
    ) {
        bodies = BodySource(
            fetcher: fetcher, readFile: readFile, userAgent: userAgent, offline: offline, startRefresh: startRefresh)
        self.now = now
        self.monotonicNow = monotonicNow ?? { System.monotonicNow() }
    }

    /// Runs the check; with `--check-period`, `cache` answers a fresh request and keeps
    /// what the source says (nil: no cache, as without `--check-period`).
    ///
    /// With `--explain` (`request.explain`) each layer notes its steps as it takes them —
    /// the cache (`BodySource.obtain`), the decoder (`SourceDocument.explanation`), the
    /// decision (`decideUpdate(…explaining:)`) — into the report's `explanation`, or a
    /// failure's, which holds the steps taken before it.
    public func check(_ request: CheckRequest, cache: CacheStore? = nil) throws(Failure) -> CheckReport {
        var explanation: Explanation? = request.explain ? Explanation() : nil
        do {
            var report = try check(request, cache: cache, explaining: &explanation)
            report.explanation = explanation?.finished
            return report
        } catch {
            var failure = error
            failure.explanation = explanation?.finished
            throw failure
        }
    }

    private func check(
        _ request: CheckRequest, cache: CacheStore?, explaining explanation: inout Explanation?
    ) throws(Failure) -> CheckReport {
        var cache = request.cache == nil ? nil : cache
        var found: SourceAnswer
        let clock = DeadlineClock(seconds: request.deadline, now: monotonicNow)
        switch request.source {
        case .appStore(_, let url): explanation?.note("source: the App Store, asked at \(url.display)")
        case .manifest(.remote(let url)): explanation?.note("source: \(url.display)")
        case .manifest(.file(_, let given)): explanation?.note("source: the file \(given)")
        }
        do {
            switch request.source {
            case .appStore(let query, let url):
                found = try lookUp(query, url: url, request: request, cache: &cache, clock: clock, explaining: &explanation)
            case .manifest(let location):
                found = try readManifest(location, request: request, cache: &cache, clock: clock, explaining: &explanation)
            }
        } catch {
            guard let firstRelease = Self.firstRelease(request, failure: error) else { throw Self.withAllowNewHint(error, request: request) }
            explanation?.note("the source does not know the app (\(error.message)); --allow-new: \(firstRelease)")
            return try firstReleaseReport(request, firstRelease: firstRelease, explaining: &explanation)
        }
        if let decoded = found.document.explanation { explanation?.append(decoded) }
        // The decision orders and thins the releases in place when it holds the only
        // reference to them: no second array of up to 400,000 releases.
        var releases: [Release] = []
        swap(&releases, &found.decoded.document.releases)
        let decision: UpdateDecision
        do {
            decision = try decideUpdate(
                current: found.current, releases: consume releases, sourceMinimum: found.document.minimumVersion,
                policy: found.policy, now: now(), explaining: &explanation)
        } catch {
            throw Failure(.badResponse, "\(found.source): \(error.description)")
        }
        try Self.checkPrintedNotes(decision, request: request, source: found.source)
        let url = decision.latest?.url ?? found.document.updateURL
        let fetchedAt = found.fetchedAt.map { ISO8601.text(secondsSinceEpoch: $0) }
        var report = CheckReport(
            current: found.current, decision: decision, url: url, source: found.source, app: found.document.app,
            gate: request.gate, gateRefusal: Self.gateRefusal(request) ?? Self.staleRefusal(request, found: found, latest: decision.latest?.version, fetchedAt: fetchedAt),
            cached: found.cached, fetchedAt: fetchedAt, stale: found.stale)
        report.appcast = found.decoded.appcast
        report.notices = found.document.notices
        return report
    }

    /// A gate never passes on an old answer (SPEC.md, "Check period and cache").
    package static func staleRefusal(_ request: CheckRequest, found: SourceAnswer, latest: Version?, fetchedAt: String?) -> String? {
        guard request.gate, found.stale else { return nil }
        let versions = "\(found.current) against \(latest.map { "latest \($0)" } ?? "no release offered")"
        return "\(versions): the answer is from the cache of \(fetchedAt ?? "an unknown time"), not from the source; a gate never passes on an old answer"
    }

    /// `failure` of a `lookup --gate` without `--allow-new` where the App Store does not
    /// know the app: with the hint that `--allow-new` passes a first release.
    package static func withAllowNewHint(_ failure: Failure, request: CheckRequest) -> Failure {
        guard request.gate, !request.allowNew, failure.isUnknownApp, case .appStore = request.source else { return failure }
        var hinted = failure
        hinted.message += "; --allow-new passes the gate for an app's first release"
        return hinted
    }

    /// Why `--gate --allow-new` passes on `failure`: the App Store has no such app
    /// (`resultCount` 0; an HTTP 404/410 from the endpoint is a broken endpoint), or the
    /// manifest URL given answered 404/410 itself (not after a redirect; never a missing
    /// local file). Nil when it does not.
    package static func firstRelease(_ request: CheckRequest, failure: Failure) -> String? {
        guard request.gate, request.allowNew, failure.isUnknownApp else { return nil }
        switch request.source {
        case .appStore(let query, _):
            let app = switch query.identifier {
            case .id(let id): "app id \(id)"
            case .bundleId(let bundleId): "bundle id \(bundleId)"
            }
            return "\(app) is not on the App Store yet"
        case .manifest(.remote):
            return failure.kind == .notFound ? "the manifest does not exist yet" : "the feed lists no release yet"
        case .manifest(.file):
            return nil
        }
    }

    /// The report of a first release: nothing offered (status none, latest null), the
    /// gate passed unless `--current` itself is refused.
    private func firstReleaseReport(
        _ request: CheckRequest, firstRelease: String, explaining explanation: inout Explanation?
    ) throws(Failure) -> CheckReport {
        if let failure = request.currentNeedsAppcast { throw failure }
        var policy = request.policy
        policy.minimum = nil
        let decision: UpdateDecision
        do {
            decision = try decideUpdate(
                current: request.current, releases: [], sourceMinimum: nil, policy: policy, now: now(), explaining: &explanation)
        } catch {
            throw Failure(.internal, "the decision failed on no releases: \(error.description)")
        }
        let source = request.source.url?.display ?? ""
        return CheckReport(
            current: request.current, decision: decision, url: nil, source: source, app: nil, gate: true,
            gateRefusal: Self.gateRefusal(request), firstRelease: firstRelease)
    }

    /// The most release-notes text one answer prints: 16 MiB (twice the body cap; a
    /// binary property list can name one notes string from every entry).
    package static let maximumPrintedNotes = 2 * FetchLimits.maximumBodySize

    /// Only what is printed is expanded, so only that is bounded: the notes text output
    /// shows for an update (JSON: the releases' and the latest's, whatever the status;
    /// `-q` and a gate: none). Past `maximumPrintedNotes`, a bad response (76), before
    /// anything is written.
    package static func checkPrintedNotes(_ decision: UpdateDecision, request: CheckRequest, source: String) throws(Failure) {
        let global = request.global
        guard !global.quiet, !request.gate, global.json || decision.status != .upToDate else { return }
        var total = global.json ? decision.latest?.notes?.utf8.count ?? 0 : 0
        for release in decision.releases {
            total += release.notes?.utf8.count ?? 0
            guard total <= maximumPrintedNotes else {
                throw Failure(
                    .badResponse,
                    "\(source): the release notes to print come to more than \(maximumPrintedNotes / 1024 / 1024) MiB of text")
            }
        }
    }

    /// `lookup --gate` also requires a `--current` App Store Connect accepts (`validate --app-store`).
    package static func gateRefusal(_ request: CheckRequest) -> String? {
        guard request.gate, case .appStore = request.source else { return nil }
        do {
            _ = try Version(request.current.description, syntax: .appStore)
            return nil
        } catch {
            return "\(request.current) is not a version App Store Connect accepts (\(error.description))"
        }
    }
}
