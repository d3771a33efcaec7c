import Foundation
import VersionCheckTestSupport

/// A running `Tests/LoopbackServer/server.py` on 127.0.0.1 with an ephemeral
/// port, scripted with `routes` (path → responses served in order, the last
/// repeating). Stopped when the value is released, and by itself after 60 s.
final class LoopbackServer: @unchecked Sendable {
    /// One scripted response; see server.py for the meaning of each field.
    struct Response: Encodable, Sendable {
        var status: Int?
        var headers: [String: String]?
        var body: String?
        var file: String?
        var pad_to: Int?
        var no_length: Bool?
        var delay: Double?
        var trickle: [Double]?
        var redirect: String?
        var raw: String?

        init(
            status: Int? = nil, headers: [String: String]? = nil, body: String? = nil, file: String? = nil,
            padTo: Int? = nil, noLength: Bool? = nil, delay: Double? = nil, trickle: (bytes: Int, seconds: Double)? = nil,
            redirect: String? = nil, raw: String? = nil
        ) {
            self.status = status
            self.headers = headers
            self.body = body
            self.file = file
            self.pad_to = padTo
            self.no_length = noLength
            self.delay = delay
            self.trickle = trickle.map { [Double($0.bytes), $0.seconds] }
            self.redirect = redirect
            self.raw = raw
        }
    }

    /// One request as the server logged it.
    struct Request: Decodable, Sendable {
        var method: String
        var path: String
        var query: String
        var headers: [String: String]
        /// Seconds since the epoch when it arrived.
        var time: Double
        /// How many requests the server was answering when it arrived, itself included.
        var in_flight: Int

        func header(_ name: String) -> String? {
            headers.first { $0.key.lowercased() == name.lowercased() }?.value
        }
    }

    let port: Int
    private let process: Process
    private let folder: URL

    /// - Parameter tls: a certificate and key (PEM files) to serve HTTPS with.
    init(routes: [String: [Response]] = [:], tls: (cert: URL, key: URL)? = nil) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("loopback-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let routesURL = folder.appendingPathComponent("routes.json")
        try JSONEncoder().encode(routes).write(to: routesURL)
        process = Process()
        process.executableURL = URL(fileURLWithPath: Self.python)
        process.arguments = [
            TestPaths.packageRoot.appendingPathComponent("Tests/LoopbackServer/server.py").path,
            "--routes", routesURL.path, "--log", folder.appendingPathComponent("log.jsonl").path,
            "--fixtures", TestPaths.fixtures.path, "--lifetime", "60",
        ] + (tls.map { ["--tls-cert", $0.cert.path, "--tls-key", $0.key.path] } ?? [])
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            process.terminate()
            throw ServerError.noPort
        }
        self.port = port
    }

    deinit { stop() }

    /// The real python3 interpreter, found once (a version-manager shim costs ~100 ms a start).
    static let python: String = {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["python3", "-c", "import sys; print(sys.executable)"]
        let output = Pipe()
        probe.standardOutput = output
        guard (try? probe.run()) != nil else { return "/usr/bin/python3" }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        probe.waitUntilExit()
        let path = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return path.isEmpty ? "/usr/bin/python3" : path
    }()

    enum ServerError: Error { case noPort }

    /// `http://127.0.0.1:PORT` + `path`.
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Every request received so far, in order.
    func requests() -> [Request] {
        guard let text = try? String(contentsOf: folder.appendingPathComponent("log.jsonl"), encoding: .utf8)
        else { return [] }
        return text.split(separator: "\n").compactMap { try? JSONDecoder().decode(Request.self, from: Data($0.utf8)) }
    }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }
}

/// A port on 127.0.0.1 where nothing listens: bound, then closed.
func unusedLoopbackPort() -> Int {
    #if canImport(Glibc)
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #elseif canImport(Darwin) || canImport(Musl)
    let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
    }
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// A throwaway self-signed certificate for 127.0.0.1 made with the openssl command
/// (nil when it is not installed), in a fresh temporary folder.
func selfSignedCertificate() -> (cert: URL, key: URL)? {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tls-\(UUID().uuidString)")
    guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil else {
        return nil
    }
    let cert = folder.appendingPathComponent("cert.pem")
    let key = folder.appendingPathComponent("key.pem")
    let made = try? OpenSSL.run([
        "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
        "-keyout", key.path, "-out", cert.path,
    ])
    return made == nil ? nil : (cert, key)
}

