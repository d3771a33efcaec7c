/// The outcome of an update check; the raw values are SPEC.md's JSON `status`.
public enum UpdateStatus: String, Sendable, Hashable {
    case upToDate = "none", optional, forced
}

/// How a release's notes are written; the raw values are Sparkle's `sparkle:format`.
public enum NotesFormat: String, Sendable, Hashable, CaseIterable {
    case plainText = "plain-text", html, markdown
}

/// Why a release newer than `latest` is not offered (yet): SPEC.md "Telling the truth
/// about an appcast", JSON `heldBack`. A source marks a release with it (an appcast's
/// channel or phased rollout, a GitHub pre-release, an electron-builder staged rollout);
/// the decision adds `min-age` and `major-upgrade`.
public struct HeldBack: Sendable, Hashable {
    /// JSON `reason`.
    public enum Reason: String, Sendable, Hashable {
        case phasedRollout = "phased-rollout", minAge = "min-age", channel, majorUpgrade = "major-upgrade"
        /// A GitHub release marked `prerelease`, or whose version has a pre-release part,
        /// without `--include-prereleases`.
        case prerelease
        /// An electron-builder release whose `stagingPercentage` does not reach this
        /// install's `--rollout-percentile`.
        case stagedRollout = "staged-rollout"
    }

    public var reason: Reason
    /// When it will be offered (ISO 8601 UTC); `nil` for a channel, a major upgrade, a
    /// pre-release or a staged rollout.
    public var until: String?
    /// The channel not asked for (`channel`); the `sparkle:minimumAutoupdateVersion` (`major-upgrade`).
    public var detail: String?

