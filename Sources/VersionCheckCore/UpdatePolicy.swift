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

    /// Sparkle's rules (an appcast): `--skip` removes every non-critical release at or
    /// below it, releases may be held back (`Release.heldBack`), and an update that is not
    /// a major upgrade is preferred (`Release.majorUpgrade`).
    public var sparkle = false
    /// The compared versions are build numbers (an appcast compared by `sparkle:version`):
    /// they carry no level of their own.
    public var comparesBuildNumbers = false
    /// The installed display version when it is known and is not what is compared (an
    /// appcast compared by build, `--current-from`): levels are computed on display
    /// versions when `latest` has one.
    public var currentDisplayVersion: Version?

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
