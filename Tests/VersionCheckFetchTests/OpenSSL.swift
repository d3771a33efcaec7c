import Foundation

/// The openssl command, which the TLS tests use to make their certificates: whether it
/// runs here (their declared skip), and one way to run it.
enum OpenSSL {
    /// Whether `openssl version` runs here.
    static let works: Bool = (try? run(["version"])) != nil

    /// Whether these tests run on Linux (where the CA variables apply).
    static let onLinux: Bool = {
        #if os(Linux)
        true
        #else
        false
        #endif
    }()

    struct Failed: Error, CustomStringConvertible {
        var arguments: [String]
        var description: String { "openssl \(arguments.prefix(2).joined(separator: " ")) failed" }
    }

    /// Runs `openssl ARGUMENTS`; its standard output, or `Failed` when it exits non-zero.
    @discardableResult
    static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failed(arguments: arguments) }
        return text
    }
}
