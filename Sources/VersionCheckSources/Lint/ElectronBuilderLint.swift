import VersionCheckCore

/// `lint` of an electron-builder update file (SPEC.md "Checking a feed before
/// publishing"): `E01`–`E03` and `V01`, each at the line of its key, and about the
/// file's one release (`item`: its `version`).
///
/// Reads as the decoder reads (`ElectronBuilderFormat.selection`, `files` and a
/// `releaseNotes` list streamed element by element) and judges each field by the
/// decoder's own checks (`ElectronFeed`). A value of another kind than the decoder
/// expects (a mapping for a url) is no finding: when no finding is an error,
/// `FeedLint` runs the decoder, which refuses it.
enum ElectronBuilderLint {
    static func findings(_ body: [UInt8], context: LintContext) throws(BodyError) -> [LintFinding] {
        var lint = ElectronLinting(base: context.base)
        var lines = KeyPositions(elementDepth: 3)
        let tree: YAMLNode
        do {
            tree = try YAMLReader.parse(
                body, selection: ElectronBuilderFormat.selection,
                sink: { key, element, index in
                    if key == "files" {
                        lint.addFile(element, index: index, lines: lines)
                    } else {
                        lint.addNote(element, index: index, lines: lines)
                    }
                    lines.elementDone()
                },
                locator: { lines.record(depth: $0, key: $1, position: $2) })
        } catch {
            throw ElectronBuilderFormat.unreadable(error)
        }
        guard case .mapping(let top) = tree else { return [] }  // the decoder says why
        lint.finish(top, lines: lines)
        let version = top["version"]?.text
        return lint.found.resolved(in: body).map { finding in
            var finding = finding
            if finding.item == nil { finding.item = version }
            return finding
        }
    }
}

/// What `ElectronBuilderLint` gathers as it reads.
private struct ElectronLinting {
    let base: String?
    var found = LocatedFindings()
    /// Entries of `files`, whatever they hold.
    var fileCount = 0

    init(base: String?) {
        self.base = base
    }

    /// One entry of `files` (`lines`: where its keys are): `E01` for its `sha512` and
    /// `size`, `E03` for its `url`.
    mutating func addFile(_ element: YAMLNode, index: Int, lines: KeyPositions) {
        fileCount += 1
        guard case .mapping(let entry) = element else { return }
        let line = entry.entries.first.flatMap { lines.element($0.key) } ?? 0
        if case .scalar(let url)? = entry["url"], !url.isEmpty {
            checkURL(url, what: "files[\(index)].url", line: lines.element("url") ?? line)
        }
        switch entry["sha512"] {
        case nil: found.add(.e01, at: .line(line), item: nil, "files[\(index)] has no sha512")
        case .scalar(let sha512)? where !ByteText.isBase64OfSixtyFourBytes(sha512):
            found.add(.e01, at: .line(lines.element("sha512") ?? line), item: nil,
                "files[\(index)].sha512 \(LintText.quoted(sha512)) is not base64 of 64 bytes (a SHA-512 digest)")
        default: break
        }
        switch entry["size"] {
        case nil: found.add(.e01, at: .line(line), item: nil, "files[\(index)] has no size")
        case .scalar(let size)? where !ByteText.isPositiveInteger(size):
            found.add(.e01, at: .line(lines.element("size") ?? line), item: nil,
                "files[\(index)].size \(LintText.quoted(size)) is not a positive integer")
        default: break
        }
    }

    /// One entry of a `releaseNotes` list: `V01` for a `version` that is none.
    mutating func addNote(_ element: YAMLNode, index: Int, lines: KeyPositions) {
        guard case .mapping(let entry) = element, case .scalar(let text)? = entry["version"] else { return }
        checkVersion(text, what: "releaseNotes[\(index)].version", line: lines.element("version") ?? 0)
    }

    /// The top-level keys, once the lists are read.
    mutating func finish(_ top: YAMLMapping, lines: KeyPositions) {
        if case .scalar(let text)? = top["version"] {
            checkVersion(text, what: "version", line: lines.top("version") ?? 0)
        }
        let path = top["path"]?.text.flatMap { $0.isEmpty ? nil : $0 }
        if let path { checkURL(path, what: "path", line: lines.top("path") ?? 0) }
        if path == nil, let problem = filesProblem(top["files"]) {
            found.add(.e01, at: .line(lines.top("files") ?? 0), item: nil, "\(problem), and there is no path")
        }
        if case .scalar(let text)? = top["stagingPercentage"], ElectronFeed.percentage(text) == nil {
            found.add(.e02, at: .line(lines.top("stagingPercentage") ?? 0), item: nil,
                "stagingPercentage \(LintText.quoted(text)) is not a number from 0 to 100")
        }
    }

    /// Why `files` names no file (nil when it lists one).
    private func filesProblem(_ files: YAMLNode?) -> String? {
        switch files {
        case nil: "there is no files list"
        case .sequence?: fileCount == 0 ? "files is empty" : nil
        case .scalar(let text)? where text.isEmpty: "files is empty"
        case let other?: "files is \(other.kindName), not a list"
        }
    }

    /// `V01` when `text` is not a version (the decoder's reason; `what` is spelled out
    /// only for a finding kept).
    private mutating func checkVersion(_ text: String, what: @autoclosure () -> String, line: Int) {
        if case .failure(let error) = Version.reading(text) {
            found.add(.v01, at: .line(line), item: text, versionRefusal(error, what: what()))
        }
    }

    /// `E03` when `location`, resolved as the decoder resolves it, is plain `http://`.
    private mutating func checkURL(_ location: String, what: String, line: Int) {
        let resolved = ElectronFeed.resolved(location, against: base)
        guard let link = LintLink.resolved(resolved, base: nil), link.scheme == .http else { return }
        let shown = resolved == location ? "" : " (resolved: \(LintText.quoted(resolved)))"
        found.add(.e03, at: .line(line), item: nil, "\(what) \(LintText.quoted(location))\(shown) is plain http://, not https://")
    }
}
