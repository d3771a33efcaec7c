import VersionCheckCore

/// TEMPORARY stand-in for `VersionCheckCore.UpdatePolicy` until the core branch has it:
/// same field names, LEVELs as their lower-case text. `CheckRequest.policy` becomes an
/// `UpdatePolicy` then (with `BumpThreshold` levels), and this type goes away.
public struct CheckPolicy: Sendable, Equatable {
    /// `--force-on` LEVEL, default `major`.
    public var forceOn: String = "major"
    /// `--optional-on` LEVEL, default `any`.
    public var optionalOn: String = "any"
    /// `--minimum`.
    public var minimum: Version? = nil
    /// `--skip`.
    public var skip: Version? = nil
    /// `--min-age` in days (non-negative), default 0.
    public var minimumAgeDays: Double = 0
    /// `--os-version`.
    public var osVersion: Version? = nil

    public init() {}
}
