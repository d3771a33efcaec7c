import VersionCheckCore

/// GitHub Releases: the REST API's answer to `GET /repos/OWNER/REPO/releases` (an array
/// of release objects) or `…/releases/latest` (one release object), from GitHub,
/// GitHub Enterprise or a saved file (SPEC.md "GitHub Releases and electron-builder feeds").
///
/// Per release, in the array's order: an element that is not an object with a string
/// `tag_name` is a bad response; a draft is never offered (not even held back); a tag
/// without `--tag-prefix` (`SourceContext.tagPrefix`) belongs to another component and
/// is ignored; the rest of the tag is read with the lenient grammar, and a tag that is
/// then no version (`nightly`) is ignored. A release marked `prerelease`, or whose
/// version has a pre-release part, is held back (`prerelease`) unless
/// `SourceContext.includePrereleases`. No release left with a version is a bad response
/// (`no release tag of OWNER/REPO reads as a version`, OWNER/REPO read from the URL
/// the body came from), marked `listsNoRelease` when no element was a non-draft.
public enum GitHubReleasesFormat: ManifestFormat {
    public static let name = "a GitHub release list"

    /// What `manifest --github OWNER/REPO` reads: the repository's releases on the REST API,
    /// the first page of 100 (`Link` is not followed).
    public static func apiURL(repository: String) -> String {
        "https://api.github.com/repos/\(repository)/releases?per_page=100"
    }

    /// A JSON array, or a JSON object with a top-level `tag_name`.
    public static func sniff(_ body: [UInt8]) -> Bool {
        guard let first = content(of: body).first else { return false }
        return first == UInt8(ascii: "[") || (first == UInt8(ascii: "{") && isReleaseObject(body))
    }

    /// A JSON object with a top-level `tag_name` (one release): what the JSON manifest
    /// format leaves to this one.
    static func isReleaseObject(_ body: [UInt8]) -> Bool {
        JSONTopLevelKey.objectHas("tag_name", in: body)
    }

    public static func decode(_ body: [UInt8], context: SourceContext) throws(BodyError) -> SourceDocument {
        var reading = ReleaseReading(context: context, byteCount: body.count)
        let tree: JSONTree
        do {
            tree = try JSONReader.parse(body, streaming: (key: "", sink: { element, index in
                reading.add(element, index: index)
            }), selection: Self.selection)
        } catch {
            throw error.badResponse
        }
        switch tree {
        case .array: break  // streamed into `reading`
        case .object: reading.add(tree, index: nil)
        default: throw BodyError("the body is \(tree.typeName), expected a GitHub release list or release")
        }
        return try reading.document(repository: repository(in: context.base))
    }

    /// What of `tag` is read as a version: the tag less `prefix` (nil or empty: the whole
    /// tag); nil when the tag does not start with it (another component's release).
    static func versionText(ofTag tag: String, prefix: String?) -> String? {
        guard let prefix, !prefix.isEmpty else { return tag }
        guard tag.utf8.starts(with: prefix.utf8) else { return nil }
        return String(decoding: tag.utf8.dropFirst(prefix.utf8.count), as: UTF8.self)
    }

    /// Why a list offers nothing: "no release tag of OWNER/REPO reads as a version".
    static func noVersionMessage(repository: String?, prefix: String?) -> String {
        let of = repository.map { " of \($0)" } ?? ""
        let after = prefix.flatMap { $0.isEmpty ? nil : " after the prefix '\(TerminalText.dotted($0))'" } ?? ""
        return "no release tag\(of) reads as a version\(after)"
    }

    /// The members read of a release; the rest of each (author, assets, reactions …) is
    /// checked as JSON and dropped.
    static let selection = JSONReader.Selection(
        topLevel: members, streamedElements: members)
    private static let members: Set<String> = ["tag_name", "draft", "prerelease", "name", "body", "published_at", "html_url"]

    /// `OWNER/REPO` when `base` is a GitHub API URL of a repository's releases
    /// (`…/repos/OWNER/REPO/releases…`, GitHub Enterprise's `/api/v3/repos/…` too).
    static func repository(in base: String?) -> String? {
        guard let base else { return nil }
        let path = ReferenceResolution.Components(parsing: base).path
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        guard let at = segments.lastIndex(of: "repos"), segments.count > at + 3, segments[at + 3] == "releases",
              !segments[at + 1].isEmpty, !segments[at + 2].isEmpty
        else { return nil }
        return "\(segments[at + 1])/\(segments[at + 2])"
    }

