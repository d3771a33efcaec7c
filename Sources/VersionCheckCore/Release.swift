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
        minimumOsVersion: String? = nil, url: String? = nil
    ) {
        self.version = version
        details = Details(notes: notes, date: date, critical: critical, minimumOsVersion: minimumOsVersion, url: url)
    }

    public var notes: String? {
        get { details?.notes }
        set { change { $0.notes = newValue } }
    }

    /// ISO 8601 text as the source gave it; parsed only when `--min-age` needs it.
    public var date: String? {
        get { details?.date }
        set { change { $0.date = newValue } }
    }

    /// `false` when the source does not say (always for the App Store).
    public var critical: Bool {
        get { details?.critical ?? false }
        set { change { $0.critical = newValue } }
    }

    /// Text as the source gave it; parsed as a version only when `--os-version` needs it.
    public var minimumOsVersion: String? {
        get { details?.minimumOsVersion }
        set { change { $0.minimumOsVersion = newValue } }
    }

    public var url: String? {
        get { details?.url }
        set { change { $0.url = newValue } }
    }

    private mutating func change(_ edit: (inout Fields) -> Void) {
        var fields = Fields(details)
        edit(&fields)
        details = Details(
            notes: fields.notes, date: fields.date, critical: fields.critical,
            minimumOsVersion: fields.minimumOsVersion, url: fields.url)
    }

    /// Everything but the version; never allocated for a release that has none of it.
    private final class Details: Sendable {
        let notes: String?
        let date: String?
        let critical: Bool
        let minimumOsVersion: String?
        let url: String?

        /// `nil` when every field is absent (and `critical` false).
        init?(notes: String?, date: String?, critical: Bool, minimumOsVersion: String?, url: String?) {
            guard notes != nil || date != nil || critical || minimumOsVersion != nil || url != nil else { return nil }
            self.notes = notes
            self.date = date
            self.critical = critical
            self.minimumOsVersion = minimumOsVersion
            self.url = url
        }
    }

    /// A mutable copy of `Details`, for the setters.
    private struct Fields {
        var notes: String?
        var date: String?
        var critical: Bool
        var minimumOsVersion: String?
        var url: String?

        init(_ details: Details?) {
            notes = details?.notes
            date = details?.date
            critical = details?.critical ?? false
            minimumOsVersion = details?.minimumOsVersion
            url = details?.url
        }
    }
}

extension Release: Equatable {
    public static func == (left: Release, right: Release) -> Bool {
        left.version == right.version && left.notes == right.notes && left.date == right.date
            && left.critical == right.critical && left.minimumOsVersion == right.minimumOsVersion && left.url == right.url
    }
}
