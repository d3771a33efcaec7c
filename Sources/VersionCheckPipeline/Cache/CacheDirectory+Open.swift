import VersionCheckCommandLine
import VersionCheckCore
import VersionCheckPlatform
import VersionCheckSources

extension CacheDirectory {
    /// The mode of every folder the cache creates, and of the cache directory when created.
    package static let directoryMode: UInt32 = 0o700

    /// An open, vetted cache directory: entries are read and written relative to `descriptor`,
    /// so the folder checked is the folder used even if the path is swapped meanwhile.
    package struct Opened {
        package let directory: CacheDirectory
        package let descriptor: FileDescriptor

        package func close() { descriptor.close() }
    }

    /// What opening found.
    package enum OpenOutcome {
        case opened(Opened)
        /// The directory does not exist (and `create` was false): no entries, no warning.
        case missing
        case unusable(CacheDirectoryProblem)
    }

    /// Opens the directory without following a symbolic link and vets it: it must be a
    /// directory owned by this user (`geteuid`) that neither group nor others may write.
    /// With `create`, a missing directory and its missing parents are made first (mode
    /// 0700 each, then exactly 0700 for the directory itself whatever the umask).
    package func open(create: Bool) -> OpenOutcome {
        var created = false
        var descriptor: FileDescriptor
        switch FileDescriptor.openDirectory(path) {
        case .success(let fd):
            descriptor = fd
        case .failure(let error) where error.isNoSuchFile:
            guard create else { return .missing }
            if case .failure(let failure) = System.makeDirectories(path, mode: Self.directoryMode) {
                return .unusable(.cannotCreate(path: path, reason: failure.description))
            }
            switch FileDescriptor.openDirectory(path) {
            case .success(let fd): descriptor = fd
            case .failure(let error): return explainFailedOpen(error)
            }
            created = true
        case .failure(let error):
            return explainFailedOpen(error)
        }
        if created, case .failure(let failure) = descriptor.changeMode(to: Self.directoryMode) {
            descriptor.close()
            return .unusable(.cannotCreate(path: path, reason: failure.description))
        }
        switch descriptor.status() {
        case .success(let status):
            if let problem = vet(status) {
                descriptor.close()
                return .unusable(problem)
            }
            return .opened(Opened(directory: self, descriptor: descriptor))
        case .failure(let failure):
            descriptor.close()
            return .unusable(.cannotOpen(path: path, reason: failure.description))
        }
    }

    /// The problem with a directory whose status is `status`, if any.
    package func vet(_ status: FileStatus, user: UInt32 = System.effectiveUserID) -> CacheDirectoryProblem? {
        switch status.kind {
        case .symbolicLink: return .symbolicLink(path: path)
        case .regular, .other: return .notADirectory(path: path)
        case .directory: break
        }
        if status.owner != user { return .otherOwner(path: path, owner: status.owner, user: user) }
        if status.permissions & 0o022 != 0 { return .writableByOthers(path: path, permissions: status.permissions) }
        return nil
    }

    /// Why `open(O_DIRECTORY | O_NOFOLLOW)` failed with `error`, in the words of
    /// `CacheDirectoryProblem` (`lstat` tells a symbolic link or a file from other failures).
    private func explainFailedOpen(_ error: Errno) -> OpenOutcome {
        if case .success(let status) = System.linkStatus(path), status.kind != .directory, let problem = vet(status) {
            return .unusable(problem)
        }
        return .unusable(.cannotOpen(path: path, reason: error.description))
    }
}