    public static let documentation = FormatDocumentation(
        title: "GitHub Releases",
        paragraphs: [
            "What GitHub's REST API answers for GET /repos/OWNER/REPO/releases (a JSON array of releases; --github "
                + "OWNER/REPO asks for it) or …/releases/latest (one release object): any body of that shape is read so, "
                + "from GitHub Enterprise or a saved file too.",
            "A draft is never offered. With --tag-prefix PREFIX only tags starting with PREFIX are read, compared "
                + "without it; a tag that is then not a version (nightly, latest) is ignored. Versions are reported as "
                + "the tag is spelled (v1.10.0 stays v1.10.0). A release marked prerelease, or whose version has a "
                + "pre-release part, is offered only with --include-prereleases, else held back (heldBack reason "
                + "prerelease). An element that is not an object with a string tag_name is a bad response (76), and so "
                + "is a list in which no tag reads as a version ([] included).",
        ],
        fields: [
            ("tag_name", "The version (less --tag-prefix; a leading v is fine)."),
            ("draft", "true: never offered."),
            ("prerelease", "true: offered only with --include-prereleases."),
            ("name", "displayVersion, when not empty and not the tag."),
            ("body", "The notes (notesFormat markdown)."),
            ("published_at", "The date (ISO 8601)."),
            ("html_url", "url: the release's page."),
        ],
        example: [
            #"[{"tag_name": "v2.1.0", "name": "Faster sync","#,
            #"  "draft": false, "prerelease": false,"#,
            #"  "published_at": "2026-01-02T03:04:05Z", "body": "- Faster sync","#,
            #"  "html_url": "https://github.com/owner/app/releases/tag/v2.1.0"},"#,
            #" {"tag_name": "v2.2.0-beta.1", "prerelease": true, "draft": false}]"#,
        ])
}

/// The releases of a GitHub answer, element by element (the array is streamed: no tree
/// of thousands of releases). After the first element of the wrong shape nothing more
/// is kept: the list is refused.
///
/// Of the pre-releases held back only the highest (the first of equal precedence) is
/// kept: the decision never offers one, and reports only the highest held back above
/// `latest`, so the others would change nothing but the memory a list of 250,000 of
/// them takes.
private struct ReleaseReading {
    let prefix: String?
    let includePrereleases: Bool
    var releases: [Release] = []
    var highestHeld: Release?
    var failure: BodyError?
    /// Elements that are not drafts, read as versions or not.
    var published = 0
    /// `--explain`: what the reading left out or held back; nil without it.
    var explanation: Explanation?
    /// Elements read (drafts included), for `--explain`.
    var elements = 0

    init(context: SourceContext, byteCount: Int) {
        prefix = context.tagPrefix.flatMap { $0.isEmpty ? nil : $0 }
        includePrereleases = context.includePrereleases
        if context.explaining { explanation = Explanation() }
        // Address space for the most elements the body holds (`{"tag_name":"1"},`: 17 bytes).
        releases.reserveCapacity(byteCount / 17 + 1)
    }

    /// One element; `index` nil for a single release object.
    mutating func add(_ element: JSONTree, index: Int?) {
        guard failure == nil else { return }
        do {
            guard let release = try release(from: element, index: index) else { return }
            if release.heldBack == nil {
                releases.append(release)
            } else if highestHeld.map({ release.version > $0.version }) ?? true {
                highestHeld = release
            }
        } catch {
            failure = error
            releases = []
        }
    }

    mutating func release(from element: JSONTree, index: Int?) throws(BodyError) -> Release? {
        let path = index.map { "releases[\($0)]" } ?? "release"
        guard case .object(let members) = element else {
            throw BodyError("\(path) is \(element.typeName), expected a release object with a string tag_name")
        }
        guard case .string(let tag)? = members["tag_name"] else {
            let found = members["tag_name"].map { "is \($0.typeName)" } ?? "is missing"
            throw BodyError("\(path).tag_name \(found), expected a string")
        }
        let reader = JSONObjectReader(members: members, path: path)
        elements += 1
        if try reader.bool("draft") == true {
            explanation?.list("drafts left out", TerminalText.dotted(tag))
            return nil
        }
        published += 1
        guard let text = GitHubReleasesFormat.versionText(ofTag: tag, prefix: prefix) else {
            explanation?.list("--tag-prefix \(TerminalText.dotted(prefix ?? "")) left out", TerminalText.dotted(tag))
            return nil
        }
        // A tag that is no version is common (`nightly`): read without a throw.
        guard case .success(let version) = Version.reading(text) else {
            explanation?.list("tags that are no version left out", TerminalText.dotted(tag))
            return nil
        }
        let marked = try reader.bool("prerelease") ?? false
        let name = try reader.string("name")
        let notes = try reader.string("body")
        // Markdown only with notes: a release with no field at all costs no details object.
        var release = Release(
            version: version, notes: notes, date: try reader.string("published_at"),
            url: try reader.string("html_url"), displayVersion: name.flatMap { $0.isEmpty || $0 == tag ? nil : $0 },
            notesFormat: notes == nil ? .plainText : .markdown)
        if marked || version.isPrerelease, !includePrereleases {
            release.heldBack = HeldBack(.prerelease)
            // Noted here: only the highest reaches the decision.
            explanation?.list(
                "pre-releases held back (no --include-prereleases):", version.description,
                why: marked ? "marked prerelease" : nil)
        }
        return release
    }

    /// The document; the releases are moved out (this reading is captured by the JSON
    /// reader's sink, and a copy left behind would make the decision copy them all).
    mutating func document(repository: String?) throws(BodyError) -> SourceDocument {
        if let failure { throw failure }
        if let highestHeld { releases.append(highestHeld) }
        guard !releases.isEmpty else {
            throw BodyError(GitHubReleasesFormat.noVersionMessage(repository: repository, prefix: prefix), listsNoRelease: published == 0)
        }
        var taken: [Release] = []
        swap(&taken, &releases)
        var document = SourceDocument(releases: taken)
        if let explanation {
            var explained = Explanation()
            explained.note("the release list has \(elements) \(elements == 1 ? "release" : "releases")")
            explained.append(explanation)
            document.explanation = explained
        }
        return document
    }
}
