/// The JSON manifest's, the property list manifest's and the App Store lookup's sections of
/// the help and the man page (`Documentation.swift`); the appcast's lives beside its decoder.
extension JSONManifestFormat {
    public static let documentation = FormatDocumentation(
        title: "JSON manifest",
        paragraphs: [
            "An object with latestVersion, releases or both (they are one set: the highest version wins). Unknown keys are ignored; a key of the wrong type, a repeated key or an invalid version is a bad response (76).",
        ],
        fields: [
            ("latestVersion", "The newest version (a string)."),
            ("minimumVersion", "Below this version the update is forced (the higher of it and --minimum counts)."),
            ("updateURL, url", "Where to get the app, when the latest release has no url of its own."),
            ("releaseNotes", "Notes of latestVersion: a string, or an array of strings joined by newlines."),
            ("releaseDate", "Date of latestVersion, ISO 8601 (read only for --min-age)."),
            ("minimumOsVersion", "The OS latestVersion needs (read only for --os-version)."),
            ("critical", "true: latestVersion is a critical update (forced)."),
            ("releases", "An array of {version, notes, date, critical, minimumOsVersion, url}, one per release, in any order; of two equal versions the first wins."),
        ],
        example: [
            #"{"latestVersion": "2.1.0", "minimumVersion": "1.5","#,
            #" "updateURL": "https://example.com/app","#,
            #" "releases": ["#,
            #"   {"version": "2.0.0", "critical": true, "notes": "Security fix."},"#,
            #"   {"version": "2.1.0", "date": "2026-01-02T03:04:05Z","#,
            #"    "notes": ["Faster sync.", "New widgets."]}]}"#,
        ])
}

extension PropertyListManifestFormat {
    public static let documentation = FormatDocumentation(
        title: "Property list manifest",
        paragraphs: [
            "An iVersion-style property list, XML or binary: a dictionary from version to its release notes (a string, or an array of strings joined by newlines). A key given twice or a key that is not a version is a bad response (76). A document type declaration is skipped, never read; no entity is expanded.",
        ],
        example: [
            #"<plist version="1.0"><dict>"#,
            #"  <key>2.1.0</key><string>Faster sync.</string>"#,
            #"  <key>2.0.0</key>"#,
            #"  <array><string>Security fix.</string><string>New icon.</string></array>"#,
            #"</dict></plist>"#,
        ])
}

extension ITunesLookupFormat {
    public static let documentation = FormatDocumentation(
        title: "iTunes Lookup response",
        paragraphs: [
            "What the App Store's lookup endpoint answers. resultCount 0 means no such app in that storefront (69).",
            "Of results, the first entry that is the app asked for is read: its trackId equals --id, or its bundleId equals the bundle id asked for (ASCII case ignored), and its kind, when present, is the store asked (software for iOS, mac-software with --platform mac). Results of which none is the app are a bad response (76) naming what came.",
        ],
        fields: [
            ("results[].version", "The version on the store (required)."),
            ("results[].releaseNotes", "Its release notes."),
            ("results[].currentVersionReleaseDate", "Its date (for --min-age)."),
            ("results[].minimumOsVersion", "The OS it needs (for --os-version)."),
            ("results[].trackViewUrl", "The store page (url)."),
            ("results[].trackId, bundleId, kind", "Which app and store the entry is (see above)."),
            ("results[].trackName", "The app's name (app in --json, with trackId and bundleId)."),
        ])
}
