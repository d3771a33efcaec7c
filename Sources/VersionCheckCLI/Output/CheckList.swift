import VersionCheckCommandLine
import VersionCheckPipeline
import VersionCheckPlatform
import VersionCheckSources
import VersionCheckCore

/// Runs a list of checks, at most `jobs` at a time, and hands each one's result to
/// `finished` (with the request's index) as soon as it ends, from the thread that ran it,
/// in any order; returns once every check has ended and been handed on. Nothing is kept
/// after `finished` returns (STYLE.md #23). Warnings (the cache's) and `-v` lines go to
/// `output`'s stderr.
///
/// The real program's is `LiveCheck.listRunner`; tests inject fakes.
public typealias CheckListRunner = @Sendable (
    _ requests: [CheckRequest], _ jobs: Int, _ output: Output,
    _ finished: @escaping @Sendable (_ index: Int, _ result: Result<CheckReport, Failure>) -> Void
) -> Void

extension LiveCheck {
    /// The real program's list of checks: each as `runner(environment:)` runs one, with
    /// the cache `--check-period` asks for, at most `jobs` at a time on threads of their
    /// own (`BoundedParallel.forEach`), each result handed on as it ends, all through one network helper
    /// (`ServedHelper`, started at the first check that needs the network).
    ///
    /// `--background-refresh`: the expired entries' locks are collected while the checks
    /// run, and one detached process refreshes them all afterwards (`RefreshList`). In that
    /// process (`BackgroundRefresh.locks(in:)` not empty) the checks whose lock it holds ask
    /// the source now, and each lock is released when its check ends.
    public static func listRunner(environment: [String: String]) -> CheckListRunner {
        let now = Clock.now(environment: environment)
        let refreshLocks = BackgroundRefresh.locks(in: environment)
        if !refreshLocks.isEmpty {
            System.closeInheritedDescriptors()
            if let list = environment[BackgroundRefresh.listVariable] { System.removeFile(list) }
        }
        return { requests, jobs, output, finished in
            let collector = RefreshCollector()
            // One helper serves every check of the list; it ends before the refresh starts.
            let helper = ServedHelper(environment: environment)
            let checker = UpdateChecker(
                fetcher: helper, now: now, offline: OfflineSwitch.isOn(environment),
                startRefresh: { request, url, store in
                    if refreshLocks.isEmpty { collector.collect(request, url: url, store: &store) }
                })
            BoundedParallel.forEach(count: requests.count, width: jobs) { index in
                let lock = BackgroundRefresh.lock(for: requests[index], among: refreshLocks)
                let request = lock == nil ? requests[index] : BackgroundRefresh.refreshing(requests[index])
                let result: Result<CheckReport, Failure>
                var cache = cacheStore(request, environment: environment, now: now, output: output.with(request.global))
                do throws(Failure) {
                    result = .success(try checker.check(request, cache: cache))
                } catch {
                    result = .failure(error)
                }
                if let lock { cache?.releaseRefreshLock(lock) }
                finished(index, result)
            }
            helper.finish()
            collector.start(jobs: jobs)
        }
    }
}

/// What became of one row.
enum CheckListOutcome: Sendable {
    case report(CheckReport)
    case failure(Failure)
    case skipped(reason: String)
}

/// Runs the rows' checks through the list runner and prints each row's outcome as soon
/// as every earlier row's is printed (`OrderedOutput`).
enum CheckList {
    /// Runs every check of `items`, at most `jobs` at a time, printing them in row order
    /// as they end (SPEC.md "Many apps at once"), and returns the exit status: the first
    /// failure's code in output order, else 101 if any update is forced, 100 if any is
    /// optional, else 0. A finished check is rendered at once, on its own thread, and only
    /// its output is kept until its turn.
    /// `explain`: `--explain` on the command (`outdated`), which explains skipped rows too;
    /// a check's own explanation comes with its report or failure.
    static func run(_ items: [CheckListItem], jobs: Int, all: Bool, explain: Bool = false, context: CommandContext) -> ExitStatus {
        let output = context.output
        var requests: [CheckRequest] = []
        var rowOfRequest: [Int] = []
        for (row, item) in items.enumerated() {
            guard case .check(let request) = item.work else { continue }
            requests.append(request)
            rowOfRequest.append(row)
        }
        let widths = CheckListPresenter.columnWidths(items, all: all)
        let emitter = OrderedOutput(
            count: items.count, output: output, progress: ProgressLine(total: requests.count, output: output),
            folder: temporaryFolder(context.environment))
        emitter.start()
        for (row, item) in items.enumerated() {
            let outcome: CheckListOutcome
            switch item.work {
            case .check: continue
            case .skipped(let reason): outcome = .skipped(reason: reason)
            case .failed(let failure): outcome = .failure(failure)
            }
            emitter.deliver(
                row, CheckListPresenter.render(item.label, outcome, all: all, explain: explain, widths: widths, like: output),
                finishedCheck: false)
        }
        if !requests.isEmpty {
            let rows = rowOfRequest
            context.checkListRunner(requests, jobs, output) { index, result in
                guard rows.indices.contains(index) else { return }
                let row = rows[index]
                let outcome: CheckListOutcome
                switch result {
                case .success(let report):
                    // `--ignore ID@VERSION`: the app shows again once a newer release is out.
                    if case .check(let request) = items[row].work, items[row].ignore?.ignores(report, of: request) == true {
                        outcome = .skipped(reason: IgnoreList.reason)
                    } else {
                        outcome = .report(report)
                    }
                case .failure(let failure): outcome = .failure(failure)
                }
                emitter.deliver(
                    row, CheckListPresenter.render(items[row].label, outcome, all: all, explain: explain, widths: widths, like: output))
            }
        }
        let end = emitter.finish()
        let skipped = items.filter(\.isSkipped).count
        if !all, skipped > 0 {
            output.note("\(skipped) app\(skipped == 1 ? "" : "s") skipped; --all lists them and why")
        }
        if end.missing > 0 {
            return output.report(Failure(.internal, "the check pipeline left \(end.missing) of \(items.count) rows without a result"))
        }
        guard let failure = end.outputFailure else { return end.status }
        output.errorLine(failure.message)
        switch end.status {
        case .success, .no, .optionalUpdate, .forcedUpdate: return failure.exitStatus
        default: return end.status
        }
    }

    /// Where output waiting its turn beyond memory goes: `TMPDIR`, else `/tmp`.
    static func temporaryFolder(_ environment: [String: String]) -> String {
        guard let folder = environment["TMPDIR"], !folder.isEmpty else { return "/tmp" }
        return folder
    }
}
