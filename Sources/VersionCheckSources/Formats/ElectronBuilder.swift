import VersionCheckCore

/// electron-builder's update files (`latest-mac.yml`, `latest.yml`, `latest-linux.yml`,
/// channel files such as `beta-mac.yml`): the feed electron-updater reads, one release
/// in the YAML subset `YAMLReader` reads (SPEC.md "GitHub Releases and electron-builder
/// feeds").
///
/// The release: `version` (lenient grammar), `releaseDate` (ISO 8601, read only when
/// `--min-age` needs it, as a JSON manifest's date), `releaseName` as its display
/// version when it differs, its url the first `files[].url`, else `path`, resolved
/// against the URL the feed came from (a space as `%20`). Each `files[]` entry needs a
/// `url`, a `sha512` that is base64 of 64 bytes and a positive integer `size`.
/// `releaseNotes` is HTML text, or a list of `{version, note}`: the entry of `version`
/// gives its notes, and each listed version below it and above the current one is a
/// release of its own (url null, `listedWithLatest`: offered only beside `version`).
/// `stagingPercentage` P (0 to 100) holds the release back (`staged-rollout`) when the
/// install's `--rollout-percentile` N is at least P. `minimumSystemVersion` is not read
/// (a Darwin kernel version, not a macOS one).
public enum ElectronBuilderFormat: ManifestFormat {
    public static let name = "an electron-builder update file"

    /// YAML whose top-level mapping has the keys `version` and `files` or `path`: each
    /// line that starts at column 0 is read up to its `:`; a body that opens with `{`, `[`
    /// or `<` (JSON, XML) is none. One pass, no allocation, stopping once both are seen.
    public static func sniff(_ body: [UInt8]) -> Bool {
        let text = content(of: body)
        guard let first = text.first, first != UInt8(ascii: "{"), first != UInt8(ascii: "["), first != UInt8(ascii: "<") else {
            return false
        }
        var hasVersion = false
        var hasFiles = false
        var lineStart = ByteText.startSkippingByteOrderMark(body)
        while lineStart < body.count {
            var end = lineStart
            while end < body.count, body[end] != 0x0A { end += 1 }
            switch topLevelKey(body[lineStart..<end]) {
            case .version: hasVersion = true
            case .files: hasFiles = true
            case nil: break
            }
            if hasVersion, hasFiles { return true }
            lineStart = end + 1
        }
        return false
    }

    private enum SniffedKey { case version, files }

    /// `version` or `files`/`path` when `line` starts with that key (plain or quoted) and ':'.
    private static func topLevelKey(_ line: ArraySlice<UInt8>) -> SniffedKey? {
        guard !line.isEmpty else { return nil }
        var key = line
        if let quote = key.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            key = key.dropFirst()
            guard let close = key.firstIndex(of: quote) else { return nil }
            let name = key[..<close]
            key = key[close...].dropFirst()
            guard key.first == UInt8(ascii: ":") else { return nil }
            return keyNamed(name)
        }
        guard let colon = key.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let after = colon + 1
        guard after == line.endIndex || ByteText.isWhitespace(line[after]) else { return nil }
        var name = key[..<colon]
        while let last = name.last, last == UInt8(ascii: " ") || last == 0x09 { name = name.dropLast() }
        return keyNamed(name)
    }

    private static func keyNamed(_ name: ArraySlice<UInt8>) -> SniffedKey? {
        if name.elementsEqual("version".utf8) { return .version }
        if name.elementsEqual("files".utf8) || name.elementsEqual("path".utf8) { return .files }
        return nil
    }

    public static func decode(_ body: [UInt8], context: SourceContext) throws(BodyError) -> SourceDocument {
        var feed = ElectronFeed(context: context, byteCount: body.count)
        let tree: YAMLNode
        do {
            tree = try YAMLReader.parse(body, selection: Self.selection) { key, element, index in
                if key == "files" { feed.addFile(element, index: index) } else { feed.addNote(element, index: index) }
            }
        } catch {
            throw unreadable(error)
        }
        guard case .mapping(let top) = tree else {
            throw BodyError("the update file is \(tree.kindName), expected a mapping with version and files or path")
        }
        return try feed.document(top)
    }

    /// A body the YAML reader refuses: a bad response (the decoder's and `lint`'s).
    static func unreadable(_ failure: YAMLReader.Failure) -> BodyError {
        BodyError("not the YAML electron-builder writes (\(failure.description))")
    }

    /// What this decoder reads: nothing else of a body is kept.
    public static let selection = YAMLReader.Selection(
        topLevel: ["version", "files", "path", "releaseDate", "releaseName", "releaseNotes", "stagingPercentage"],
        streamed: ["files": ["url", "sha512", "size"], "releaseNotes": ["version", "note"]])

    public static let documentation = FormatDocumentation(
        title: "electron-builder update file",
        paragraphs: [
            "latest-mac.yml, latest.yml, latest-linux.yml or a channel file such as beta-mac.yml, as electron-builder "
                + "publishes it for electron-updater: YAML whose top level has version and files or path. The YAML read "
                + "is the subset electron-builder writes (block mappings and lists, plain and quoted scalars, | and > "
                + "blocks, comments, one leading ---); anchors, aliases, tags, flow collections, a second document or "
                + "nesting deeper than 64 levels are a bad response (76). Every scalar is text (version: 1.10 stays "
                + "1.10).",
            "One release. Each files entry needs a url, a sha512 that is base64 of 64 bytes and a positive integer "
                + "size (else 76); a relative url is resolved against the feed's URL. With --rollout-percentile N, a "
                + "release whose stagingPercentage P is at most N is held back (heldBack reason staged-rollout), as "
                + "electron-updater decides; without it staging is ignored. minimumSystemVersion is not read.",
        ],
        fields: [
            ("version", "The version."),
            ("files[].url, path", "url: the first file's, else path."),
            ("files[].sha512, files[].size", "Checked: base64 of 64 bytes; a positive integer."),
            ("releaseDate", "The date (ISO 8601)."),
            ("releaseName", "displayVersion, when it differs from version."),
            ("releaseNotes", "The notes (HTML), or a list of {version, note}: each listed version below version and above --current is a release of its own."),
            ("stagingPercentage", "A number from 0 to 100: the share of installs offered the release."),
        ],
        example: [
            "version: 2.1.0",
            "files:",
            "  - url: App-2.1.0-arm64-mac.zip",
            "    sha512: (88 characters of base64)",
            "    size: 98123456",
            "path: App-2.1.0-arm64-mac.zip",
            "releaseDate: '2026-01-02T03:04:05.000Z'",
            "stagingPercentage: 50",
        ])
}

