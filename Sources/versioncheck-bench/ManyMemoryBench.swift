import Foundation
import VersionCheckTestSupport

/// The `many-memory` group (issue 31): memory of `batch` does not grow with the number
/// of lines. `batch` of 50 and of 500 lines, `--jobs 8`, each line answered by an 8 MiB
/// manifest (`releaseNotes` of 8 MiB), in text and in `--json` (which prints each 8 MiB
/// of notes): the peak resident memory of versioncheck plus its helpers, the sum of each
/// process's high-water mark (`VmHWM`, sampled every 10 ms from /proc: Linux only).
/// Target: the peak of 500 within 1.25× the peak of 50, in each mode.
func runManyMemoryBenchmarks(binary: String) {
    let environment = ProcessInfo.processInfo.environment
    guard let helper = environment["VERSIONCHECK_FETCH_HELPER"], FileManager.default.isExecutableFile(atPath: helper) else {
        print("many-memory: skipped, VERSIONCHECK_FETCH_HELPER does not name the built helper")
        return
    }
    guard FileManager.default.isExecutableFile(atPath: binary) else {
        print("many-memory: skipped, \(binary) is not built")
        return
    }
    guard FileManager.default.fileExists(atPath: "/proc/self/status") else {
        print("many-memory: skipped, no /proc to read each process's peak from")
        return
    }
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("versioncheck-bench-many-memory-\(getpid())")
    try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    // Just under the 8 MiB body cap.
    let notes = String(repeating: "x", count: 8 * 1024 * 1024 - 1024)
    let body = #"{"latestVersion": "1.1.0", "releaseNotes": "\#(notes)"}"#
    let routes = scratch.appendingPathComponent("routes.json")
    guard let routesData = try? JSONSerialization.data(withJSONObject: ["/big.json": [["body": body]]]) else { return }
    _ = FileManager.default.createFile(atPath: routes.path, contents: routesData)
    guard let server = LoopbackServer(routes: routes.path) else {
        print("many-memory: skipped, the loopback server (python3 Tests/LoopbackServer/server.py) did not start")
        return
    }
    defer { server.stop() }
    let variables = ["VERSIONCHECK_FETCH_HELPER": helper]
    print("many-memory: batch, --jobs 8, each line answered by an 8 MiB manifest; peak = versioncheck + helpers (sum of VmHWM):")
    for json in [false, true] {
        var peaks: [Int: Int] = [:]
        for lines in [50, 500] {
            let list = scratch.appendingPathComponent("checks-\(lines).txt")
            let text = (1...lines).map { "manifest --url http://127.0.0.1:\(server.port)/big.json?line=\($0) --current 1.0\n" }.joined()
            _ = FileManager.default.createFile(atPath: list.path, contents: Data(text.utf8))
            let arguments = ["batch", list.path, "--jobs", "8"] + (json ? ["--json"] : [])
            guard let run = TreeMeasure.run(binary, arguments, variables: variables), run.status == 100 else {
                print("  \(lines) lines\(json ? " --json" : ""): did not run as expected")
                return
            }
            peaks[lines] = run.peakKiB
            print("  \(lines) lines, \(json ? "--json" : "text"): peak \(run.peakKiB / 1024) MiB, \(formatDuration(run.seconds * 1e9)), "
                + "\(run.stdoutBytes / 1024 / 1024) MiB on stdout  [versioncheck \(arguments.joined(separator: " "))]")
        }
        if let small = peaks[50], let large = peaks[500], small > 0 {
            let ratio = Double(large) / Double(small)
            print("  500 / 50 lines, \(json ? "--json" : "text"): \(String(format: "%.2f", ratio))x (target <= 1.25x: \(ratio <= 1.25 ? "met" : "NOT met"))")
        }
    }
}

/// Runs a program and measures the peak resident memory of its process tree: every
/// 10 ms, the high-water mark (`VmHWM`) of the program and of each descendant is read
/// from /proc; the result sums each process's largest. Stdout goes to a counting pipe.
enum TreeMeasure {
    struct Run {
        var status: Int32
        var seconds: Double
        var peakKiB: Int
        var stdoutBytes: Int
    }

    static func run(_ binary: String, _ arguments: [String], variables: [String: String]) -> Run? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = childEnvironment(adding: variables)
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let counter = ByteCounter()
        let reader = Foundation.Thread {
            let handle = out.fileHandleForReading
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                counter.add(chunk.count)
            }
        }
        let started = Date()
        do { try process.run() } catch { return nil }
        reader.start()
        var peaks: [Int32: Int] = [:]
        while process.isRunning {
            for pid in tree(of: process.processIdentifier) {
                if let mark = highWaterMarkKiB(pid) { peaks[pid] = max(peaks[pid] ?? 0, mark) }
            }
            usleep(10_000)
        }
        process.waitUntilExit()
        while !counter.finished(reader) { usleep(1_000) }
        return Run(
            status: process.terminationStatus, seconds: Date().timeIntervalSince(started), peakKiB: peaks.values.reduce(0, +),
            stdoutBytes: counter.total)
    }

    /// `pid` and its descendants, from each process's parent in /proc/PID/stat.
    static func tree(of root: Int32) -> [Int32] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [root] }
        var children: [Int32: [Int32]] = [:]
        for name in names {
            guard let pid = Int32(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 1, let parent = Int32(fields[1]) else { continue }
            children[parent, default: []].append(pid)
        }
        var found = [root]
        var index = 0
        while index < found.count {
            found += children[found[index]] ?? []
            index += 1
        }
        return found
    }

    /// `VmHWM` of `pid`, in KiB.
    static func highWaterMarkKiB(_ pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "")
        }
        return nil
    }

    /// The bytes read from the program's stdout.
    final class ByteCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add(_ bytes: Int) { lock.withLock { count += bytes } }
        var total: Int { lock.withLock { count } }
        func finished(_ thread: Foundation.Thread) -> Bool { thread.isFinished }
    }
}
