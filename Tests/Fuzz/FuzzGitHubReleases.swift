// Fuzz target: the GitHub Releases decoder (a release list or one release), then the whole
// check. Input: byte 0 picks the policy and the current version (as fuzz-manifest); byte 1
// the options (bit 0 --include-prereleases, bits 1-2 a --tag-prefix: none, "v", "app-v",
// "" (none)); the rest is the body.
//
// Invariants, beyond "no crash": the two JSON sniffs never both claim a body, and an array
// is always a release list; decoding is deterministic; a second reading of SPEC.md's rules
// over the whole tree (`JSONTree`, no streaming, no selection) agrees: the same versions in
// the same order (drafts, tags without the prefix and tags that are no version left out;
// of the pre-releases held back only the highest, last), the same refusals (an element that is not an object with
// a string tag_name, no version at all, `listsNoRelease` exactly when no element is a
// non-draft); decoded versions round-trip; then the check fails only as 76 and never
// offers an update when latest <= current (`checkPipeline`).
import Foundation
import VersionCheckCLI
import VersionCheckCommandLine
import VersionCheckPipeline
import VersionCheckCore
@testable import VersionCheckSources

let prefixes: [String?] = [nil, "v", "app-v", ""]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGitHubReleases(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 1 else { return 0 }
    let body = Array(UnsafeBufferPointer(start: data + 2, count: size - 2))
    let include = data[1] & 1 != 0
    let prefix = prefixes[Int(data[1] >> 1) & 3]
    let context = SourceContext(current: pipelineCurrent(data[0]), tagPrefix: prefix, includePrereleases: include)

    require(!(JSONManifestFormat.sniff(body) && GitHubReleasesFormat.sniff(body)), "both JSON sniffs claim the body")
    var duplicateKey = false
    let tree: JSONTree?
    do {
        tree = try JSONTree.parse(body)
    } catch {
        // The decoder reads only the members it needs: a key given twice among the others is not its concern.
        duplicateKey = error.isDuplicateKey
        tree = nil
    }
    if case .array? = tree { require(GitHubReleasesFormat.sniff(body), "an array is not sniffed as a release list") }

    let decoded = Result { () throws(BodyError) in try GitHubReleasesFormat.decode(body, context: context) }
    let again = Result { () throws(BodyError) in try GitHubReleasesFormat.decode(body, context: context) }
    require(decoded == again, "decoding is not deterministic")

    if let tree, let expected = reference(tree, prefix: prefix.flatMap { $0.isEmpty ? nil : $0 }, include: include) {
        switch (decoded, expected) {
        case (.success(let document), .releases(let releases)):
            require(document.releases.map(\.version.description) == releases.map(\.0),
                    "versions \(document.releases.map(\.version.description)) differ from the reference's \(releases.map(\.0))")
            require(document.releases.map { $0.heldBack?.reason == .prerelease } == releases.map(\.1), "pre-releases held back differ")
        case (.failure(let error), .refused(let listsNoRelease)):
            require(error.listsNoRelease == listsNoRelease, "listsNoRelease \(error.listsNoRelease) for \(shown(error.description))")
        case (.success, .refused):
            require(false, "decoded a body the reference refuses")
        case (.failure(let error), .releases):
            // The reference reads the whole tree; the decoder refuses a duplicate key among
            // the members it reads, and a member of the wrong type.
            require(error.description.hasPrefix("not valid JSON (duplicate key") || error.description.contains(" expected "),
                    "refused a body the reference reads: \(shown(error.description))")
        }
    } else if tree == nil, !duplicateKey {
        require((try? decoded.get()) == nil, "decoded a body that is not JSON")
    }
    if case .success(let document) = decoded {
        for release in document.releases {
            require((try? Version(release.version.description)) == release.version, "version \(shown(release.version.description)) does not round-trip")
        }
    }
    checkPipeline(source: try! .manifest(location: "https://api.github.com/repos/o/r/releases"), body: body, selector: data[0])
    return 0
}

/// SPEC.md's rules over the whole tree: (version as spelled, held back as a pre-release)
/// per release, or a refusal; nil when the body is not a
/// list or release object (the decoder's message says so, nothing to compare).
enum Reference {
    /// Each release's version as spelled, and whether it is held back as a pre-release.
    case releases([(String, Bool)])
    /// Refused; whether no element was a non-draft.
    case refused(listsNoRelease: Bool)
}

func reference(_ tree: JSONTree, prefix: String?, include: Bool) -> Reference? {
    let elements: [JSONTree]
    switch tree {
    case .array(let all): elements = all
    case .object: elements = [tree]
    default: return nil
    }
    var releases: [(String, Bool)] = []
    // Of the pre-releases held back only the highest, the first of equals, is kept, last.
    var highestHeld: Version?
    var published = 0
    for element in elements {
        guard case .object(let members) = element, case .string(let tag)? = members["tag_name"] else { return .refused(listsNoRelease: false) }
        if case .bool(true)? = members["draft"] { continue }
        published += 1
        var text = tag
        if let prefix {
            guard tag.utf8.starts(with: prefix.utf8) else { continue }
            text = String(decoding: tag.utf8.dropFirst(prefix.utf8.count), as: UTF8.self)
        }
        guard let version = try? Version(text) else { continue }
        var marked = false
        if case .bool(true)? = members["prerelease"] { marked = true }
        if (marked || version.isPrerelease) && !include {
            if highestHeld.map({ version > $0 }) ?? true { highestHeld = version }
        } else {
            releases.append((version.description, false))
        }
    }
    if let highestHeld { releases.append((highestHeld.description, true)) }
    return releases.isEmpty ? .refused(listsNoRelease: published == 0) : .releases(releases)
}
