import VersionCheckCore

/// One row of `outdated` or `batch`: whom it is about, and its check (or why there is none).
package struct CheckListItem: Sendable {
    /// How the row is named: an app (`outdated`) or a line of the file (`batch`).
    package enum Label: Sendable, Equatable {
        case app(name: String, path: String)
        /// A folder `outdated` cannot list: named by its path.
        case folder(path: String)
        case line(Int)

        /// The NAME column and the prefix of an error line.
        package var name: String {
            switch self {
            case .app(let name, _): name
            case .folder(let path): path
            case .line(let number): "line \(number)"
            }
        }
    }

    /// What is to be done for the row.
    package enum Work: Sendable {
        /// A check to run.
        case check(CheckRequest)
        /// An app with no source: not checked, and not counted in the exit code.
        case skipped(reason: String)
        /// Failed before any request (an app whose Info.plist cannot be read).
        case failed(Failure)
    }

    package var label: Label
    package var work: Work
    /// The version text the check will compare, when the command knows it before the
    /// check runs (`outdated`: a Sparkle app's `CFBundleVersion`); nil to take it from
    /// the request (`CheckListPresenter.columnWidths`).
    package var current: String? = nil
    /// The `--ignore` rule for the app, if any: skipped already (`work`), or skipped once
    /// its check finds the version the rule ignores.
    package var ignore: IgnoreList.Rule? = nil

    package init(label: Label, work: Work, current: String? = nil, ignore: IgnoreList.Rule? = nil) {
        self.label = label
        self.work = work
        self.current = current
        self.ignore = ignore
    }

    /// Skipped for a reason of its own (no source, an insecure feed), not ignored: what the
    /// closing `N apps skipped` line counts.
    package var isSkipped: Bool {
        guard case .skipped = work else { return false }
        return ignore == nil
    }
}
