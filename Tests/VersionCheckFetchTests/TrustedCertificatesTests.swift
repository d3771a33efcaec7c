import Foundation
import Testing
import VersionCheckTestSupport

/// Issue 31: `SSL_CERT_FILE` and `CURL_CA_BUNDLE` were ignored, so a user behind a company
/// CA could not check over https at all. SPEC.md, "Details": on Linux, `CURL_CA_BUNDLE`,
/// else `SSL_CERT_FILE` and `SSL_CERT_DIR`, replace the system's store when set and not
/// empty; one that names nothing readable is 66 before any request. Against an https
/// loopback server whose self-signed certificate is made here by openssl.
@Suite("Trusted certificates from the environment, end to end", .blockingBodies)
struct TrustedCertificatesTests {
    static let manifest = #"{"latestVersion": "2.0.0"}"#

    /// A certificate for 127.0.0.1 (an IP subjectAltName, as libcurl checks it), its key,
    /// and a folder holding it under its OpenSSL hash (`SSL_CERT_DIR`'s layout).
    struct Certificate {
        var folder: URL
        var cert: URL
        var key: URL
        var hashed: URL

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("vc-trust-\(UUID().uuidString)")
            hashed = folder.appendingPathComponent("certs")
            try FileManager.default.createDirectory(at: hashed, withIntermediateDirectories: true)
            cert = folder.appendingPathComponent("cert.pem")
            key = folder.appendingPathComponent("key.pem")
            try OpenSSL.run([
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
                "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key.path, "-out", cert.path,
            ])
            let hash = try OpenSSL.run(["x509", "-hash", "-noout", "-in", cert.path]).trimmingCharacters(in: .whitespacesAndNewlines)
            try FileManager.default.copyItem(at: cert, to: hashed.appendingPathComponent("\(hash).0"))
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    /// A check of `url` with exactly these certificate variables (the others empty).
    static func check(_ url: String, _ variables: [String: String]) throws -> ProcessResult {
        var environment = ["CURL_CA_BUNDLE": "", "SSL_CERT_FILE": "", "SSL_CERT_DIR": ""]
        environment.merge(variables) { _, new in new }
        return try runProduct(
            "versioncheck", ["manifest", "--url", url, "--current", "1.0", "--retries", "0", "--timeout", "10", "--json"],
            environment: environment)
    }

    @Test(.enabled(if: OpenSSL.onLinux, "Linux only: on macOS the system's trust settings apply"),
          .enabled(if: OpenSSL.works, "openssl is not installed (it makes the server's certificate)"))
    func theCertificatesTheEnvironmentNamesAreTrusted() throws {
        let certificate = try Certificate()
        defer { certificate.remove() }
        let server = try LoopbackServer(routes: ["/m.json": [.init(status: 200, body: Self.manifest)]], tls: (certificate.cert, certificate.key))
        let url = "https://127.0.0.1:\(server.port)/m.json"

        // Without them, the system's store does not know the server: TLS fails, 75.
        let untrusted = try Self.check(url, [:])
        #expect(untrusted.status == 75, "\(untrusted)")
        #expect(untrusted.stdout.contains(#""kind": "unreachable""#), "\(untrusted)")
        #expect(untrusted.stderr.contains("TLS"), "\(untrusted)")

        let trustedBy: [[String: String]] = [
            ["SSL_CERT_FILE": certificate.cert.path],
            ["SSL_CERT_DIR": certificate.hashed.path],
            ["SSL_CERT_DIR": "/nonexistent-\(UUID().uuidString):" + certificate.hashed.path],
            ["CURL_CA_BUNDLE": certificate.cert.path],
            // CURL_CA_BUNDLE wins: SSL_CERT_FILE is not even read.
            ["CURL_CA_BUNDLE": certificate.cert.path, "SSL_CERT_FILE": "/nonexistent-\(UUID().uuidString)"],
        ]
        for variables in trustedBy {
            let trusted = try Self.check(url, variables)
            #expect(trusted.status == 101, "\(variables): \(trusted)")
            #expect(trusted.stdout.contains(#""latest": "2.0.0""#), "\(variables): \(trusted)")
        }
    }

    @Test(.enabled(if: OpenSSL.onLinux, "Linux only: on macOS the variables are ignored"))
    func oneThatNamesNothingReadableIsSixtySixBeforeAnyRequest() throws {
        let server = try LoopbackServer(routes: ["/m.json": [.init(status: 200, body: Self.manifest)]])
        let missing = "/nonexistent-\(UUID().uuidString)/ca.pem"
        let folder = FileManager.default.temporaryDirectory.path
        let rows: [([String: String], String)] = [
            (["SSL_CERT_FILE": missing],
             "SSL_CERT_FILE is '\(missing)', which names no readable file of certificates to trust (No such file or directory)"),
            (["CURL_CA_BUNDLE": missing, "SSL_CERT_FILE": "/etc/hostname"],
             "CURL_CA_BUNDLE is '\(missing)', which names no readable file of certificates to trust (No such file or directory)"),
            (["SSL_CERT_FILE": folder],
             "SSL_CERT_FILE is '\(folder)', which names no readable file of certificates to trust (not a regular file)"),
            (["SSL_CERT_DIR": missing + ":" + missing + "2"],
             "SSL_CERT_DIR is '\(missing):\(missing)2', which names no readable folder of certificates to trust"),
        ]
        for (variables, message) in rows {
            // Over plain http too: the check comes before any request.
            let result = try Self.check(server.url("/m.json"), variables)
            #expect(result.status == 66, "\(variables): \(result)")
            #expect(result.stderr == "versioncheck: error: \(message)\n", "\(variables): \(result)")
            #expect(result.stdout.contains(#""kind": "no-input""#), "\(variables): \(result)")
        }
        #expect(server.requests().isEmpty)
    }

    @Test(.enabled(if: !OpenSSL.onLinux, "macOS only: the system's trust settings apply there"))
    func onMacOSTheVariablesAreIgnored() throws {
        let server = try LoopbackServer(routes: ["/m.json": [.init(status: 200, body: Self.manifest)]])
        let result = try Self.check(server.url("/m.json"), ["SSL_CERT_FILE": "/nonexistent/ca.pem", "CURL_CA_BUNDLE": "/nonexistent/ca.pem"])
        #expect(result.status == 101, "\(result)")
    }
}
