import Foundation
import Testing
import VersionCheckTestSupport

/// The https → http refusal end to end (issue 13): a loopback TLS server the helper
/// trusts through `CURL_CA_BUNDLE` (issue 31), without touching the machine's trust store.
/// The positive controls prove TLS worked: https → https is followed, and https → http is
/// followed with `--allow-insecure`. Linux only (on macOS the system's trust settings
/// apply and cannot be given a test CA), and it needs openssl to make the certificates:
/// both declared skips.
@Suite(.blockingBodies) struct TLSRedirectTests {
    static let manifest = "{\"latestVersion\": \"1.4.0\"}"

    @Test(.enabled(if: OpenSSL.onLinux, "Linux only: macOS trusts the system's settings, not CURL_CA_BUNDLE"),
          .enabled(if: OpenSSL.works, "openssl is not installed (it makes the test CA)"))
    func httpsToHTTPIsRefusedEndToEnd() throws {
        let sandbox = try TrustSandbox.make()
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
/// A test CA and a leaf certificate for 127.0.0.1 it signed, made by openssl in a folder
/// of their own; `versioncheck` trusts the CA alone through `CURL_CA_BUNDLE`.
struct TrustSandbox {
    var folder: URL
    var leaf: (cert: URL, key: URL)
    /// The test CA's certificate, the only one trusted.
    var bundle: URL

    static func make() throws -> TrustSandbox {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trust-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        try "subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n"
            .write(toFile: path("leaf.ext"), atomically: true, encoding: .utf8)
        let steps: [[String]] = [
            ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=versioncheck test CA",
             "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
             "-keyout", path("ca.key"), "-out", path("ca.pem")],
            ["req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1", "-keyout", path("leaf.key"),
             "-out", path("leaf.csr")],
            ["x509", "-req", "-in", path("leaf.csr"), "-CA", path("ca.pem"), "-CAkey", path("ca.key"),
             "-CAcreateserial", "-days", "1", "-extfile", path("leaf.ext"), "-out", path("leaf.pem")],
        ]
        do {
            for step in steps { try OpenSSL.run(step) }
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
        return TrustSandbox(
            folder: folder, leaf: (URL(fileURLWithPath: path("leaf.pem")), URL(fileURLWithPath: path("leaf.key"))),
            bundle: URL(fileURLWithPath: path("ca.pem")))
    }

    /// `versioncheck ARGUMENTS` (and its helper) trusting only the test CA.
    func versioncheck(_ arguments: [String]) throws -> MeasuredResult {
        try runMeasured("versioncheck", arguments, environment: ["CURL_CA_BUNDLE": bundle.path], timeout: 30)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}
