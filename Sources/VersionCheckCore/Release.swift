/// The outcome of an update check; the raw values are SPEC.md's JSON `status`.
public enum UpdateStatus: String, Sendable, Hashable {
    case upToDate = "none", optional, forced
}

/// One release of the source (App Store or manifest), as decoded at the edge.
///
/// Layout: the version inline, everything else in one shared, immutable `Details`
/// reference that is `nil` for a bare release. A manifest at the 8 MiB cap holds
/// some 400,000 bare releases, so a release costs 64 bytes (the version's 56 and a
/// pointer), not the 128 that six inline fields took. Setting a field is rare (a
/// manifest's `latestVersion` merging into its entry) and builds a new `Details`.
public struct Release: Sendable {
    public var version: Version
    private var details: Details?

    public init(
        version: Version, notes: String? = nil, date: String? = nil, critical: Bool = false,
        minimumOsVersion: String? = nil, url: String? = nil, displayVersion: String? = nil, notesUrl: String? = nil,
        informational: Bool = false
    ) {
        self.version = version
        details = Details(Fields(
            notes: notes, date: date, critical: critical, minimumOsVersion: minimumOsVersion, url: url,
            displayVersion: displayVersion, notesUrl: notesUrl, informational: informational))
    }

    public var notes: String? {
        get { details?.fields.notes }
        set { change { $0.notes = newValue } }
    }

    /// ISO 8601 text as the source gave it; parsed only when `--min-age` needs it.
    public var date: String? {
        get { details?.fields.date }
        set { change { $0.date = newValue } }
    }

    /// `false` when the source does not say (always for the App Store).
    public var critical: Bool {
        get { details?.fields.critical ?? false }
        set { change { $0.critical = newValue } }
    }

    /// Text as the source gave it; parsed as a version only when `--os-version` needs it.
    public var minimumOsVersion: String? {
        get { details?.fields.minimumOsVersion }
        set { change { $0.minimumOsVersion = newValue } }
    }

    public var url: String? {
        get { details?.fields.url }
        set { change { $0.url = newValue } }
    }

    /// The version people see, when the source gives one beside the compared one
    /// (an appcast's `shortVersionString`); nil otherwise.
    public var displayVersion: String? {
        get { details?.fields.displayVersion }
        set { change { $0.displayVersion = newValue } }
    }

    /// Where the release notes are, when the source links them (an appcast's `releaseNotesLink`).
    public var notesUrl: String? {
        get { details?.fields.notesUrl }
        set { change { $0.notesUrl = newValue } }
    }

    /// Shown but never forced by its level (an appcast's `informationalUpdate`).
    public var informational: Bool {
        get { details?.fields.informational ?? false }
        set { change { $0.informational = newValue } }
    }

    private mutating func change(_ edit: (inout Fields) -> Void) {
        var fields = details?.fields ?? Fields()
        edit(&fields)
        details = Details(fields)
    }

    /// Everything but the version, as values.
    private struct Fields: Equatable, Sendable {
        var notes: String?
        var date: String?
        var critical = false
        var minimumOsVersion: String?
        var url: String?
        var displayVersion: String?
        var notesUrl: String?
        var informational = false
    }

    /// The fields, shared and immutable; never allocated for a release that has none of them.
    private final class Details: Sendable {
        let fields: Fields

        /// `nil` when every field is absent (and `critical` false).
        init?(_ fields: Fields) {
            guard fields != Fields() else { return nil }
            self.fields = fields
        }
    }
}

extension Release: Equatable {
    public static func == (left: Release, right: Release) -> Bool {
        left.version == right.version && (left.details?.fields ?? Fields()) == (right.details?.fields ?? Fields())
    }
}
