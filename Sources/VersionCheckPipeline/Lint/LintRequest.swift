import VersionCheckCommandLine
import VersionCheckCore
import VersionCheckSources

/// Everything `lint` asked for, parsed and checked before any source is read: every
/// source's location (a bad one is 64, before any request) and how to fetch them.
public struct LintRequest: Sendable, Equatable {
    /// The feeds, in the order given: `SOURCE` and `--github` interleaved as on the line.
    public var sources: [LintSource]
    /// `--strict`: a warning fails too.
    public var strict: Bool
    /// `--tag-prefix`: which GitHub tags are a component's.
    public var tagPrefix: String?
    /// The fetch settings of each source (`--timeout`, `--retries`, `--deadline` per
    /// source, `--allow-insecure`, `-v`), as a check's.
    public var fetching: CheckRequest

    /// The request of a parsed `lint` line; 64 when it names no source or a source that
    /// may not be read.
    package init(_ line: ParsedCommandLine) throws(Failure) {
        let allowInsecure = line[Option.allowInsecure]
        var sources: [LintSource] = []
        let repositories = line[Option.lintGitHub]
        let before = line.argumentsBeforeRepeated[Option.lintGitHub.spec.name] ?? []
        var next = 0
        for (index, text) in line.arguments.enumerated() {
            while next < repositories.count, (before.indices.contains(next) ? before[next] : 0) <= index {
                sources.append(try .gitHub(repositories[next]))
                next += 1
            }
            sources.append(try .given(text, allowInsecure: allowInsecure))
        }
        for repository in repositories[next...] { sources.append(try .gitHub(repository)) }
        guard !sources.isEmpty else {
            throw Failure(.usage, "lint: no source given: name a feed (a path or a URL) or --github OWNER/REPO (see 'versioncheck help lint')")
        }
        self.sources = sources
        strict = line[Option.lintStrict]
        tagPrefix = line[Option.tagPrefix]
        fetching = CheckRequest(
            // Each source's location replaces this one when it is read.
            source: sources[0].check, current: Version.zero, timeout: line[Option.timeout],
            retries: line[Option.retries], allowInsecure: allowInsecure, global: line.global, deadline: line[Option.deadline])
    }
}

/// One feed `lint` reads.
public struct LintSource: Sendable, Equatable {
    /// Where it is.
    public var location: ManifestLocation
    /// `--github OWNER/REPO`: the repository whose API URL `location` is.
    public var gitHubRepository: String?

    /// How findings and errors name it: the text given, or the API URL of `--github`.
    public var shown: String {
        switch location {
        case .remote(let url): url.display
        case .file(_, let given): given
        }
    }

    /// The source as a check's.
    var check: CheckRequest.Source { .manifest(location) }

    /// `SOURCE` as given: a URL or a path, held to `manifest --url`'s rules.
    static func given(_ text: String, allowInsecure: Bool) throws(Failure) -> LintSource {
        LintSource(location: try ManifestLocation.parse(text, allowInsecure: allowInsecure, setting: "lint source"))
    }

    /// `--github OWNER/REPO`: the repository's releases on the API.
    static func gitHub(_ repository: String) throws(Failure) -> LintSource {
        let url = GitHubReleasesFormat.apiURL(repository: repository)
        return LintSource(
            location: try ManifestLocation.parse(url, allowInsecure: false, setting: "--github"), gitHubRepository: repository)
    }
}
