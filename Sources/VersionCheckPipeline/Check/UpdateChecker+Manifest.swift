import VersionCheckCommandLine
import VersionCheckPlatform
import VersionCheckCore
import VersionCheckSources

/// A publisher's manifest as a source (a file, or a URL through `obtain`): its format
/// recognised, the versions of the command line read as that format reads them, decoded.
extension UpdateChecker {
    /// The manifest at `location` (a file, or a URL already checked), decoded: a file is
    /// read as it is (never cached), a URL through `obtain`.
    package func readManifest(
        _ location: ManifestLocation, request: CheckRequest, cache: inout CacheStore?, clock: DeadlineClock,
        explaining explanation: inout Explanation?
    ) throws(Failure) -> SourceAnswer {
        switch location {
        case .file(let path, let given):
            // Local manifests are never cached (and read whatever VERSIONCHECK_OFFLINE says).
            cache?.log("cache: not used: \(Quote.single(path)) is a local manifest, never cached")
            if request.cache != nil { explanation?.note("cache: not used: a local manifest is never cached") }
            let body = SourceBody(bytes: try bodies.readFile(path))
            return SourceAnswer(decoded: try decodeManifest(body, request: request, shown: given, base: nil), source: given)
        case .remote(let url):
            let shown = url.display
            return try bodies.obtain(url, request: request, cache: &cache, clock: clock, explaining: &explanation) { response in
                Self.manifestFailure(response, shown: shown, request: request)
            } decode: { body throws(Failure) in
                try decodeManifest(body, request: request, shown: shown, base: shown)
            }
        }
    }

    /// The bytes of the manifest at `location`, as `readManifest` gets them but never from
    /// the cache and not decoded (`lint` reads them its own way).
    package func readManifestBody(_ location: ManifestLocation, request: CheckRequest, clock: DeadlineClock) throws(Failure) -> [UInt8] {
        switch location {
        case .file(let path, _):
            return try bodies.readFile(path)
        case .remote(let url):
            if bodies.offline { throw OfflineSwitch.failure(url.display, cached: false) }
            let response = try bodies.fetch(url, request: request, clock: clock)
            guard response.isSuccess else { throw Self.manifestFailure(response, shown: url.display, request: request) }
            return response.body
        }
    }

    /// The failure of a manifest's answer that is no success.
    static func manifestFailure(_ response: FetchedResponse, shown: String, request: CheckRequest) -> Failure {
        // The helper reports the URL that answered: another one means redirects were
        // followed, and a 404 there says nothing of the manifest given.
        guard response.url != shown else {
            var failure = HTTPStatusPhrase.failure(response.status, shown: shown)
            // A repository that answers 404 is mistyped or private, never new.
            failure.isUnknownApp = failure.kind == .notFound && request.gitHubRepository == nil
            return failure
        }
        let failure = HTTPStatusPhrase.failure(response.status, shown: shown)
        guard failure.kind == .notFound else { return failure }
        return Failure(.notFound, "\(failure.message), answered by \(TerminalText.printable(response.url, multiline: false)) after a redirect")
    }

    /// `body` decoded as the manifest format it is (an appcast when its items were kept),
    /// with the request's versions read as that format reads them. `shown` names the
    /// manifest in messages; `base` is the URL its relative links are read against (nil
    /// for a file).
    package func decodeManifest(_ body: SourceBody, request: CheckRequest, shown: String, base: String?) throws(Failure) -> DecodedBody {
        let format: any ManifestFormat.Type
        do throws(BodyError) {
            format = body.keptItems == nil ? try SourceFormats.recognise(body.bytes) : AppcastFormat.self
        } catch {
            throw Failure(.badResponse, "manifest \(shown): \(error.description)")
        }
        let (current, policy) = try request.versions(reading: format.versionReading)
        var context = SourceContext(current: current, appcast: AppcastOptions(
            channels: request.appcast.channels, rolloutGroup: request.appcast.rolloutGroup,
            versionField: request.appcast.compared, osVersion: policy.osVersion,
            now: now()), base: base, tagPrefix: request.feed.tagPrefix, includePrereleases: request.feed.includePrereleases,
            rolloutPercentile: request.feed.rolloutPercentile)
        context.explaining = request.explain
        do throws(BodyError) {
            var itemsToKeep: [UInt8]?
            var document: SourceDocument
            if let items = body.keptItems {
                document = try AppcastFormat.decode(items: items, context: context)
            } else if format is AppcastFormat.Type, base != nil, request.cache != nil {
                // A cached appcast's items are kept beside its entry.
                itemsToKeep = []
                document = try AppcastFormat.decode(body.bytes, context: context, recording: &itemsToKeep)
            } else {
                document = try SourceFormats.decode(body.bytes, as: format, context: context)
            }
            if request.explain { document.explainFormat(format.name) }
            return DecodedBody(
                document: document, current: current, policy: policy, appcast: format.versionReading == .sparkle,
                itemsToKeep: itemsToKeep)
        } catch {
            // A likely slip: the App Store's answer saved or linked as a manifest.
            let hint = ITunesLookupFormat.isLookupResponse(body.bytes) ? "; this is an App Store lookup response: use versioncheck lookup" : ""
            var failure = Failure(.badResponse, "manifest \(shown): \(error.description)\(hint)")
            // A release list that lists nothing yet (`[]`, drafts only): an app's first release.
            failure.isUnknownApp = error.listsNoRelease
            throw failure
        }
    }
}
