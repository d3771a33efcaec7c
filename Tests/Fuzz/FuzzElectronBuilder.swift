// Fuzz target: the YAML reader and the electron-builder decoder, then the whole check.
// Input: byte 0 picks the policy and the current version (as fuzz-manifest); byte 1 the
// options (bit 7: a --rollout-percentile, bits 0-6 modulo 100); the rest is the body.
//
// Invariants, beyond "no crash": reading is deterministic; what the whole-tree reading
// accepts, the decoder's selective reading accepts too, and keeps the same top-level
// text members and the same `files`/`releaseNotes` elements; decoding is deterministic
// and agrees with a second reading of SPEC.md's rules over the whole tree (the version,
// the url, the listed versions between current and it, staging); decoded versions
// round-trip; then the check fails only as 76 and never offers an update when latest <=
// current (`checkPipeline`).
import Foundation
import VersionCheckCLI
import VersionCheckCommandLine
import VersionCheckPipeline
import VersionCheckCore
import VersionCheckSources

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzElectronBuilder(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 1 else { return 0 }
    let body = Array(UnsafeBufferPointer(start: data + 2, count: size - 2))
    let percentile = data[1] & 0x80 != 0 ? Int(data[1] & 0x7F) % 100 : nil
    let current = pipelineCurrent(data[0])
    let context = SourceContext(current: current, rolloutPercentile: percentile)

    let whole = Result { () throws(YAMLReader.Failure) in try YAMLReader.parse(body) }
    require(whole == Result { () throws(YAMLReader.Failure) in try YAMLReader.parse(body) }, "reading is not deterministic")
    var streamed: [String: [YAMLNode]] = [:]
    let selected = Result { () throws(YAMLReader.Failure) in
        try YAMLReader.parse(body, selection: ElectronBuilderFormat.selection) { key, element, index in
            // A key given twice streams its list twice (the repeat is refused after it).
            if index == 0 { streamed[key] = [] }
            require(index == streamed[key, default: []].count, "streamed index \(index) out of order")
            streamed[key, default: []].append(element)
        }
    }
    if case .success(let tree) = whole {
        guard case .success(let kept) = selected else {
            require(false, "the selective reading refuses what the whole reading accepts: \(shown(String(describing: selected)))")
            return 0
        }
        if case .mapping(let top) = tree, case .mapping(let keptTop) = kept {
            for key in ElectronBuilderFormat.selection.topLevel {
                if case .scalar(let text)? = top[key] { require(keptTop[key] == .scalar(text), "kept '\(key)' differs") }
                if case .sequence(let elements)? = top[key], let members = ElectronBuilderFormat.selection.streamed[key] {
                    require(elements.map { shallow($0, members) } == streamed[key, default: []], "streamed '\(key)' differs")
                }
            }
        }
    }

    let decoded = Result { () throws(BodyError) in try ElectronBuilderFormat.decode(body, context: context) }
    require(decoded == Result { () throws(BodyError) in try ElectronBuilderFormat.decode(body, context: context) }, "decoding is not deterministic")
    if case .success(let document) = decoded {
        let own = document.releases.filter { !$0.listedWithLatest }
        require(own.count == 1 && document.releases.last == own.first, "not one release, last")
        let main = own[0]
        require(document.releases.dropLast().allSatisfy { $0.version < main.version && $0.version > current && $0.url == nil },
                "a listed release outside (current, version) or with a url")
        require(main.heldBack == nil || (percentile != nil && main.heldBack == HeldBack(.stagedRollout)), "held back without a percentile")
        for release in document.releases {
            require((try? Version(release.version.description)) == release.version, "version \(shown(release.version.description)) does not round-trip")
        }
        if case .success(.mapping(let top)) = whole {
            require(top["version"]?.text.flatMap { try? Version($0) } == main.version, "the version is not the top-level version")
            let firstURL: String? = {
                guard case .sequence(let files)? = top["files"], case .mapping(let first)? = files.first else { return nil }
                return first["url"]?.text
            }()
            let location = firstURL ?? top["path"]?.text
            // A space becomes %20 byte by byte, as a browser writes it: never by Character, for
            // a space followed by a combining mark is one Character with it.
            let expected = location.map { text in
                String(decoding: text.utf8.flatMap { $0 == UInt8(ascii: " ") ? Array("%20".utf8) : [$0] }, as: UTF8.self)
            }
            require(expected == main.url, "url \(main.url ?? "nil") is not the first file's or path")
        }
    } else if case .success(.mapping(let top)) = whole, top["version"]?.text.flatMap({ try? Version($0) }) != nil {
        // A readable version, yet refused: a field the rules refuse must be why.
        if case .failure(let error) = decoded {
            require(!error.description.hasPrefix("not the YAML"), "the decoder refuses YAML the reader accepts: \(shown(error.description))")
        }
    }
    checkPipeline(source: try! .manifest(location: "https://downloads.invalid/app/latest-mac.yml"), body: body, selector: data[0])
    return 0
}

/// `node` as the selective reading keeps a streamed element: a mapping's named members,
/// each a scalar's text or a collection's kind; a scalar as it is; a collection's kind.
func shallow(_ node: YAMLNode, _ members: Set<String>) -> YAMLNode {
    switch node {
    case .scalar: return node
    case .sequence: return .sequence([])
    case .mapping(let mapping):
        var kept = YAMLMapping()
        for (key, value) in mapping.entries where members.contains(key) {
            let shallowValue: YAMLNode
            switch value {
            case .scalar: shallowValue = value
            case .sequence: shallowValue = .sequence([])
            case .mapping: shallowValue = .mapping(YAMLMapping())
            }
            _ = kept.insert(key, shallowValue)
        }
        return .mapping(kept)
    }
}