/// An electron-builder feed read key by key; `files` and a `releaseNotes` list arrive
/// element by element (streamed: no tree of a hostile list). The first failure wins
/// and nothing more is kept. Its checks of one field (`checkedFile`, `percentage`,
/// `resolved`) are `lint`'s too (`ElectronBuilderLint`).
struct ElectronFeed {
    let current: Version?
    let base: String?
    let rolloutPercentile: Int?
    var failure: BodyError?
    var fileCount = 0
    var firstURL: String?
    /// `releaseNotes` entries as releases (listed beside the latest), in file order.
    var listed: [Release] = []
    /// `--explain`: what the feed held back; nil without it.
    var explanation: Explanation?

    /// Room reserved for `listed` at its first entry: as many as the body can hold
    /// (`- version: 1` and a line feed: 14 bytes). Address space only; pages are touched
    /// as entries arrive, and the array never grows by copying itself.
    let listCapacity: Int

    init(context: SourceContext, byteCount: Int) {
        current = context.current
        base = context.base
        rolloutPercentile = context.rolloutPercentile
        if context.explaining { explanation = Explanation() }
        listCapacity = byteCount / 14 + 1
    }

    mutating func addFile(_ element: YAMLNode, index: Int) {
        guard failure == nil else { return }
        fileCount += 1
        do {
            let url = try Self.checkedFile(element, index: index)
            if firstURL == nil { firstURL = url }
        } catch {
            failure = error
        }
    }

    /// A `files` entry's `url`, once its `sha512` and `size` are checked.
    static func checkedFile(_ element: YAMLNode, index: Int) throws(BodyError) -> String {
        guard case .mapping(let entry) = element else {
            throw BodyError("files[\(index)] is \(element.kindName), expected a mapping with url, sha512 and size")
        }
        let url = try text(entry["url"], "files[\(index)].url")
        guard let url, !url.isEmpty else { throw BodyError("files[\(index)] has no url") }
        let sha512 = try text(entry["sha512"], "files[\(index)].sha512")
        guard let sha512 else { throw BodyError("files[\(index)] has no sha512") }
        guard ByteText.isBase64OfSixtyFourBytes(sha512) else {
            throw BodyError("files[\(index)].sha512 \(Excerpt.quoted(TerminalText.dotted(sha512))) is not base64 of 64 bytes")
        }
        guard let size = try text(entry["size"], "files[\(index)].size") else { throw BodyError("files[\(index)] has no size") }
        guard ByteText.isPositiveInteger(size) else {
            throw BodyError("files[\(index)].size \(Excerpt.quoted(TerminalText.dotted(size))) is not a positive integer")
        }
        return url
    }

