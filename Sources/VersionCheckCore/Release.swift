/// The outcome of an update check; the raw values are SPEC.md's JSON `status`.
public enum UpdateStatus: String, Sendable, Hashable {
    case upToDate = "none", optional, forced
}

/// One release of the source (App Store or manifest), as decoded at the edge.
public struct Release: Sendable, Equatable {
    public var version: Version
    public var notes: String?
    /// ISO 8601 text as the source gave it; parsed only when `--min-age` needs it.
    public var date: String?
    /// `false` when the source does not say (always for the App Store).
    public var critical: Bool
    /// Text as the source gave it; parsed as a version only when `--os-version` needs it.
    public var minimumOsVersion: String?
    public var url: String?

    public init(
        version: Version, notes: String? = nil, date: String? = nil, critical: Bool = false,
        minimumOsVersion: String? = nil, url: String? = nil
    ) {
        self.version = version
        self.notes = notes
        self.date = date
        self.critical = critical
        self.minimumOsVersion = minimumOsVersion
        self.url = url
    }
}

/// The check options of SPEC.md that shape the decision.
public struct UpdatePolicy: Sendable, Equatable {
    /// `--force-on`: a bump at this level or above is forced.
    public var forceOn: BumpThreshold
    /// `--optional-on`: a bump at this level or above is at least optional.
    public var optionalOn: BumpThreshold
    /// `--minimum`: below it is forced (with a source's minimum, the higher wins).
    public var minimum: Version?
    /// `--skip`: the user declined this version; if it is the latest, optional becomes none.
    public var skip: Version?
    /// `--min-age`: a release younger than this many days is not offered (one without a date is).
    public var minimumAgeDays: Double
    /// `--os-version`: releases whose `minimumOsVersion` is above it are not offered.
    public var osVersion: Version?

    public init(
        forceOn: BumpThreshold = .major, optionalOn: BumpThreshold = .any, minimum: Version? = nil,
        skip: Version? = nil, minimumAgeDays: Double = 0, osVersion: Version? = nil
    ) {
        self.forceOn = forceOn
        self.optionalOn = optionalOn
        self.minimum = minimum
        self.skip = skip
        self.minimumAgeDays = minimumAgeDays
        self.osVersion = osVersion
    }
}
