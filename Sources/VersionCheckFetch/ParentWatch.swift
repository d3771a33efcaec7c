import Foundation
import VersionCheckCore

/// The helper's side of `HelperTie`: it ends as soon as the `versioncheck` that started
/// it has ended, whatever the helper is doing (a request under way, a retry's wait).
public enum ParentWatch {
    /// The helper's exit status when its parent is gone (nobody reads it).
    static let orphanedStatus: Int32 = 75

    /// Ties this process to its parent when `environment` says it was started tied: exits
    /// at once if the parent has already ended, else watches the tie on a thread of its
    /// own. Call it before any request is started. A helper run by hand (no variable) is
    /// not watched.
    public static func begin(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard environment[HelperTie.environmentVariable] == String(HelperTie.descriptor) else { return }
        let fd = HelperTie.descriptor
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        // Readable means end of file (the parent never writes), or no tie at all: either
        // way there is nobody to answer.
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        var ready: Int32
        repeat { ready = poll(&entry, 1, 0) } while ready < 0 && errno == EINTR
        if ready != 0 { _exit(orphanedStatus) }
        Thread.detachNewThread {
            var byte: UInt8 = 0
            while read(fd, &byte, 1) < 0 && errno == EINTR {}
            _exit(orphanedStatus)
        }
    }
}