    mutating func addNote(_ element: YAMLNode, index: Int) {
        guard failure == nil else { return }
        if listed.isEmpty { listed.reserveCapacity(listCapacity) }
        do throws(BodyError) {
            guard case .mapping(let entry) = element else {
                throw BodyError("releaseNotes[\(index)] is \(element.kindName), expected a mapping with version and note")
            }
            guard let text = try Self.text(entry["version"], "releaseNotes[\(index)].version") else {
                throw BodyError("releaseNotes[\(index)] has no version")
            }
            let version = try decodeVersion(text, what: "releaseNotes[\(index)].version")
            let note = try Self.text(entry["note"], "releaseNotes[\(index)].note")
            listed.append(Release(version: version, notes: note, notesFormat: .html, listedWithLatest: true))
        } catch {
            failure = error
            listed = []
        }
    }

    /// The document; `listed` is moved out and thinned in place (this feed is captured by
    /// the YAML reader's sink: a copy left behind would double a list of 300,000).
    mutating func document(_ top: YAMLMapping) throws(BodyError) -> SourceDocument {
        // Top-level members in the order a reader meets them; streamed failures first.
        if let failure { throw failure }
        guard let versionText = try Self.text(top["version"], "version") else { throw BodyError("the update file has no version") }
        let version = try decodeVersion(versionText, what: "version")
        switch top["files"] {
        case nil, .sequence?: break
        case .scalar(let text)? where text.isEmpty: break
        case let other?: throw BodyError("files is \(other.kindName), expected a list")
        }
        let path = try Self.text(top["path"], "path")
        guard let location = firstURL ?? path.flatMap({ $0.isEmpty ? nil : $0 }) else {
            throw BodyError("the update file has no files[].url and no path")
        }
        var release = Release(
            version: version, date: try Self.text(top["releaseDate"], "releaseDate").flatMap { $0.isEmpty ? nil : $0 },
            url: resolved(location), notesFormat: .html)
        if let name = try Self.text(top["releaseName"], "releaseName"), !name.isEmpty, name != versionText {
            release.displayVersion = name
        }
        var releases: [Release] = []
        swap(&releases, &listed)
        switch top["releaseNotes"] {
        case nil: break
        case .scalar(let notes)?: if !notes.isEmpty { release.notes = notes }
        case .sequence?:
            // The entry of `version` gives its notes; the others below it and above the
            // current version are releases of their own.
            if let own = releases.first(where: { $0.version == version }) { release.notes = own.notes }
            releases.removeAll { entry in !(entry.version < version && (current.map { entry.version > $0 } ?? true)) }
        case let other?: throw BodyError("releaseNotes is \(other.kindName), expected text or a list of {version, note}")
        }
        if let text = try Self.text(top["stagingPercentage"], "stagingPercentage") {
            guard let percentage = Self.percentage(text) else {
                throw BodyError("stagingPercentage \(Excerpt.quoted(TerminalText.dotted(text))) is not a number from 0 to 100")
            }
            if let percentile = rolloutPercentile, Double(percentile) >= percentage {
                release.heldBack = HeldBack(.stagedRollout)
                explanation?.note("stagingPercentage \(text): --rollout-percentile \(percentile) is not below it, so \(version) is held back")
            }
        }
        releases.append(release)
        var document = SourceDocument(releases: releases)
        if let explanation {
            let older = releases.count - 1
            var explained = Explanation()
            explained.note("the update file names version \(version)" + (older > 0 ? " and \(older) older from releaseNotes" : ""))
            explained.append(explanation)
            document.explanation = explained
        }
        return document
    }

    /// `location` resolved against the feed's URL (a local feed's stays as given), its
    /// spaces as `%20`.
    func resolved(_ location: String) -> String {
        Self.resolved(location, against: base)
    }

    /// `location` resolved against `base` (nil: a local feed's stays as given), its spaces as `%20`.
    static func resolved(_ location: String, against base: String?) -> String {
        let encoded = location.utf8.contains(UInt8(ascii: " ")) ? String(
            decoding: location.utf8.flatMap { $0 == UInt8(ascii: " ") ? Array("%20".utf8) : [$0] }, as: UTF8.self) : location
        guard let base else { return encoded }
        return ReferenceResolution.resolve(encoded, against: base)
    }

    /// The text of a scalar member; nil when absent; a collection is a bad response.
    static func text(_ node: YAMLNode?, _ what: @autoclosure () -> String) throws(BodyError) -> String? {
        switch node {
        case nil: return nil
        case .scalar(let text)?: return text
        case let other?: throw BodyError("\(what()) is \(other.kindName), expected text")
        }
    }

    /// Digits with an optional fraction, from 0 to 100 (`stagingPercentage`).
    static func percentage(_ text: String) -> Double? {
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count, utf8[index] &- UInt8(ascii: "0") < 10 { index += 1 }
        guard index > 0, index <= 4 else { return nil }
        if index < utf8.count {
            guard utf8[index] == UInt8(ascii: "."), index + 1 < utf8.count, utf8.count - index <= 18 else { return nil }
            guard utf8[(index + 1)...].allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) else { return nil }
        }
        guard let value = Double(text), value >= 0, value <= 100 else { return nil }
        return value
    }
}
