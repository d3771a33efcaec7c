import Foundation
import Testing
import VersionCheckTestSupport

/// The https → http refusal end to end (issue 13): a loopback TLS server the helper
/// trusts, without touching the machine's trust store. As root on Linux, `versioncheck`
/// runs in its own mount namespace (`unshare --mount`) where a test CA is bind-mounted
/// over `/etc/ssl/certs` (libcurl's CA file and CA path); everywhere else it skips,
/// saying why. The positive controls prove TLS worked: https → https is followed, and
/// https → http is followed with `--allow-insecure`.
@Suite(.blockingBodies) struct TLSRedirectTests {
    static let manifest = "{\"latestVersion\": \"1.4.0\"}"

    @Test func httpsToHTTPIsRefusedEndToEnd() throws {
        guard let sandbox = try TrustSandbox.make() else { return }
        defer { sandbox.remove() }
        let plain = try LoopbackServer(routes: ["/m": [.init(body: Self.manifest)]])
        let secure = try LoopbackServer(routes: [
            "/down": [.init(redirect: plain.url("/m"))],
            "/hop": [.init(redirect: "https://127.0.0.1:{port}/final")],
            "/final": [.init(body: Self.manifest)],
        ], tls: sandbox.leaf)
        let base = "https://127.0.0.1:\(secure.port)"

        let control = try sandbox.versioncheck(["manifest", "--url", base + "/hop", "--current", "1.0", "--retries", "0", "--json"])
        #expect(control.status == 100, "https → https must be followed: \(control)")

        let refused = try sandbox.versioncheck(["manifest", "--url", base + "/down", "--current", "1.0", "--retries", "2", "--json"])
        #expect(refused.status == 76, "\(refused)")
        let error = (try JSONSerialization.jsonObject(with: refused.stdout) as? [String: Any])?["error"] as? [String: Any]
        #expect(error?["kind"] as? String == "insecure-redirect", "\(refused)")
        #expect(refused.stderrText.contains("https to http"), "\(refused)")
        #expect(plain.requests().isEmpty, "the http target must never be contacted")
        #expect(secure.requests().filter { $0.path == "/down" }.count == 1, "a refusal is not retried")

        let allowed = try sandbox.versioncheck(
            ["manifest", "--url", base + "/down", "--current", "1.0", "--retries", "0", "--allow-insecure", "--json"])
        #expect(allowed.status == 100, "\(allowed)")
        #expect(plain.requests().count == 1)
    }
}

/// A private trust store for one child: a throwaway CA and a certificate it signed for
/// 127.0.0.1, and the mount namespace that shows the CA as the system's bundle.
struct TrustSandbox {
    var folder: URL
    var leaf: (cert: URL, key: URL)
    /// Holds only `ca-certificates.crt`, the test CA; mounted over `/etc/ssl/certs`.
    var certs: URL

    /// nil (after printing why) when the test cannot run here.
    static func make() throws -> TrustSandbox? {
        #if os(Linux)
        func skip(_ why: String) -> TrustSandbox? {
            print("TLSRedirectTests: skipped, \(why)")
            return nil
        }
        guard getuid() == 0 else { return skip("not root (a mount namespace needs it)") }
        guard run("/usr/bin/env", ["unshare", "--mount", "true"]) else { return skip("unshare --mount does not work here") }
        guard run("/usr/bin/env", ["openssl", "version"]) else { return skip("openssl is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trust-\(UUID().uuidString)")
        let certs = folder.appendingPathComponent("certs")
        try FileManager.default.createDirectory(at: certs, withIntermediateDirectories: true)
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        try "subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n"
            .write(toFile: path("leaf.ext"), atomically: true, encoding: .utf8)
        let steps: [[String]] = [
            ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=versioncheck test CA",
             "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
             "-keyout", path("ca.key"), "-out", certs.appendingPathComponent("ca-certificates.crt").path],
            ["req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1", "-keyout", path("leaf.key"),
             "-out", path("leaf.csr")],
            ["x509", "-req", "-in", path("leaf.csr"), "-CA", certs.appendingPathComponent("ca-certificates.crt").path,
             "-CAkey", path("ca.key"), "-CAcreateserial", "-days", "1", "-extfile", path("leaf.ext"),
             "-out", path("leaf.pem")],
        ]
        for step in steps where !run("/usr/bin/env", ["openssl"] + step) {
            try? FileManager.default.removeItem(at: folder)
            return skip("openssl could not make the test certificates")
        }
        return TrustSandbox(
            folder: folder, leaf: (URL(fileURLWithPath: path("leaf.pem")), URL(fileURLWithPath: path("leaf.key"))),
            certs: certs)
        #else
        print("TLSRedirectTests: skipped, Linux only (a private trust store through a mount namespace)")
        return nil
        #endif
    }

    /// `versioncheck ARGUMENTS` (and its helper) seeing only the test CA as trusted.
    func versioncheck(_ arguments: [String]) throws -> MeasuredResult {
        let script = "mount --bind \"$1\" /etc/ssl/certs && shift && exec \"$@\""
        let command = ["--mount", "/bin/sh", "-c", script, "sh", certs.path, TestPaths.executable("versioncheck").path]
            + arguments
        return try runMeasured(URL(fileURLWithPath: "/usr/bin/unshare"), command.map { Array($0.utf8) }, timeout: 30)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    /// Runs a tool quietly; true when it exits 0.
    private static func run(_ executable: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
