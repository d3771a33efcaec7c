import VersionCheckCore

/// `lint` of a JSON manifest (SPEC.md "Checking a feed before publishing"): `J01`–`J05`
/// and `V01`, each at the line of its key.
///
/// Reads as the decoder reads (`JSONManifestFormat.selection`, `releases` streamed
/// entry by entry, so no tree of the whole list), with each key's byte offset. A
/// member of another type than the decoder expects is no finding: when no finding is
/// an error, `FeedLint` runs the decoder, which refuses it.
enum JSONManifestLint {
    static func findings(_ body: [UInt8], context: LintContext) throws(BodyError) -> [LintFinding] {
        var lint = ManifestLinting(base: context.base, byteCount: body.count)
        var keys = KeyPositions(elementDepth: 3)
        let tree: JSONTree
        do {
            tree = try JSONReader.parse(
                body,
                streaming: (key: "releases", sink: { entry, index in
                    lint.addRelease(entry, index: index, keys: keys)
                    keys.elementDone()
                }),
                selection: JSONManifestFormat.selection, locator: { keys.record(depth: $0, key: $1, position: $2) })
        } catch {
            throw error.badResponse
        }
        guard case .object(let members) = tree else { return [] }  // `sniff` saw '{': the decoder says why
        lint.finish(top: members, keys: keys, documentOffset: content(of: body).startIndex)
        return lint.found.resolved(in: body)
    }
}

/// What `JSONManifestLint` gathers as it reads: the findings so far, and each release
/// whose version reads (for `J01`, `J02`, `J05`).
private struct ManifestLinting {
    let base: String?
    var found = LocatedFindings()
    /// The releases whose version reads, in file order: the version, its key's offset
    /// and its position in `releases`.
    var versions: [Version] = []
    var offsets: [Int] = []
    var positions: [Int] = []
    /// Entries of `releases`, whatever they hold.
    var entryCount = 0

    init(base: String?, byteCount: Int) {
        self.base = base
        // Address space for the most entries the body holds (`{"version":"1"},`: 16 bytes):
        // the arrays never grow by copying themselves.
        let capacity = byteCount / 16 + 1
        versions.reserveCapacity(capacity)
        offsets.reserveCapacity(capacity)
        positions.reserveCapacity(capacity)
    }

    /// One entry of `releases`; `keys`: where its members are.
    mutating func addRelease(_ entry: JSONTree, index: Int, keys: KeyPositions) {
        entryCount += 1
        guard case .object(let members) = entry else { return }
        var item: String?
        if case .string(let text)? = members["version"] {
            let offset = keys.element("version") ?? 0
            item = text
            if let version = readVersion(text, what: "releases[\(index)].version", offset: offset) {
                versions.append(version)
                offsets.append(offset)
                positions.append(index)
            }
        }
        checkDate(members["date"], at: keys.element("date"), what: "releases[\(index)].date", item: item)
        checkURL(members["url"], at: keys.element("url"), what: "releases[\(index)].url", item: item)
    }

    /// The top-level members, once `releases` is read; then the checks across releases.
    mutating func finish(top members: JSONMembers, keys: KeyPositions, documentOffset: Int) {
        let latestText = members["latestVersion"].flatMap(Self.string)
        let latest = latestText.flatMap { readVersion($0, what: "latestVersion", offset: keys.top("latestVersion")) }
        let minimumText = members["minimumVersion"].flatMap(Self.string)
        let minimum = minimumText.flatMap { readVersion($0, what: "minimumVersion", offset: keys.top("minimumVersion")) }
        checkDate(members["releaseDate"], at: keys.top("releaseDate"), what: "releaseDate", item: latestText)
        // The link the decoder reads: `updateURL`, else its alias `url`.
        let link = members["updateURL"].flatMap(Self.string) != nil ? "updateURL" : "url"
        checkURL(members[link], at: keys.top(link), what: link, item: latestText)
        checkSomethingToCompare(members, releasesOffset: keys.top("releases"), hasLatest: latestText != nil, documentOffset: documentOffset)
        let highest = versions.indices.max { versions[$0] < versions[$1] }
        if let latest, let latestText, let highest {
            checkLatestIsHighest(latest, text: latestText, offset: keys.top("latestVersion"), highest: highest)
        }
        EqualPrecedence.forEachRepeat(in: versions) { first, later in
            found.add(.j02, at: .offset(offsets[later]), item: versions[later].description,
                "releases[\(positions[later])].version \(LintText.quoted(versions[later].description)) has the precedence of "
                    + "releases[\(positions[first])].version \(LintText.quoted(versions[first].description)): one of them is never offered")
        }
        if let minimum, let minimumText, let top = [latest, highest.map { versions[$0] }].compactMap({ $0 }).max() {
            checkMinimum(minimum, text: minimumText, offset: keys.top("minimumVersion"), latest: top)
        }
    }

