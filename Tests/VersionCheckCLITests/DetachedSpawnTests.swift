import Foundation
import Testing
@testable import VersionCheckCLI
import VersionCheckCore
@testable import VersionCheckCommandLine
@testable import VersionCheckPipeline
@testable import VersionCheckPlatform

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `System.spawnDetached`, the start of a background refresh (`posix_spawn`): the child is
/// in a session of its own with its standard streams on `/dev/null` and the caller's
/// signal mask, and it gets the read end of a pipe whose write end only the starter holds,
/// so it can wait until the starter is gone (`FileDescriptor.waitForEndOfFile`).
@Suite(.blockingBodies) struct DetachedSpawnTests {
    /// A scratch folder of this test's own.
    private func scratch(_ name: String) -> String {
        let path = "/tmp/versioncheck-detached-\(getpid())-\(name)"
        mkdir(path, 0o700)
        return path
    }

    /// Starts `/bin/sh -c script` detached, its launch end as descriptor 3.
    private func launch(_ script: String) -> DetachedProcess? {
        launch(["/bin/sh", "-c", script])
    }

    /// Starts `arguments` (the program's path first) detached.
    private func launch(_ arguments: [String]) -> DetachedProcess? {
        guard case .success(let process) = System.spawnDetached(
            arguments[0], arguments: Array(arguments.dropFirst()), extra: ["PATH=/usr/bin:/bin"], launchEnd: FileDescriptor(rawValue: 3))
        else { return nil }
        return process
    }

    /// Whether `path` exists within `seconds`, polled every 10 ms.
    private func appears(_ path: String, within seconds: Double) -> Bool {
        var waited = 0.0
        while waited < seconds {
            if access(path, F_OK) == 0 { return true }
            usleep(10_000)
            waited += 0.01
        }
        return access(path, F_OK) == 0
    }

    @Test func theChildCanWaitUntilTheHolderIsGone() throws {
        let folder = scratch("holder")
        defer { _ = system("rm -rf '\(folder)'") }
        let marker = folder + "/ran"
        // `cat <&3` ends at end of file: when the holder's end is closed.
        let child = try #require(launch("cat <&3 >/dev/null; echo ran > '\(marker)'"))
        #expect(child.launchEndHolder.rawValue > 2)
        // Held: the child is still waiting half a second later.
        #expect(!appears(marker, within: 0.5))
        child.launchEndHolder.close()
        #expect(appears(marker, within: 10))
    }

    @Test func waitingForEndOfFileEndsWhenTheWriterCloses() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        let writer = ends[1]
        let start = Date()
        let closer = Thread {
            usleep(300_000)
            close(writer)
        }
        closer.start()
        FileDescriptor(rawValue: ends[0]).waitForEndOfFile()
        #expect(Date().timeIntervalSince(start) >= 0.25)
        // The read end is closed by the wait.
        #expect(fcntl(ends[0], F_GETFD) == -1)
    }

    #if os(Linux)
    @Test func theChildHasASessionOfItsOwnAndItsStandardStreamsOnDevNull() throws {
        let folder = scratch("session")
        defer { _ = system("rm -rf '\(folder)'") }
        let report = folder + "/report"
        // Field 6 of /proc/self/stat is the session id; $$ is the shell's pid.
        let child = try #require(launch(
            "r0=$(readlink /proc/$$/fd/0); r1=$(readlink /proc/$$/fd/1); r2=$(readlink /proc/$$/fd/2); "
                + "sid=$(cut -d' ' -f6 /proc/$$/stat); printf '%s\\n' \"$r0\" \"$r1\" \"$r2\" \"$sid\" $$ > '\(report).tmp'; "
                + "mv '\(report).tmp' '\(report)'"))
        child.launchEndHolder.close()
        #expect(appears(report, within: 10))
        let lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(Array(lines.prefix(3)) == ["/dev/null", "/dev/null", "/dev/null"])
        if lines.count == 5 { #expect(lines[3] == lines[4]) }  // a session leader: sid == pid
    }

    @Test func theChildRunsWithTheCallersSignalMask() throws {
        let folder = scratch("signals")
        defer { _ = system("rm -rf '\(folder)'") }
        let report = folder + "/report"
        // The caller's mask: SIGUSR2 blocked, SIGTERM not.
        var callers = sigset_t(), saved = sigset_t()
        sigemptyset(&callers)
        sigaddset(&callers, SIGUSR2)
        pthread_sigmask(SIG_SETMASK, &callers, &saved)
        defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
        // cp, not a shell: dash clears its mask when it starts.
        let child = try #require(launch(["/bin/cp", "/proc/self/status", report]))
        child.launchEndHolder.close()
        #expect(appears(report, within: 10))
        usleep(100_000)  // cp may still be writing
        let line = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n")
            .first { $0.hasPrefix("SigBlk") }.map(String.init) ?? ""
        let mask = UInt64(line.split(separator: "\t").last ?? "", radix: 16)
        #expect(mask.map { $0 & (1 << (UInt64(SIGTERM) - 1)) == 0 } == true, "\(line)")
        #expect(mask.map { $0 & (1 << (UInt64(SIGUSR2) - 1)) != 0 } == true, "\(line)")
    }

    @Test func anIgnoredSignalIsBackAtItsDefaultInTheChild() throws {
        let folder = scratch("ignored")
        defer { _ = system("rm -rf '\(folder)'") }
        let report = folder + "/report"
        let previous = signal(SIGUSR1, SIG_IGN)
        defer { signal(SIGUSR1, previous) }
        let child = try #require(launch(["/bin/cp", "/proc/self/status", report]))
        child.launchEndHolder.close()
        #expect(appears(report, within: 10))
        usleep(100_000)
        let line = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n")
            .first { $0.hasPrefix("SigIgn") }.map(String.init) ?? ""
        let ignored = UInt64(line.split(separator: "\t").last ?? "", radix: 16)
        #expect(ignored.map { $0 & (1 << (UInt64(SIGUSR1) - 1)) == 0 } == true, "\(line)")
    }
    #endif
}
