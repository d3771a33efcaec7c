import VersionCheckPlatform
import VersionCheckCommandLine
import VersionCheckCore
import VersionCheckSources

/// What `lookup`, `manifest`, `outdated` and `batch` share: the `CheckRequest` of a parsed
/// command line (an enum of functions, which the commands `lookup` and `manifest` call).
package enum CheckRequestBuilder {
    /// The check the command line asks for.
    /// `preread`: the `--current-from` bundle already read (`outdated` reads each bundle once).
    package static func request(
        from line: ParsedCommandLine, environment: [String: String], preread: CurrentVersionSource? = nil
    ) throws(Failure) -> CheckRequest {
        if line.command == CommandTable.lookup, line[Option.currentKey] == .build {
            throw Failure(
                .usage,
                "--current-key build: lookup compares the App Store's version, which is the marketing version (CFBundleShortVersionString); drop --current-key or give --current-key marketing")
        }
        var app = preread
        if app == nil, let path = line[Option.currentFrom] { app = try CurrentVersionSource.read(path) }
        let query = line.command == CommandTable.lookup ? try appStoreQuery(from: line, environment: environment, app: app) : nil
        var policy = UpdatePolicy()
        // An option not given has its default in `Option`, as help shows it.
        policy.forceOn = line[Option.forceOn]
        policy.optionalOn = line[Option.optionalOn]
        // A manifest may turn out to be an appcast, where these are read as Sparkle reads
        // them: each is read every way now (`GivenVersion`), and the check picks a reading.
        let isManifest = query == nil
        let minimum = line[Option.minimum].map(GivenVersion.init)
        let skip = line[Option.skip].map(GivenVersion.init)
        policy.minimum = try minimum?.version(for: Option.minimum.longFlag, sparkleToo: isManifest)
        policy.skip = try skip?.version(for: Option.skip.longFlag, sparkleToo: isManifest)
        policy.minimumAgeDays = line[Option.minAge]
        policy.osVersion = try version(of: Option.osVersion, in: line)
        let (current, appcastCurrent, currentNeedsAppcast) = try currentVersion(from: line, app: app, isManifest: isManifest)
        // The URL last, as the check read it before: a bad version is still named first.
        let allowInsecure = line[Option.allowInsecure]
        let repository = line[Option.github]
        let source: CheckRequest.Source = if let query {
            try .appStore(query, allowInsecure: allowInsecure)
        } else {
            try .manifest(location: repository.map { GitHubReleasesFormat.apiURL(repository: $0) } ?? line[Option.url] ?? "", allowInsecure: allowInsecure)
        }
        var request = CheckRequest(
            source: source, current: current, policy: policy, gate: line[Option.gate], allowNew: line[Option.allowNew],
            timeout: line[Option.timeout], retries: line[Option.retries], allowInsecure: allowInsecure, global: line.global,
            cache: line[Option.checkPeriod].map { days in
                CachePolicy(
                    periodDays: days, directory: line[Option.cacheDir], refresh: line[Option.refresh],
                    staleIfErrorDays: line[Option.staleIfError], backgroundRefresh: line[Option.backgroundRefresh])
            },
            appcast: AppcastRequest(
                channels: line[Option.channel], rolloutGroup: line[Option.rolloutGroup],
                compared: line[Option.appcastVersion],
                forceOnGiven: line.isGiven(Option.forceOn),
                current: appcastCurrent,
                skip: skip, minimum: minimum),
            deadline: line[Option.deadline]
        )
        request.currentNeedsAppcast = currentNeedsAppcast
        if isManifest {
            // The order the check would name them in: --current, --skip, --minimum.
            var given: GivenVersion?
            if case .given(let version) = appcastCurrent { given = version }
            request.sparkleOnly = given?.notAnAppcastFailure(for: Option.current.longFlag)
                ?? skip?.notAnAppcastFailure(for: Option.skip.longFlag)
                ?? minimum?.notAnAppcastFailure(for: Option.minimum.longFlag)
        }
        request.feed = FeedRequest(
            tagPrefix: line[Option.tagPrefix], includePrereleases: line[Option.includePrereleases],
            rolloutPercentile: line[Option.rolloutPercentile])
        request.gitHubRepository = repository
        request.explain = line[Option.explain]
        request.commandLine = line
        return request
    }

    /// `--current`, or the version `--current-from` read: under `--current-key` if given,
    /// else under the key the source reads by default (`CurrentKey.default(for:)`).
    /// A manifest's format is known only once its body is read, and an appcast reads
    /// the build key: so when the marketing key fails, `manifest` goes on with the build
    /// version and the marketing failure, which every format but an appcast throws
    /// (`CheckRequest.currentNeedsAppcast`).
    ///
    /// `appcast` is where an appcast's current version comes from: the version given,
    /// every reading parsed (`--current`, or the bundle's under `--current-key`), else the
    /// bundle, under the key of the compared field.
    package static func currentVersion(
        from line: ParsedCommandLine, app: CurrentVersionSource?, isManifest: Bool
    ) throws(Failure) -> (Version, appcast: AppcastRequest.CurrentText, needsAppcast: Failure?) {
        guard let app else {
            guard let text = line[Option.current] else {
                throw Failure(.internal, "--current is required but was not parsed")
            }
            let given = GivenVersion(text)
            return (try given.version(for: Option.current.longFlag, sparkleToo: isManifest), .given(given), nil)
        }
        if line.isGiven(Option.currentKey) {
            let current = try app.version(line[Option.currentKey])
            return (current, .given(GivenVersion(current)), nil)
        }
        do {
            return (try app.version(.default(manifest: isManifest)), .bundle(app), nil)
        } catch {
            guard isManifest, let build = try? app.version(.build) else { throw error }
            return (build, .bundle(app), error)
        }
    }

    /// What `lookup` asks. Without `--id` or `--bundle-id`, the bundle id is the one
    /// `--current-from` read; a macOS bundle implies `--platform mac` unless it is given.
    package static func appStoreQuery(
        from line: ParsedCommandLine, environment: [String: String], app: CurrentVersionSource? = nil
    ) throws(Failure) -> AppStoreQuery {
        let identifier: AppStoreQuery.Identifier
        if let id = line[Option.id] {
            identifier = .id(id)
        } else if let bundleID = line[Option.bundleID] {
            identifier = .bundleId(bundleID)
        } else if let app {
            identifier = .bundleId(try app.bundleIdentifier())
        } else {
            throw Failure(.internal, "lookup has neither --id, --bundle-id nor --current-from")
        }
        let platform: AppStoreQuery.Platform
        if !line.isGiven(Option.platform), app?.isMacBundle == true {
            platform = .mac
        } else {
            platform = line[Option.platform]
        }
        let fromEnvironment = environment["VERSIONCHECK_LOOKUP_URL"].flatMap { $0.isEmpty ? nil : $0 }
        let flag = line[Option.lookupURL]
        return AppStoreQuery(
            identifier: identifier,
            country: line[Option.country],
            platform: platform,
            endpoint: flag ?? fromEnvironment,
            endpointSetting: flag == nil && fromEnvironment != nil ? "VERSIONCHECK_LOOKUP_URL" : "--lookup-url"
        )
    }

    /// The version given to `--name` (`--os-version`, which every source reads leniently),
    /// if any; an invalid one is 65, naming the option.
    package static func version(of option: ValueOption<String>, in line: ParsedCommandLine) throws(Failure) -> Version? {
        guard let text = line[option] else { return nil }
        do {
            return try Version(text)
        } catch {
            throw Failure(.invalidInput, "\(option.longFlag): \(error.description)")
        }
    }
}
