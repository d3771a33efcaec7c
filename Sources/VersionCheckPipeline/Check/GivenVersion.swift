import VersionCheckCore
import VersionCheckSources

/// A version the command line gives (`--current`, `--skip`, `--minimum`): the text as
/// given, and every reading a source may take of it, each parsed once when the request
/// is built. A check picks the reading of its source's format (`read(_:)`) once the
/// body says which it is; nothing parses the text again.
public struct GivenVersion: Sendable, Equatable {
    /// The text as given.
    public var text: String { readings.text }
    /// The lenient grammar every format but an appcast reads.
    public var lenient: Result<Version, VersionError> { readings.lenient }
    /// Sparkle's reading of a build version (`Version(sparkle:)`), an appcast's.
    public var sparkle: Result<Version, VersionError> { readings.sparkle }
    /// Sparkle's reading of a display version (`Version(sparkleDisplay:)`), an appcast's
    /// with `--appcast-version display`.
    public var sparkleDisplay: Result<Version, VersionError> { readings.sparkleDisplay }

    /// The readings, held once and shared by every copy: a request is copied from thread
    /// to thread, and four texts and three versions inline made each copy a large one.
    private let readings: Readings

    private final class Readings: Sendable {
        let text: String
        let lenient: Result<Version, VersionError>
        let sparkle: Result<Version, VersionError>
        let sparkleDisplay: Result<Version, VersionError>

        init(text: String, lenient: Result<Version, VersionError>) {
            self.text = text
            self.lenient = lenient
            sparkle = Result { () throws(VersionError) in try Version(sparkle: text) }
            sparkleDisplay = Result { () throws(VersionError) in try Version(sparkleDisplay: text) }
        }
    }

    /// `text` read every way.
    public init(_ text: String) {
        readings = Readings(text: text, lenient: Result { () throws(VersionError) in try Version(text) })
    }

    /// A version already read leniently (from an `Info.plist` under `--current-key`):
    /// its text read the other ways.
    public init(_ version: Version) {
        readings = Readings(text: version.description, lenient: .success(version))
    }

    public static func == (left: GivenVersion, right: GivenVersion) -> Bool {
        left.readings === right.readings
            || (left.text == right.text && left.lenient == right.lenient && left.sparkle == right.sparkle
                && left.sparkleDisplay == right.sparkleDisplay)
    }

    /// The reading `reading` takes.
    public func read(_ reading: VersionReading) -> Result<Version, VersionError> {
        switch reading {
        case .lenient: lenient
        case .sparkle: sparkle
        case .sparkleDisplay: sparkleDisplay
        }
    }

    /// The version compared before the source's format is known: the lenient reading,
    /// else (`sparkleToo`, a manifest, which may be an appcast) Sparkle's; when neither
    /// reads it, 65 naming `option` with the lenient reading's error.
    package func version(for option: String, sparkleToo: Bool) throws(Failure) -> Version {
        switch lenient {
        case .success(let version):
            return version
        case .failure(let error):
            if sparkleToo, case .success(let version) = sparkle { return version }
            throw Failure(.invalidInput, "\(option): \(error.description)")
        }
    }

    /// Why a format that is not an appcast refuses it: only Sparkle's reading accepts
    /// the text (`1.0 (1234)`); nil when the lenient grammar reads it.
    package func notAnAppcastFailure(for option: String) -> Failure? {
        guard case .failure(let error) = lenient else { return nil }
        return Failure(.invalidInput, "\(option): \(error.description) (the source is not a Sparkle appcast)")
    }
}
