import VersionCheckCore
import VersionCheckSources

/// A publisher's manifest as a source (a file, or a URL through `obtain`): its format
/// recognised, the versions of the command line read as that format reads them, decoded.
extension UpdateChecker {
    /// The manifest at `location` (a path, `file://` or `http(s)://`), decoded: a file is
    /// read as it is (never cached), a URL through `obtain`.
    func readManifest(
        _ location: String, request: CheckRequest, cache: inout CacheStore?, clock: DeadlineClock
    ) throws(Failure) -> Found {
        // `base`: the URL relative links in the body are read against (nil for a file).
        let decode = { (body: Body, shown: String, base: String?) throws(Failure) -> Decoded in
            let format: any SourceFormat.Type
            do throws(BodyError) {
                format = body.keptItems == nil ? try SourceFormats.recognise(body.bytes) : AppcastFormat.self
            } catch {
                throw Failure(.badResponse, "manifest \(shown): \(error.description)")
            }
            let (current, policy) = try Self.versions(of: request, reading: format.versionReading)
            let context = SourceContext(current: current, appcast: AppcastOptions(
                channels: request.appcast.channels, rolloutGroup: request.appcast.rolloutGroup,
                versionField: request.appcast.compared, osVersion: policy.osVersion,
                now: now()), base: base)
            do throws(BodyError) {
                var itemsToKeep: [UInt8]?
                let document: SourceDocument
                if let items = body.keptItems {
                    document = try AppcastFormat.decode(items: items, context: context)
                } else if format is AppcastFormat.Type, base != nil, request.cache != nil {
                    // A cached appcast's items are kept beside its entry.
                    itemsToKeep = []
                    document = try AppcastFormat.decode(body.bytes, context: context, recording: &itemsToKeep)
                } else {
                    document = try SourceFormats.decode(body.bytes, as: format, context: context)
                }
                return Decoded(
                    document: document, current: current, policy: policy, appcast: format.versionReading == .sparkle,
                    itemsToKeep: itemsToKeep)
            } catch {
                // A likely slip: the App Store's answer saved or linked as a manifest.
                let hint = ITunesLookupFormat.isLookupResponse(body.bytes) ? "; this is an App Store lookup response: use versioncheck lookup" : ""
                throw Failure(.badResponse, "manifest \(shown): \(error.description)\(hint)")
            }
        }
        switch try ManifestLocation.parse(location) {
        case .file(let path):
            // Local manifests are never cached (and read whatever VERSIONCHECK_OFFLINE says).
            cache?.log("cache: not used: \(Quote.single(path)) is a local manifest, never cached")
            return Found(decoded: try decode(Body(bytes: try readFile(path)), location, nil), source: location)
        case .remote(let url):
            try URLRules.checkRequest(url, allowInsecure: request.allowInsecure)
            let shown = url.display
            return try obtain(url, request: request, cache: &cache, clock: clock) { response in
                HTTPStatusPhrase.failure(response.status, shown: shown)
            } decode: { body throws(Failure) in
                try decode(body, shown, shown)
            }
        }
    }

    /// `--current`, `--skip`, `--minimum` and `--force-on`'s default as a format with
    /// `reading` takes them: as given for the lenient grammar; for an appcast read again
    /// as Sparkle reads versions, and `--force-on` defaulting to `never` (SPEC.md "Sparkle
    /// appcasts"). An invalid one is 65, naming its option.
    static func versions(of request: CheckRequest, reading: VersionReading) throws(Failure) -> (Version, UpdatePolicy) {
        let appcast = request.appcast
        guard reading == .sparkle else {
            if let failure = request.currentNeedsAppcast { throw failure }
            // A spelling only Sparkle reads (`1.0 (1234)`, `1.2.3-`) was kept for an
            // appcast; this source is not one.
            let given = [(request.current, Option.current), (request.policy.skip, Option.skip), (request.policy.minimum, Option.minimum)]
            for case (let version?, let option) in given {
                do {
                    _ = try Version(version.description)
                } catch {
                    throw Failure(.invalidInput, "\(option.longFlag): \(error.description) (the source is not a Sparkle appcast)")
                }
            }
            return (request.current, request.policy)
        }
        func read(_ text: String, _ option: OptionSpec) throws(Failure) -> Version {
            do {
                return try reading.version(text)
            } catch {
                throw Failure(.invalidInput, "\(option.longFlag): \(error.description) (read as Sparkle reads an appcast's versions)")
            }
        }
        let current: Version
        switch appcast.current {
        case .given(let text): current = try read(text, Option.current)
        case .bundle(let bundle): current = try bundle.version(appcast.compared == .display ? .marketing : .build, reading: reading)
        }
        var policy = request.policy
        policy.sparkle = true
        policy.comparesBuildNumbers = appcast.compared == .build
        if appcast.compared == .build, case .bundle(let bundle) = appcast.current {
            // Levels on display versions: the bundle's own, when it has a readable one.
            policy.currentDisplayVersion = try? bundle.version(.marketing, reading: reading)
        }
        if let text = appcast.skip { policy.skip = try read(text, Option.skip) }
        if let text = appcast.minimum { policy.minimum = try read(text, Option.minimum) }
        if !appcast.forceOnGiven { policy.forceOn = SparkleDefaults.forceOn }
        return (current, policy)
    }
}
