import VersionCheckCore

/// What one body said, decoded: its releases in source order and the facts around
/// them. The update decision takes it from here.
public struct SourceDocument: Sendable, Equatable {
    /// Releases in the order the source lists them (of two with equal precedence the
    /// first wins, in the decision).
    public var releases: [Release]
    /// A manifest's `minimumVersion`: below it an update is forced.
    public var minimumVersion: Version?
    /// A manifest's `updateURL` (alias `url`): where to get the app when the latest
    /// release has no `url` of its own.
    public var updateURL: String?
    /// The app a lookup found (`app` in `--json`); nil for a manifest.
    public var app: AppInfo?
    /// What the source said that was left out, for `-v` (an appcast's `pubDate` that is
    /// no date); a few lines at most.
    public var notices: [String] = []
    /// `--explain` (`SourceContext.explaining`): how many releases the source listed and
    /// what the decoder left out or held back, noted as it did so; nil without it.
    public var explanation: Explanation?

    public init(releases: [Release], minimumVersion: Version? = nil, updateURL: String? = nil, app: AppInfo? = nil) {
        self.releases = releases
        self.minimumVersion = minimumVersion
        self.updateURL = updateURL
        self.app = app
    }
}

/// How a format spells versions, and so how `--current`, `--skip` and `--minimum` are
/// read against it.
public enum VersionReading: Sendable, Equatable {
    /// The lenient grammar every command accepts.
    case lenient
    /// Sparkle's reading (`Version(sparkle:)`: `2.0b3` is `2.0-b.3`; text after `-` ignored).
    case sparkle
    /// Sparkle's reading of a display version (`CFBundleShortVersionString`, an item's
    /// `sparkle:shortVersionString`): a leading `v` or `V` before a digit left out
    /// (`Version(sparkleDisplay:)`).
    case sparkleDisplay

    /// `text` read this way.
    public func version(_ text: String) throws(VersionError) -> Version {
        switch self {
        case .lenient: try Version(text)
        case .sparkle: try Version(sparkle: text)
        case .sparkleDisplay: try Version(sparkleDisplay: text)
        }
    }
}

/// What a format may need besides the bytes: the run's current version (read as the
/// format reads versions) and the options of the formats that have some. A format reads
/// only its own; the others are accepted and have no effect (SPEC.md).
public struct SourceContext: Sendable {
    public var current: Version?
    public var appcast: AppcastOptions
    /// The URL the body came from (without credentials), which relative links in it are
    /// read against; nil for a local file.
    public var base: String?
    /// GitHub Releases, `--tag-prefix`: only tags that start with it are read, and their
    /// versions without it; nil reads every tag.
    public var tagPrefix: String?
    /// GitHub Releases, `--include-prereleases`: releases marked `prerelease`, or whose
    /// version has a pre-release part, are offered too (else held back, reason `prerelease`).
    public var includePrereleases: Bool
    /// electron-builder feeds, `--rollout-percentile`: this install's percentile, 0 to 99.
    /// A release whose `stagingPercentage` is at most it is held back (`staged-rollout`);
    /// nil ignores staging.
    public var rolloutPercentile: Int?
    /// `--explain`: the decoder notes what it reads and leaves out in
    /// `SourceDocument.explanation`.
    public var explaining = false

    public init(
        current: Version? = nil, appcast: AppcastOptions = AppcastOptions(now: 0), base: String? = nil,
        tagPrefix: String? = nil, includePrereleases: Bool = false, rolloutPercentile: Int? = nil
    ) {
        self.current = current
        self.appcast = appcast
        self.base = base
        self.tagPrefix = tagPrefix
        self.includePrereleases = includePrereleases
        self.rolloutPercentile = rolloutPercentile
    }
}

/// The app a lookup found (`app` in `--json`).
public struct AppInfo: Sendable, Equatable {
    public var id: Int?
    public var bundleId: String?
    public var name: String?

    public init(id: Int? = nil, bundleId: String? = nil, name: String? = nil) {
        self.id = id
        self.bundleId = bundleId
        self.name = name
    }
}

/// One data format a source may answer in: how to decode it.
///
/// A format is one file in `Formats/`. Decoding reads bytes only (no Foundation, no
/// I/O), so the main binary decodes a cached body without the network stack.
public protocol SourceFormat: Sendable {
    /// The format's name in messages, with its article: "JSON", "a property list".
    static var name: String { get }

    /// How versions are spelled in this format (and read from the command line against it).
    static var versionReading: VersionReading { get }

    /// The body decoded for this run, or a one-line reason (bad-response, 76).
    static func decode(_ body: [UInt8], context: SourceContext) throws(BodyError) -> SourceDocument

    /// What a publisher writes in this format, for `help` and the man page.
    static var documentation: FormatDocumentation { get }
}

/// A format a publisher's manifest may be in, recognised by its content: registered in
/// `SourceFormats.manifest`. (The App Store's answer is a `SourceFormat` only: `lookup`
/// chooses it, nothing sniffs it.)
public protocol ManifestFormat: SourceFormat {
    /// Whether `body` is of this format, judged from its first bytes (a UTF-8 byte
    /// order mark and white space skipped), never from a file name or a header.
    static func sniff(_ body: [UInt8]) -> Bool
}

/// A format described for people: a title, what it is, the fields read and an example.
public struct FormatDocumentation: Sendable {
    /// "JSON manifest".
    public var title: String
    public var paragraphs: [String]
    /// Field (key, element) and what versioncheck reads from it.
    public var fields: [(name: String, meaning: String)]
    /// A short example, line by line.
    public var example: [String]

    public init(title: String, paragraphs: [String], fields: [(name: String, meaning: String)] = [], example: [String] = []) {
        self.title = title
        self.paragraphs = paragraphs
        self.fields = fields
        self.example = example
    }
}

extension SourceFormat {
    /// The lenient grammar, unless a format says otherwise.
    public static var versionReading: VersionReading { .lenient }

    /// The body decoded with a context of nothing but the defaults (a format that needs
    /// none: JSON and property list manifests, the iTunes response).
    public static func decode(_ body: [UInt8]) throws(BodyError) -> SourceDocument {
        try decode(body, context: SourceContext())
    }
}

/// The body from its first byte of content: after a UTF-8 byte order mark and, with
/// `skippingWhitespace`, after white space.
func content(of body: [UInt8], skippingWhitespace: Bool = true) -> ArraySlice<UInt8> {
    let rest = body[ByteText.startSkippingByteOrderMark(body)...]
    return skippingWhitespace ? rest.drop(while: ByteText.isWhitespace) : rest
}

/// A version read from a body; an invalid one is a bad response naming `what`
/// ("releases[2].version: invalid version '1..2': …").
func decodeVersion(_ text: String, what: @autoclosure () -> String) throws(BodyError) -> Version {
    do {
        return try Version(text)
    } catch {
        throw BodyError(versionRefusal(error, what: what()))
    }
}

/// Why a version read from a body is refused, naming `what`: the reason `decodeVersion`
/// throws and `lint`'s `V01` gives ("releases[2].version: invalid version '1..2': …").
func versionRefusal(_ error: VersionError, what: String) -> String {
    "\(what): \(error.description)"
}
