#if os(Linux)
import Foundation
import Glibc
import Testing
import VersionCheckLaunch

/// `versioncheck_launch_detached`, the start of a background refresh on Linux: the child
/// runs its program only once the holder of the pipe's write end is gone (for the
/// refresh, the launch that started it, when it exits), in a session of its own, with its
/// standard streams on `/dev/null`, with the caller's signal mask.
@Suite(.blockingBodies) struct DetachedLaunchTests {
    /// A scratch folder of this test's own.
    private func scratch(_ name: String) -> String {
        let path = "/tmp/versioncheck-detached-\(getpid())-\(name)"
        mkdir(path, 0o700)
        return path
    }

    /// Starts `/bin/sh -c script` detached, waiting on a pipe whose write end this test
    /// holds; that write end (close-on-exec), or nil when the start failed.
    private func launch(_ script: String) -> Int32? {
        launch(["/bin/sh", "-c", script])
    }

    /// Starts `arguments` (the program's path first) detached, as `launch(_:)` does.
    private func launch(_ arguments: [String]) -> Int32? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        let waitEnd = fcntl(ends[0], F_DUPFD_CLOEXEC, 3), holdEnd = fcntl(ends[1], F_DUPFD_CLOEXEC, 3)
        close(ends[0])
        close(ends[1])
        // Never freed: the child reads them when it execs (the contract of the C function).
        let argv = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: arguments.count + 1)
        for (index, argument) in arguments.enumerated() { argv[index] = strdup(argument) }
        argv[arguments.count] = nil
        let envp = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: 2)
        envp[0] = strdup("PATH=/usr/bin:/bin")
        envp[1] = nil
        let pid = versioncheck_launch_detached(argv[0], argv, envp, waitEnd, holdEnd)
        guard pid > 0 else {
            close(holdEnd)
            return nil
        }
        return holdEnd
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

    @Test func theChildRunsOnlyOnceTheHolderIsGone() throws {
        let folder = scratch("holder")
        defer { _ = system("rm -rf '\(folder)'") }
        let marker = folder + "/ran"
        let hold = try #require(launch("echo ran > '\(marker)'"))
        // Held: the program has not run half a second later.
        #expect(!appears(marker, within: 0.5))
        close(hold)
        #expect(appears(marker, within: 10))
    }

    @Test func theChildHasASessionOfItsOwnAndItsStandardStreamsOnDevNull() throws {
        let folder = scratch("session")
        defer { _ = system("rm -rf '\(folder)'") }
        let report = folder + "/report"
        // Field 6 of /proc/self/stat is the session id; $$ is the shell's pid.
        let hold = try #require(launch(
            "r0=$(readlink /proc/$$/fd/0); r1=$(readlink /proc/$$/fd/1); r2=$(readlink /proc/$$/fd/2); "
                + "sid=$(cut -d' ' -f6 /proc/$$/stat); printf '%s\\n' \"$r0\" \"$r1\" \"$r2\" \"$sid\" $$ > '\(report).tmp'; "
                + "mv '\(report).tmp' '\(report)'"))
        close(hold)
        #expect(appears(report, within: 10))
        let lines = try String(contentsOfFile: report).split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(Array(lines.prefix(3)) == ["/dev/null", "/dev/null", "/dev/null"])
        if lines.count == 5 { #expect(lines[3] == lines[4]) }  // a session leader: sid == pid
    }

    @Test func theChildRunsWithTheCallersSignalMaskNotWithEverySignalBlocked() throws {
        // Around the start every signal is blocked in this process (no handler of ours may run
        // in the child, which shares our memory until it execs); the child restores the
        // caller's mask, so SIGTERM still ends a refresh.
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
        let hold = try #require(launch(["/bin/cp", "/proc/self/status", report]))
        close(hold)
        #expect(appears(report, within: 10))
        usleep(100_000)  // cp may still be writing
        let line = try String(contentsOfFile: report).split(separator: "\n").first { $0.hasPrefix("SigBlk") }.map(String.init) ?? ""
        let mask = UInt64(line.split(separator: "\t").last ?? "", radix: 16)
        #expect(mask.map { $0 & (1 << (UInt64(SIGTERM) - 1)) == 0 } == true, "\(line)")
        #expect(mask.map { $0 & (1 << (UInt64(SIGUSR2) - 1)) != 0 } == true, "\(line)")
    }
}
#endif
