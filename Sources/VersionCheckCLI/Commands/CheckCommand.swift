import VersionCheckCore

/// `lookup` and `manifest`: turns a parsed command line into a `CheckRequest`
/// (versions parsed here: an invalid one is 65, naming its option; `--current-from`'s
/// Info.plist read here, before any request), then hands it to the injected `CheckRunner`.
enum CheckCommand {
    static func run(_ line: ParsedCommandLine, environment: [String: String], output: Output, runner: CheckRunner) -> ExitStatus {
        do {
            let request = try request(from: line, environment: environment)
            return runner(request, output)
        } catch {
            return output.report(error)
        }
    }

    /// The check the command line asks for.
    static func request(from line: ParsedCommandLine, environment: [String: String]) throws(Failure) -> CheckRequest {
        var app: CurrentVersionSource?
        if let path = line.text("current-from") { app = try CurrentVersionSource.read(path) }
        let source: CheckRequest.Source
        if line.command.name == CommandTable.lookup.name {
            source = .appStore(try appStoreQuery(from: line, environment: environment, app: app))
        } else {
            source = .manifest(location: line.text("url") ?? "")
        }
        var policy = UpdatePolicy()
        // Defaults come from CommandTable, the same text help shows.
        policy.forceOn = try defaulted(line.text("force-on").flatMap(BumpThreshold.init(rawValue:)), "force-on")
        policy.optionalOn = try defaulted(line.text("optional-on").flatMap(BumpThreshold.init(rawValue:)), "optional-on")
        policy.minimum = try version(of: "minimum", in: line)
        policy.skip = try version(of: "skip", in: line)
        policy.minimumAgeDays = try defaulted(line.number("min-age"), "min-age")
        policy.osVersion = try version(of: "os-version", in: line)
        let current = try currentVersion(from: line, app: app, source: source)
        return CheckRequest(
            source: source, current: current, policy: policy, gate: line.flag("gate"),
            timeout: try defaulted(line.number("timeout"), "timeout"),
            retries: try defaulted(line.integer("retries"), "retries"),
            allowInsecure: line.flag("allow-insecure"), global: line.global,
            cache: line.number("check-period").map { days in
                CachePolicy(periodDays: days, directory: line.text("cache-dir"), refresh: line.flag("refresh"))
            },
            appcast: AppcastRequest(
                channels: line.texts("channel"), rolloutGroup: line.integer("rollout-group"),
                compared: try defaulted(line.text("appcast-version").flatMap(AppcastRequest.Compared.init(rawValue:)), "appcast-version"))
        )
    }

    /// `--current`, or the version `--current-from` read: under `--current-key` if given,
    /// else under the key the source reads by default (`CurrentKey.default(for:)`).
    static func currentVersion(
        from line: ParsedCommandLine, app: CurrentVersionSource?, source: CheckRequest.Source
    ) throws(Failure) -> Version {
        guard let app else {
            guard let current = try version(of: "current", in: line) else {
                throw Failure(.internal, "--current is required but was not parsed")
            }
            return current
        }
        guard line.values["current-key"] != nil else { return try app.version(.default(for: source)) }
        return try app.version(try defaulted(line.text("current-key").flatMap(CurrentKey.init(rawValue:)), "current-key"))
    }

    /// What `lookup` asks. Without `--id` or `--bundle-id`, the bundle id is the one
    /// `--current-from` read; a macOS bundle implies `--platform mac` unless it is given.
    static func appStoreQuery(
        from line: ParsedCommandLine, environment: [String: String], app: CurrentVersionSource? = nil
    ) throws(Failure) -> AppStoreQuery {
        let identifier: AppStoreQuery.Identifier
        if let id = line.text("id") {
            identifier = .id(id)
        } else if let bundleID = line.text("bundle-id") {
            identifier = .bundleId(bundleID)
        } else if let app {
            identifier = .bundleId(try app.bundleIdentifier())
        } else {
            throw Failure(.internal, "lookup has neither --id, --bundle-id nor --current-from")
        }
        let platform: AppStoreQuery.Platform
        if line.values["platform"] == nil, app?.isMacBundle == true {
            platform = .mac
        } else {
            platform = try defaulted(line.text("platform").flatMap(AppStoreQuery.Platform.init(rawValue:)), "platform")
        }
        let fromEnvironment = environment["VERSIONCHECK_LOOKUP_URL"].flatMap { $0.isEmpty ? nil : $0 }
        let flag = line.text("lookup-url")
        return AppStoreQuery(
            identifier: identifier,
            country: try defaulted(line.text("country"), "country"),
            platform: platform,
            endpoint: flag ?? fromEnvironment,
            endpointSetting: flag == nil && fromEnvironment != nil ? "VERSIONCHECK_LOOKUP_URL" : "--lookup-url"
        )
    }

    /// The version given to `--name`, if any; an invalid one is 65, naming the option.
    static func version(of name: String, in line: ParsedCommandLine) throws(Failure) -> Version? {
        guard let text = line.text(name) else { return nil }
        do {
            return try Version(text)
        } catch {
            throw Failure(.invalidInput, "--\(name): \(error.description)")
        }
    }

    /// An option's value, given or defaulted by the table; its absence is a bug in the table (70).
    static func defaulted<Value>(_ value: Value?, _ name: String) throws(Failure) -> Value {
        guard let value else { throw Failure(.internal, "--\(name) has neither a value nor a default in the command table") }
        return value
    }
}
