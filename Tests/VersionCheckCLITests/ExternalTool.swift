import Foundation

/// Programs outside this package that some tests drive (bash, zsh, fish, groff, man):
/// found on PATH, run as a child process; a test that needs one is skipped when it
/// is not installed (CI installs them: `make check-deps`).
enum ExternalTool {
    /// The absolute path of `name` on PATH, if it is installed.
    static func path(_ name: String) -> String? {
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in searchPath.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Whether every program in `names` is installed.
    static func installed(_ names: String...) -> Bool {
        names.allSatisfy { path($0) != nil }
    }

    /// Whether `man` is man-db's (Linux), the one with `--warnings` and `-l`.
    static let isManDB: Bool = installed("man") && ((try? run("man", ["--help"]))?.stdout.contains("--warnings") ?? false)  // linux-only

    /// Runs `name` with `arguments` and `environment` added to ours; streams go through
    /// files (never a full pipe), and a child still running after `timeout` is killed.
    static func run(
        _ name: String, _ arguments: [String], environment: [String: String] = [:], timeout: TimeInterval = 60
    ) throws -> ToolResult {
        guard let executable = path(name) else { throw Missing(name: name) }
        let scratch = try TemporaryFolder()
        let outURL = scratch.url.appendingPathComponent("stdout")
        let errURL = scratch.url.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let outHandle = try FileHandle(forWritingTo: outURL)
        let errHandle = try FileHandle(forWritingTo: errURL)
        defer {
            try? outHandle.close()
            try? errHandle.close()
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
            .filter { $0.key != "OS_ACTIVITY_DT_MODE" }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = outHandle
        process.standardError = errHandle
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(5_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let outData = (try? Data(contentsOf: outURL)) ?? Data()
        let errData = (try? Data(contentsOf: errURL)) ?? Data()
        return ToolResult(
            status: process.terminationReason == .exit ? process.terminationStatus : -process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self)
        )
    }

    /// What a finished tool left behind.
    struct ToolResult: CustomStringConvertible {
        var status: Int32
        var stdout: String
        var stderr: String
        /// stdout's lines, without the empty one after the last newline.
        var lines: [String] { stdout.split(separator: "\n").map(String.init) }
        var description: String { "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
    }

    struct Missing: Error, CustomStringConvertible {
        var name: String
        var description: String { "\(name) is not installed" }
    }
}

/// A fresh folder under the temporary directory, removed when the value goes away.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("versioncheck-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `text` to a file called `name` in the folder and returns its path.
    func write(_ text: String, to name: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
