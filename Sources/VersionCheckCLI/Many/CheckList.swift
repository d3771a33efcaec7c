import VersionCheckCore

/// Runs a list of checks, at most `jobs` at a time, and returns one result per request
/// in input order, whatever order they finish in; `progress` is called once per finished
/// check, from any thread. Warnings (the cache's) and `-v` lines go to `output`'s stderr.
///
/// The real program's is `LiveCheck.listRunner`; tests inject fakes.
public typealias CheckListRunner = @Sendable (
    _ requests: [CheckRequest], _ jobs: Int, _ output: Output, _ progress: @escaping @Sendable () -> Void
) -> [Result<CheckReport, Failure>]

extension LiveCheck {
    /// The real program's list of checks: each as `runner(environment:)` runs one, with
    /// the cache `--check-period` asks for, at most `jobs` at a time on threads of their
    /// own (`BoundedParallel`), results in input order, all through one network helper
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
            BackgroundRefresh.settle(environment: environment)
            if let list = environment[BackgroundRefresh.listVariable] { System.removeFile(list) }
        }
        return { requests, jobs, output, progress in
            let collector = RefreshCollector()
            // One helper serves every check of the list; it ends before the refresh starts.
            let helper = ServedHelper(environment: environment)
            let checker = UpdateChecker(
                fetcher: helper, now: now, offline: OfflineSwitch.isOn(environment),
                startRefresh: { request, url, store in
                    if refreshLocks.isEmpty { collector.collect(request, url: url, store: &store) }
                })
            let results = BoundedParallel.map(count: requests.count, width: jobs) { index in
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
                progress()
                return result
            }
            helper.finish()
            collector.start(jobs: jobs)
            return results
        }
    }
}

/// One row of `outdated` or `batch`: whom it is about, and its check (or why there is none).
struct CheckListItem: Sendable {
    /// How the row is named: an app (`outdated`) or a line of the file (`batch`).
    enum Label: Sendable, Equatable {
        case app(name: String, path: String)
        case line(Int)

        /// The NAME column and the prefix of an error line.
        var name: String {
            switch self {
            case .app(let name, _): name
            case .line(let number): "line \(number)"
            }
        }
    }

    /// What is to be done for the row.
    enum Work: Sendable {
        /// A check to run.
        case check(CheckRequest)
        /// An app with no source: not checked, and not counted in the exit code.
        case skipped(reason: String)
        /// Failed before any request (an app whose Info.plist cannot be read).
        case failed(Failure)
    }

    var label: Label
    var work: Work
}

/// What became of one row.
enum CheckListOutcome: Sendable {
    case report(CheckReport)
    case failure(Failure)
    case skipped(reason: String)
}

/// Runs the rows' checks through the list runner and prints the outcome, in row order.
enum CheckList {
    /// Runs every check of `items`, at most `jobs` at a time, then prints them (SPEC.md
    /// "Many apps at once") and returns the exit status: the first failure's code in
    /// output order, else 101 if any update is forced, 100 if any is optional, else 0.
    static func run(_ items: [CheckListItem], jobs: Int, all: Bool, context: CommandContext) -> ExitStatus {
        var requests: [CheckRequest] = []
        for item in items {
            if case .check(let request) = item.work { requests.append(request) }
        }
        let progress = ProgressLine(total: requests.count, output: context.output)
        progress.start()
        let results = requests.isEmpty ? [] : context.checkListRunner(requests, jobs, context.output) { progress.advance() }
        progress.erase()
        guard results.count == requests.count else {
            return context.output.report(Failure(
                .internal, "the check pipeline returned \(results.count) results for \(requests.count) checks"))
        }
        var next = results.makeIterator()
        let outcomes: [CheckListOutcome] = items.map { item in
            switch item.work {
            case .check:
                switch next.next() {
                case .success(let report)?: return .report(report)
                case .failure(let failure)?: return .failure(failure)
                case nil: return .failure(Failure(.internal, "a check has no result"))
                }
            case .skipped(let reason): return .skipped(reason: reason)
            case .failed(let failure): return .failure(failure)
            }
        }
        let rows = zip(items.map(\.label), outcomes).map { label, outcome in
            guard case .failure(let failure) = outcome else { return (label, outcome) }
            return (label, CheckListOutcome.failure(Failure(failure.kind, "\(label.name): \(failure.message)")))
        }
        CheckListPresenter.present(rows, all: all, to: context.output)
        return exitStatus(outcomes)
    }

    /// The first failure's code in output order, else 101 if any is forced, 100 if any is
    /// optional, else 0; skipped rows do not count.
    static func exitStatus(_ outcomes: [CheckListOutcome]) -> ExitStatus {
        var status = ExitStatus.success
        for outcome in outcomes {
            switch outcome {
            case .failure(let failure):
                return failure.exitStatus
            case .report(let report):
                switch CheckPresenter.exitStatus(report) {
                case .forcedUpdate: status = .forcedUpdate
                case .optionalUpdate where status != .forcedUpdate: status = .optionalUpdate
                default: break
                }
            case .skipped:
                break
            }
        }
        return status
    }
}