    public init(_ reason: Reason, until: String? = nil, detail: String? = nil) {
        self.reason = reason
        self.until = until
        self.detail = detail
    }
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
        informational: Bool = false, notesFormat: NotesFormat = .plainText, title: String? = nil, infoUrl: String? = nil,
        fullNotesUrl: String? = nil, majorUpgradeFrom: String? = nil, heldBack: HeldBack? = nil,
        listedWithLatest: Bool = false
    ) {
        self.version = version
        var fields = Fields(
            notes: notes, date: date, critical: critical, minimumOsVersion: minimumOsVersion, url: url,
            displayVersion: displayVersion, notesUrl: notesUrl, informational: informational, notesFormat: notesFormat,
            listedWithLatest: listedWithLatest)
        fields.changeExtras { extras in
            extras = Extras.Values(
                title: title, infoUrl: infoUrl, fullNotesUrl: fullNotesUrl, majorUpgradeFrom: majorUpgradeFrom, heldBack: heldBack)
        }
        details = Details.make(fields)
    }

    /// A release with notes and no other field (a property-list manifest's entry): no
    /// fields to compare, one small details object.
    public init(version: Version, notes: String) {
        self.version = version
        details = NotesOnly(notes)
    }

    /// An appcast item's `<title>`.
    public var title: String? {
        get { details?.allFields?.stored.extras?.title }
        set { change { $0.changeExtras { $0.title = newValue } } }
    }

    /// An appcast item's `<link>` (http or https only).
    public var infoUrl: String? {
        get { details?.allFields?.stored.extras?.infoUrl }
        set { change { $0.changeExtras { $0.infoUrl = newValue } } }
    }

    /// An appcast item's `sparkle:fullReleaseNotesLink` (http or https only).
    public var fullNotesUrl: String? {
        get { details?.allFields?.stored.extras?.fullNotesUrl }
        set { change { $0.changeExtras { $0.fullNotesUrl = newValue } } }
    }

    /// An appcast item whose `sparkle:minimumAutoupdateVersion` is above the current
    /// version: the install cannot take it automatically.
    public var majorUpgrade: Bool { majorUpgradeFrom != nil }

    /// For a major upgrade, its `sparkle:minimumAutoupdateVersion` (the version an
    /// install needs to take it automatically); nil otherwise.
    public var majorUpgradeFrom: String? {
        get { details?.allFields?.stored.extras?.majorUpgradeFrom }
        set { change { $0.changeExtras { $0.majorUpgradeFrom = newValue } } }
    }

    /// Why the source keeps this release from the install for now (an appcast's channel
    /// or phased rollout); `nil` when it is offered. The decision never offers it, and
    /// reports the highest such release above `latest` (`UpdateDecision.heldBack`).
    public var heldBack: HeldBack? {
        get { details?.allFields?.stored.extras?.heldBack }
        set { change { $0.changeExtras { $0.heldBack = newValue } } }
    }

    /// A release the source lists only beside its newest one, for its notes (an
    /// electron-builder feed's `releaseNotes` list): the decision offers it only together
    /// with a higher release of the source, never as `latest`.
    public var listedWithLatest: Bool {
        get { details?.listedWithLatest ?? false }
        set { change { $0.listedWithLatest = newValue } }
    }

    /// True when no field but `notes` (which may be nil too) is set: every other field
    /// reads as absent, `false` or plain text, and a writer need not ask for each.
    public var hasNoFieldButNotes: Bool { details?.isPlainNotes ?? true }

    public var notes: String? {
        get { details?.notes }
        set { change { $0.notes = newValue } }
    }

    /// ISO 8601 text as the source gave it; parsed only when `--min-age` needs it.
    public var date: String? {
        get { details?.allFields?.stored.date }
        set { change { $0.date = newValue } }
    }

    /// `false` when the source does not say (always for the App Store).
    public var critical: Bool {
        get { details?.allFields?.stored.critical ?? false }
        set { change { $0.critical = newValue } }
    }

    /// Text as the source gave it; parsed as a version only when `--os-version` needs it.
    public var minimumOsVersion: String? {
        get { details?.allFields?.stored.minimumOsVersion }
        set { change { $0.minimumOsVersion = newValue } }
    }

    public var url: String? {
        get { details?.allFields?.stored.url }
        set { change { $0.url = newValue } }
    }

    /// The version users see (an appcast's `sparkle:shortVersionString`) when the source
    /// names one apart from `version`; `nil` otherwise.
    public var displayVersion: String? {
        get { details?.allFields?.stored.displayVersion }
        set { change { $0.displayVersion = newValue } }
    }

    /// Where the release notes live (an appcast's `sparkle:releaseNotesLink`).
    public var notesUrl: String? {
        get { details?.allFields?.stored.notesUrl }
        set { change { $0.notesUrl = newValue } }
    }

    /// An informational release (appcasts): it tells of a version to get by other means
    /// and is never forced by its bump level. `false` when the source does not say.
    public var informational: Bool {
        get { details?.allFields?.stored.informational ?? false }
        set { change { $0.informational = newValue } }
    }

    /// How `notes` is written: plain text unless the source says otherwise (an appcast's
    /// `<description>` is HTML by default). Text output shows HTML through `HTMLText`.
    public var notesFormat: NotesFormat {
        get { details?.notesFormat ?? .plainText }
        set { change { $0.notesFormat = newValue } }
    }

    private mutating func change(_ edit: (inout Fields) -> Void) {
        var fields = details?.fields ?? Fields()
        edit(&fields)
        details = Details.make(fields)
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
        var notesFormat = NotesFormat.plainText
        var listedWithLatest = false
        /// An appcast's fields beyond the others: nil (8 bytes) for a release with none, as
        /// 115,000 bare items at the cap are.
        var extras: Extras?

        mutating func changeExtras(_ edit: (inout Extras.Values) -> Void) {
            var values = extras?.values ?? Extras.Values()
            edit(&values)
            extras = values == Extras.Values() ? nil : Extras(values)
        }
    }

    /// `Fields.extras`: shared and immutable.
    private final class Extras: Equatable, @unchecked Sendable {  // immutable: one `let`
        struct Values: Equatable {
            var title: String?
            var infoUrl: String?
            var fullNotesUrl: String?
            var majorUpgradeFrom: String?
            var heldBack: HeldBack?
        }

        let values: Values
        init(_ values: Values) { self.values = values }

        var title: String? { values.title }
        var infoUrl: String? { values.infoUrl }
        var fullNotesUrl: String? { values.fullNotesUrl }
        var majorUpgradeFrom: String? { values.majorUpgradeFrom }
        var heldBack: HeldBack? { values.heldBack }

        static func == (left: Extras, right: Extras) -> Bool { left === right || left.values == right.values }
    }

    /// The fields, shared and immutable; never allocated for a release that has none of
    /// them, and 32 bytes (not 144) for one that has only notes, the common case of a
    /// property-list manifest of 300,000 entries.
    ///
    /// A field is read through `notes` or `allFields` (one reference, one field), never
    /// through `fields`, which builds every field: the JSON writer reads ten of them
    /// for each of 300,000 releases.
    private class Details: @unchecked Sendable {  // immutable: its subclasses hold only `let`s
        var fields: Fields { Fields() }
        var notes: String? { nil }
        var notesFormat: NotesFormat { .plainText }
        var listedWithLatest: Bool { false }
        /// Self when every field is stored (not only notes).
        var allFields: AllFields? { nil }
        /// No field but notes, written as plain text (`hasNoFieldButNotes`).
        var isPlainNotes: Bool { false }

        /// `nil` when every field is absent (and `critical` and `informational` false).
        static func make(_ fields: Fields) -> Details? {
            guard fields != Fields() else { return nil }
            if let notes = fields.notes, fields == Fields(notes: notes) { return NotesOnly(notes) }
            let noted = Fields(notes: fields.notes, notesFormat: fields.notesFormat, listedWithLatest: fields.listedWithLatest)
            if fields == noted { return FormattedNotes(fields) }
            return AllFields(fields)
        }
    }

    private final class AllFields: Details, @unchecked Sendable {
        let stored: Fields
        init(_ fields: Fields) { stored = fields }
        override var fields: Fields { stored }
        override var notes: String? { stored.notes }
        override var notesFormat: NotesFormat { stored.notesFormat }
        override var listedWithLatest: Bool { stored.listedWithLatest }
        override var allFields: AllFields? { self }
    }

    private final class NotesOnly: Details, @unchecked Sendable {
        let notesText: String
        init(_ notes: String) { notesText = notes }
        override var fields: Fields { Fields(notes: notesText) }
        override var notes: String? { notesText }
        override var isPlainNotes: Bool { true }
    }

    /// Notes in a format other than plain text, or a release listed beside the latest,
    /// and no other field: 48 bytes where `AllFields` takes 160 (an electron-builder feed
    /// at the cap lists some 300,000 versions with notes).
    private final class FormattedNotes: Details, @unchecked Sendable {
        let notesText: String?
        let format: NotesFormat
        let listed: Bool
        init(_ fields: Fields) {
            notesText = fields.notes
            format = fields.notesFormat
            listed = fields.listedWithLatest
        }
        override var fields: Fields { Fields(notes: notesText, notesFormat: format, listedWithLatest: listed) }
        override var notes: String? { notesText }
        override var notesFormat: NotesFormat { format }
        override var listedWithLatest: Bool { listed }
    }
}

extension Release: Equatable {
    public static func == (left: Release, right: Release) -> Bool {
        left.version == right.version && (left.details?.fields ?? Fields()) == (right.details?.fields ?? Fields())
    }
}
