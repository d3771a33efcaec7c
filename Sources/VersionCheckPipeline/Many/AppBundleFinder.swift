import VersionCheckCommandLine
import VersionCheckCore
import VersionCheckPlatform
import VersionCheckSources

/// Finds the `.app` bundles `outdated` checks (SPEC.md "Many apps at once"): a PATH that
/// is a bundle, or the bundles in a folder up to `maximumDepth` levels down
/// (`PATH/X.app` is level 1), never inside a bundle, never through a symbolic link,
/// never in a folder whose name starts with a dot. Each bundle once, sorted by path; a
/// folder that cannot be listed is found too, in its place, so that it is reported
/// rather than passed over in silence.
package enum AppBundleFinder {
    /// A bundle to check, or a folder that cannot be listed and why (`Permission denied`).
    package struct Entry: Equatable {
        package var path: String
        package var cannotList: String? = nil
    }

    /// `PATH/a/b/X.app` is found; `PATH/a/b/c/X.app` is not.
    package static let maximumDepth = 3

    /// Where to look when no PATH is given: `/Applications` and `~/Applications` on
    /// macOS (a missing one is passed over; `~` only when `HOME` is usable, else `warn`
    /// says once that `~/Applications` is left out); nil elsewhere, where PATH is required.
    package static func defaultFolders(environment: [String: String], warn: (String) -> Void) -> [String]? {
        #if os(macOS)
        switch HomeFolder.resolve(environment: environment) {
        case .success(let home):
            return ["/Applications", home + "/Applications"]
        case .failure(let problem):
            warn("\(problem.description): leaving out ~/Applications")
            return ["/Applications"]
        }
        #else
        return nil
        #endif
    }

    /// The bundles under `paths`, and the folders that cannot be listed, sorted by path,
    /// each reached twice (overlapping paths, a hard link) listed once. A PATH that does
    /// not exist is 66 unless `missingIsEmpty` (the default folders).
    package static func find(_ paths: [String], missingIsEmpty: Bool = false) throws(Failure) -> [Entry] {
        var found: [Found] = []
        for given in paths {
            let path = trimmingTrailingSlashes(given)
            switch System.identity(path, follow: true) {
            case .failure(let error):
                if missingIsEmpty && error.isNoSuchFile { continue }
                let why = error.isNoSuchFile || error.isNotAPlainDirectory ? "no such file or folder" : "cannot be read: \(error.description)"
                throw Failure(.noInput, "outdated \(Quote.single(given)): \(why)")
            case .success((let kind, let identity)):
                guard kind == .directory else {
                    throw Failure(.noInput, "outdated \(Quote.single(given)): not a folder or an app bundle")
                }
                if isBundleName(path) {
                    found.append(Found(path: path, identity: identity))
                } else {
                    walk(path, identity: identity, level: 1, into: &found)
                }
            }
        }
        // By UTF-8 bytes, compared in place: a `String.UTF8View` compared element by
        // element costs twenty times as much (500 paths: 18 M instructions against 1 M).
        let sorted = found.map { (bytes: Array($0.path.utf8), bundle: $0) }
            .sorted { ByteText.precedes($0.bytes, $1.bytes) }
        var seen: Set<FileIdentity> = []
        return sorted.filter { seen.insert($0.bundle.identity).inserted }.map { Entry(path: $0.bundle.path, cannotList: $0.bundle.cannotList) }
    }

    /// A bundle or an unlistable folder, with its identity.
    private struct Found {
        package var path: String
        package var identity: FileIdentity
        package var cannotList: String? = nil
    }

    /// Adds the bundles in `folder` (at `level`) and, below `maximumDepth`, in its
    /// subfolders; a folder that cannot be listed, or whose entries cannot be looked at
    /// (read but not search permission), is added as such.
    private static func walk(_ folder: String, identity: FileIdentity, level: Int, into found: inout [Found]) {
        let names: [String]
        switch System.directoryEntries(folder) {
        case .success(let listed): names = listed
        case .failure(let error):
            found.append(Found(path: folder, identity: identity, cannotList: error.description))
            return
        }
        var denied: Errno?
        for name in names where !name.hasPrefix(".") {
            let path = folder == "/" ? "/" + name : folder + "/" + name
            let kind: FileStatus.Kind
            let entry: FileIdentity
            switch System.identity(path, follow: false) {
            case .success(let status): (kind, entry) = status
            case .failure(let error):
                // Gone since the listing: nothing to check. Anything else hides what is there.
                if !error.isNoSuchFile && denied == nil { denied = error }
                continue
            }
            guard kind == .directory else { continue }  // files, and symbolic links wherever they point
            if isBundleName(name) {
                found.append(Found(path: path, identity: entry))
            } else if level < maximumDepth {
                walk(path, identity: entry, level: level + 1, into: &found)
            }
        }
        if let denied { found.append(Found(path: folder, identity: identity, cannotList: denied.description)) }
    }

    /// Whether a folder is named as an app bundle (`X.app`).
    package static func isBundleName(_ path: String) -> Bool {
        path.hasSuffix(".app") && !path.hasSuffix("/.app") && path != ".app"
    }

    /// `Apps` for `Apps/` (a lone `/` stays).
    package static func trimmingTrailingSlashes(_ path: String) -> String {
        CurrentVersionSource.trimmingTrailingSlashes(path)
    }
}
