import VersionCheckCommandLine
import VersionCheckPipeline
import VersionCheckPlatform
import VersionCheckSources
import VersionCheckCore

/// `outdated [PATH …]`: every app bundle under PATH, each checked against its own
/// source (Sparkle feed, Mac App Store, App Store) with the command line's check
/// options, concurrently, printed sorted by path.
struct OutdatedCommand: Command {
    static let spec = CommandTable.outdated
    let items: [CheckListItem]
    let jobs: Int
    let all: Bool
    /// `--explain`: each app's check explains itself; a skipped app says why here.
    let explain: Bool

    init(_ line: ParsedCommandLine, context: CommandContext) throws(Failure) {
        jobs = line[Option.jobs]
        all = line[Option.all]
        explain = line[Option.explain]
        let entries: [AppBundleFinder.Entry]
        if !line.arguments.isEmpty {
            entries = try AppBundleFinder.find(line.arguments)
        } else if let folders = AppBundleFinder.defaultFolders(environment: context.environment, warn: context.output.warning) {
            entries = try AppBundleFinder.find(folders, missingIsEmpty: true)
        } else {
            throw Failure(
                .usage,
                "outdated needs a PATH: its default folders, /Applications and ~/Applications, are macOS's (see 'versioncheck help outdated')")
        }
        // The bundles' Info.plists are read `jobs` at a time too (500 of them were half
        // this command's own instructions, on one thread).
        let environment = context.environment
        let ignoring = try IgnoreList(options: line[Option.ignore], environment: environment)
        items = BoundedParallel.map(count: entries.count, width: jobs) { index in
            let entry = entries[index]
            guard let why = entry.cannotList else {
                return Self.item(entry.path, line: line, ignoring: ignoring, environment: environment)
            }
            // A folder that cannot be listed is a failure in its place (SPEC.md): never passed over.
            return CheckListItem(label: .folder(path: entry.path), work: .failed(Failure(.noInput, "cannot list: \(why)")))
        }
    }

    func run(_ context: CommandContext) -> ExitStatus {
        CheckList.run(items, jobs: jobs, all: all, explain: explain, context: context)
    }

    /// The row of the bundle at `path`: its check, a skip, or why it cannot be read.
    static func item(_ path: String, line: ParsedCommandLine, ignoring: IgnoreList, environment: [String: String]) -> CheckListItem {
        let bundle: AppBundle
        do {
            bundle = try AppBundle.read(path)
        } catch {
            return CheckListItem(label: .app(name: AppBundle.folderName(path), path: path), work: .failed(error))
        }
        let label = CheckListItem.Label.app(name: bundle.name, path: path)
        let ignore = ignoring.rule(for: bundle.info.strings[InfoPlist.bundleIdentifierKey])
        if let ignore, ignore.version == nil {
            return CheckListItem(label: label, work: .skipped(reason: IgnoreList.reason), ignore: ignore)
        }
        var current: String?
        var decision: AppBundle.FeedDecision?
        switch bundle.source {
        case .appcast(let feed):
            decision = AppBundle.feedDecision(feed, allowInsecure: line[Option.allowInsecure])
            current = bundle.info.strings[CurrentKey.build.plistKey]
        case .electronBuilder(.feed(let feed)):
            decision = AppBundle.feedDecision(feed, allowInsecure: line[Option.allowInsecure]) {
                "the feed \($0) of its \(AppUpdateFile.name)"
            }
        case .electronBuilder(.skipped(let reason)):
            return CheckListItem(label: label, work: .skipped(reason: reason))
        case .electronBuilder(.invalid(let failure)):
            return CheckListItem(label: label, work: .failed(failure))
        case .macAppStore, .iOSAppStore, .none:
            break
        }
        var feedURL: String?
        switch decision {
        case .check(let url)?: feedURL = url
        case .skip(let reason)?: return CheckListItem(label: label, work: .skipped(reason: reason))
        case .fail(let failure)?: return CheckListItem(label: label, work: .failed(failure))
        case nil: break
        }
        do {
            guard let check = try checkLine(for: bundle, feedURL: feedURL, options: line) else {
                return CheckListItem(label: label, work: .skipped(reason: AppBundle.noSourceReason))
            }
            return CheckListItem(
                label: label, work: .check(try CheckRequestBuilder.request(from: check, environment: environment, preread: bundle.info)),
                current: current, ignore: ignore)
        } catch {
            return CheckListItem(label: label, work: .failed(error))
        }
    }

    /// The `lookup` or `manifest` command line that checks `bundle`: this command's check
    /// options plus the bundle's source, as if typed (`manifest --url FEED --current-from
    /// BUNDLE …`, `lookup --current-from BUNDLE --platform mac|ios …`), so one request
    /// builder serves every command. `feedURL` is the appcast's URL as
    /// `AppBundle.feedDecision` let it through (decided once, by the caller). Nil for an app
    /// with no source.
    static func checkLine(
        for bundle: AppBundle, feedURL: String?, options line: ParsedCommandLine
    ) throws(Failure) -> ParsedCommandLine? {
        var values = line.values
        values[Option.jobs.name] = nil
        values[Option.ignore.name] = nil
        var flags = line.flags
        flags.remove(Option.all.name)
        values[Option.currentFrom.name] = .text(bundle.path)
        let command: CommandSpec
        switch bundle.source {
        case .none:
            return nil
        case .appcast, .electronBuilder:
            // Only a feed `AppBundle.feedDecision` lets through is ever given as --url.
            guard let url = feedURL else { return nil }
            command = CommandTable.manifest
            values[Option.url.name] = .text(url)
        case .macAppStore:
            command = CommandTable.lookup
            values[Option.platform.name] = .platform(.mac)
        case .iOSAppStore:
            command = CommandTable.lookup
            values[Option.platform.name] = .platform(.ios)
        }
        return ParsedCommandLine(
            command: command, global: line.global, values: values, flags: flags, arguments: [])
    }
}
