/// What the main binary asks the network helper (`versioncheck-fetch`) to do: one
/// GET with its limits. Everything in it was checked before the helper starts.
///
/// It travels as the helper's arguments (`arguments` / `init(arguments:)`), so a
/// person can run the helper by hand: `versioncheck-fetch --timeout 5 URL`.
public struct FetchRequest: Sendable, Equatable {
    /// The URL to GET (`http(s)://`, already allowed by `URLRules`).
    public var url: String
    /// Seconds per attempt (positive).
    public var timeout: Double
    /// Retries after the first attempt, 0…10.
    public var retries: Int
    /// When `--deadline` passes, on `CLOCK_MONOTONIC` (one clock for the main process
    /// and the helper, so the helper's own start-up counts too): attempts, redirects and
    /// retry waits all end by then (nil: no deadline).
    public var deadline: MonotonicInstant?
    /// Plain `http://` allowed to any host, redirects included.
    public var allowInsecure: Bool
    /// One diagnostic line per request, redirect and retry on stderr.
    public var verbose: Bool
    /// The `User-Agent` header.
    public var userAgent: String
    /// `If-None-Match`, from a cached entry.
    public var entityTag: String?
    /// `If-Modified-Since`, from a cached entry.
    public var lastModified: String?

    public init(
        url: String, timeout: Double = 10, retries: Int = 2, allowInsecure: Bool = false, verbose: Bool = false,
        userAgent: String, entityTag: String? = nil, lastModified: String? = nil, deadline: MonotonicInstant? = nil
    ) {
        self.deadline = deadline
        self.url = url
        self.timeout = timeout
        self.retries = retries
        self.allowInsecure = allowInsecure
        self.verbose = verbose
        self.userAgent = userAgent
        self.entityTag = entityTag
        self.lastModified = lastModified
    }

    /// The helper's command line (without its program name).
    public var arguments: [String] {
        var arguments = ["--timeout", String(timeout), "--retries", String(retries), "--user-agent", userAgent]
        if let deadline { arguments += ["--deadline-at", deadline.encoded] }
        if allowInsecure { arguments.append("--allow-insecure") }
        if verbose { arguments.append("--verbose") }
        if let entityTag { arguments += ["--if-none-match", entityTag] }
        if let lastModified { arguments += ["--if-modified-since", lastModified] }
        return arguments + ["--", url]
    }

    /// Reads the helper's command line; nil when it is not one `arguments` writes.
    public init?(arguments: [String]) {
        var values: [String: String] = [:]
        var flags: Set<String> = []
        var index = 0
        var url: String?
        while index < arguments.count {
            let token = arguments[index]
            index += 1
            switch token {
            case "--":
                guard index == arguments.count - 1 else { return nil }
                url = arguments[index]
                index += 1
            case "--allow-insecure", "--verbose":
                flags.insert(token)
            case "--timeout", "--retries", "--user-agent", "--deadline-at", "--if-none-match", "--if-modified-since":
                guard index < arguments.count, values[token] == nil else { return nil }
                values[token] = arguments[index]
                index += 1
            default:
                return nil
            }
        }
        var deadline: MonotonicInstant?
        if let text = values["--deadline-at"] {
            guard let instant = MonotonicInstant(encoded: text) else { return nil }
            deadline = instant
        }
        guard let url, let timeout = values["--timeout"].flatMap(Double.init), timeout > 0,
              let retries = values["--retries"].flatMap(Int.init), let userAgent = values["--user-agent"]
        else { return nil }
        self.init(
            url: url, timeout: timeout, retries: retries, allowInsecure: flags.contains("--allow-insecure"),
            verbose: flags.contains("--verbose"), userAgent: userAgent, entityTag: values["--if-none-match"],
            lastModified: values["--if-modified-since"], deadline: deadline)
    }
}