    /// `J01` when release number `highest` is above `latestVersion`.
    private mutating func checkLatestIsHighest(_ latest: Version, text: String, offset: Int?, highest: Int) {
        guard versions[highest] > latest else { return }
        found.add(.j01, at: .init(offset: offset), item: text,
            "latestVersion \(LintText.quoted(text)) is below releases[\(positions[highest])].version "
                + "\(LintText.quoted(versions[highest].description)): the highest release is the latest")
    }

    /// `J05` when `minimumVersion` is above the latest version (the highest of the manifest's).
    private mutating func checkMinimum(_ minimum: Version, text: String, offset: Int?, latest: Version) {
        guard minimum > latest else { return }
        found.add(.j05, at: .init(offset: offset), item: text,
            "minimumVersion \(LintText.quoted(text)) is above the latest version \(LintText.quoted(latest.description)): "
                + "every user is forced to an update that does not exist")
    }

    /// `V01` when the manifest offers nothing to compare with, as the decoder refuses it.
    private mutating func checkSomethingToCompare(
        _ members: JSONMembers, releasesOffset: Int?, hasLatest: Bool, documentOffset: Int
    ) {
        guard !hasLatest else { return }
        guard case .array? = members["releases"] else {
            if members["releases"].map({ $0 == .null }) ?? true {
                found.add(.v01, at: .offset(documentOffset), item: nil,
                    "the manifest has neither latestVersion nor releases: nothing to compare with")
            }
            return
        }
        if entryCount == 0 {
            found.add(.v01, at: .init(offset: releasesOffset), item: nil,
                "releases is empty and there is no latestVersion: nothing to compare with")
        }
    }

    /// The version `text` reads as, or nil after a `V01` saying why not (the decoder's
    /// reason; `what` is spelled out only for a finding kept).
    private mutating func readVersion(_ text: String, what: @autoclosure () -> String, offset: Int?) -> Version? {
        switch Version.reading(text) {
        case .success(let version): return version
        case .failure(let error):
            found.add(.v01, at: .init(offset: offset), item: text, versionRefusal(error, what: what()))
            return nil
        }
    }

    /// `J03` when `value` is a string and a date the update decision cannot read.
    private mutating func checkDate(_ value: JSONTree?, at offset: Int?, what: @autoclosure () -> String, item: String?) {
        guard case .string(let text)? = value, ISO8601.releaseDate(text) == .unreadable else { return }
        found.add(.j03, at: .init(offset: offset), item: item,
            "\(what()) \(LintText.quoted(text)) is not an ISO 8601 date (such as 2026-01-02T03:04:05Z)")
    }

    /// `J04` when `value` is a string that, resolved against the manifest's URL, is not `https://`.
    private mutating func checkURL(_ value: JSONTree?, at offset: Int?, what: @autoclosure () -> String, item: String?) {
        guard case .string(let text)? = value, let link = LintLink.resolved(text, base: base), link.scheme != .https else {
            return
        }
        let resolved = link.text == text ? "" : " (resolved: \(LintText.quoted(link.text)))"
        found.add(.j04, at: .init(offset: offset), item: item, "\(what()) \(LintText.quoted(text))\(resolved) is not an https:// URL")
    }

    private static func string(_ tree: JSONTree) -> String? {
        if case .string(let text) = tree { return text }
        return nil
    }
}
