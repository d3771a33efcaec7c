import VersionCheckCore
import VersionCheckSources

extension UpdateChecker {
    /// `lint` of one source: its body read as `manifest` reads it (never from the cache),
    /// then its findings (`FeedLint`). A source that cannot be read, or a body no format
    /// reads, is the failure `manifest` would report (66, 69, 75, 76).
    public func lint(_ source: LintSource, request: LintRequest) throws(Failure) -> [LintFinding] {
        var fetching = request.fetching
        fetching.source = source.check
        fetching.gitHubRepository = source.gitHubRepository
        let clock = DeadlineClock(seconds: fetching.deadline, now: monotonicNow)
        let body = try readManifestBody(source.location, request: fetching, clock: clock)
        let base: String? = if case .remote(let url) = source.location { url.display } else { nil }
        do throws(BodyError) {
            return try FeedLint.findings(in: body, context: LintContext(base: base, tagPrefix: request.tagPrefix))
        } catch {
            throw Failure(.badResponse, "\(source.shown): \(error.description)")
        }
    }
}
