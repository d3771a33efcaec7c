import VersionCheckCore

/// `lint` of a GitHub release list or single release (SPEC.md "Checking a feed before
/// publishing"): `G01` for a tag that carries `--tag-prefix` (any tag without one) but
/// is no version after it, at the line of its `tag_name`; `V01` when no tag reads as a
/// version (`[]` included), as the decoder refuses it.
///
/// Reads as the decoder reads (`GitHubReleasesFormat.selection`, the list streamed
/// release by release) and takes tags apart by its rule (`versionText(ofTag:prefix:)`).
/// Drafts are never offered, so their tags are not judged. An element of another shape
/// than the decoder expects is no finding: when no finding is an error, `FeedLint`
/// runs the decoder, which refuses it.
enum GitHubReleasesLint {
    static func findings(_ body: [UInt8], context: LintContext) throws(BodyError) -> [LintFinding] {
        var lint = ReleaseLinting(prefix: context.tagPrefix)
        var keys = KeyPositions(elementDepth: 2)
        let tree: JSONTree
        do {
            tree = try JSONReader.parse(
                body,
                streaming: (key: "", sink: { element, index in
                    lint.add(element, index: index, tagOffset: keys.element("tag_name"))
                    keys.elementDone()
                }),
                selection: GitHubReleasesFormat.selection, locator: { keys.record(depth: $0, key: $1, position: $2) })
        } catch {
            throw error.badResponse
        }
        var place = LocatedFindings.Place.offset(content(of: body).startIndex)
        switch tree {
        case .array: break  // streamed into `lint`
        case .object:
            lint.add(tree, index: nil, tagOffset: keys.top("tag_name"))
            place = .init(offset: keys.top("tag_name"))
        default: return []  // the decoder says why
        }
        if lint.readable == 0 {
            let reason = GitHubReleasesFormat.noVersionMessage(
                repository: GitHubReleasesFormat.repository(in: context.base), prefix: context.tagPrefix)
            lint.found.add(.v01, at: place, item: nil, "\(reason): nothing to compare with")
        }
        return lint.found.resolved(in: body)
    }
}

/// What `GitHubReleasesLint` gathers as it reads.
private struct ReleaseLinting {
    let prefix: String?
    var found = LocatedFindings()
    /// Releases, not drafts, whose tag reads as a version after the prefix.
    var readable = 0

    init(prefix: String?) {
        self.prefix = prefix.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// One release; `index` nil for a single release object. `tagOffset`: where its `tag_name` is.
    mutating func add(_ element: JSONTree, index: Int?, tagOffset: Int?) {
        guard case .object(let members) = element, case .string(let tag)? = members["tag_name"] else { return }
        if case .bool(true)? = members["draft"] { return }
        guard let text = GitHubReleasesFormat.versionText(ofTag: tag, prefix: prefix) else { return }
        if case .success = Version.reading(text) {
            readable += 1
            return
        }
        found.add(.g01, at: .init(offset: tagOffset), item: tag,
            "\(index.map { "releases[\($0)].tag_name" } ?? "tag_name") \(LintText.quoted(tag)) is not a version"
                + "\(prefix.map { " after the prefix \(LintText.quoted($0))" } ?? ""): the release is never offered")
    }
}
