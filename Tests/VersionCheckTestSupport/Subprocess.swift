import Foundation

/// What a finished child process left behind.
public struct ProcessResult: Sendable, CustomStringConvertible {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    /// Raw stdout, for byte-exact assertions.
    public var stdoutData: Data

    public var description: String {
        "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)"
    }

    /// stdout split into lines, without the final empty one.
    public var stdoutLines: [String] {
        var lines = stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}

/// Runs a built executable of this package as a child process, the way a shell
/// script would, and returns its exit status and both streams.
///
/// Streams go to temporary files rather than pipes, so a chatty child can never
/// block on a full pipe. The environment is `childEnvironment(adding: environment)`. A child still
/// running after `timeout` seconds is killed (the test then sees signal status).
public func runProduct(
    _ product: String = "versioncheck",
    _ arguments: [String],
    stdin: Data? = nil,
    environment: [String: String] = [:],
    timeout: TimeInterval = 60
) throws -> ProcessResult {
    let scratch = FileManager.default.temporaryDirectory
        .appendingPathComponent("versioncheck-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outURL = scratch.appendingPathComponent("stdout")
    let errURL = scratch.appendingPathComponent("stderr")
    let inURL = scratch.appendingPathComponent("stdin")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: inURL.path, contents: stdin ?? Data())

    let process = Process()
    process.executableURL = TestPaths.executable(product)
    process.arguments = arguments
    process.environment = childEnvironment(adding: environment)
    let outHandle = try FileHandle(forWritingTo: outURL)
    let errHandle = try FileHandle(forWritingTo: errURL)
    let inHandle = try FileHandle(forReadingFrom: inURL)
    process.standardOutput = outHandle
    process.standardError = errHandle
    process.standardInput = inHandle
    try process.run()

    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline {
        usleep(2_000)
    }
    if process.isRunning {
        process.terminate()
    }
    process.waitUntilExit()
    try? outHandle.close()
    try? errHandle.close()
    try? inHandle.close()

    let outData = (try? Data(contentsOf: outURL)) ?? Data()
    let errData = (try? Data(contentsOf: errURL)) ?? Data()
    return ProcessResult(
        status: process.terminationReason == .exit ? process.terminationStatus : -process.terminationStatus,
        stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData, as: UTF8.self),
        stdoutData: outData
    )
}

/// Runs `versioncheck` with arguments given as strings, with optional text on stdin.
public func versioncheck(
    _ arguments: String..., stdin: String? = nil, environment: [String: String] = [:]
) throws -> ProcessResult {
    try runProduct("versioncheck", arguments, stdin: stdin.map { Data($0.utf8) }, environment: environment)
}
