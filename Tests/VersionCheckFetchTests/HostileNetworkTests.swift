import Foundation
import Testing
import VersionCheckTestSupport

/// Hostile servers and bodies against the built `versioncheck` (which execs
/// `versioncheck-fetch`), on a loopback server: each case ends with the right exit code
/// and a clear error, within `HostileBudget` (1 s and 64 MiB, with slack), or for slow
/// servers within about `--timeout`.
@Suite("Hostile input: servers and bodies", .blockingBodies)
struct HostileNetworkTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var command = "lookup"
        var response: LoopbackServer.Response
        var options: [String] = []
        var status: Int32
        var stderr: String
        /// Requests the server must have received.
        var requests = 1
        /// The time the run must take at least (a timeout that fired too early is wrong too).
        var atLeast: Double = 0
        var testDescription: String { name }
    }

    /// Bodies written to files the server sends (`file` with an absolute path).
    static let bodies: [String: [UInt8]] = [
        "nul.json": Array(#"{"resultCount": 1, "results": [{"version": "2.0"#.utf8) + [0] + Array(#""}]}"#.utf8),
        "nul-escaped.json": Array(#"{"resultCount": 1, "results": [{"trackId": 1, "version": "2.0\u0000"}]}"#.utf8),
        "invalid-utf8.json": Array(#"{"resultCount": 1, "results": [{"version": "2.0", "trackName": "\#u{FF}"#.utf8)
            + [0xFF, 0xFE] + Array(#""}]}"#.utf8),
        "deep.json": Array(String(repeating: "[", count: 100_000).utf8) + Array(String(repeating: "]", count: 100_000).utf8),
        "deep-member.json": Array(#"{"resultCount": 1, "results": [{"version": "2.0", "x": "#.utf8)
            + Array(String(repeating: "{\"a\":", count: 100_000).utf8) + Array("1".utf8)
            + Array(String(repeating: "}", count: 100_000).utf8) + Array("}]}".utf8),
        "duplicate-key.json": Array(#"{"resultCount": 1, "results": [{"version": "1.0", "version": "9.0"}]}"#.utf8),
        "duplicate-manifest.json": Array(#"{"latestVersion": "1.0", "latestVersion": "9.0"}"#.utf8),
        "nul-only.json": [0, 0, 0, 0],
        // A binary plist whose array contains itself.
        "cycle.plist": Array("bplist00".utf8) + [0xD1, 0x01, 0x02, 0x53] + Array("1.0".utf8) + [0xA1, 0x02, 8, 11, 15]
            + [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 3] + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 17],
        // Entities that expand to 10^8 bytes ("billion laughs").
        "entities.plist": Array((#"<?xml version="1.0"?><!DOCTYPE plist [<!ENTITY a "aaaaaaaaaa">"#
            + (1...8).map { level in
                let previous = level == 1 ? "a" : String(UnicodeScalar(UInt8(ascii: "a") + UInt8(level - 1)))
                return "<!ENTITY \(String(UnicodeScalar(UInt8(ascii: "a") + UInt8(level)))) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
            }.joined()
            + #"]><plist version="1.0"><dict><key>1.0</key><string>&i;</string></dict></plist>"#).utf8),
        "deep.plist": Array((#"<?xml version="1.0"?><plist version="1.0">"# + String(repeating: "<dict><key>1.0</key>", count: 100_000)
            + "<string>x</string>" + String(repeating: "</dict>", count: 100_000) + "</plist>").utf8),
    ]

    static let bodyFolder: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("versioncheck-hostile-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, bytes) in bodies { try! Data(bytes).write(to: folder.appendingPathComponent(name)) }
        return folder
    }()

    /// The server joins `file` to its fixtures folder; an absolute path stays as it is.
    static func body(_ name: String) -> String { bodyFolder.appendingPathComponent(name).path }

    static let fast = ["--timeout", "5", "--retries", "0"]

    static let cases: [Case] = [
        Case(name: "headers and one byte, then a stall", response: .init(file: "itunes-ios.json", trickle: (bytes: 1, seconds: 3600)),
             options: ["--timeout", "0.5", "--retries", "0"], status: 75, stderr: "timed out after 0.5 s", atLeast: 0.45),
        Case(name: "no status line, a stall", response: .init(file: "itunes-ios.json", delay: 3600),
             options: ["--timeout", "0.5", "--retries", "0"], status: 75, stderr: "timed out after 0.5 s", atLeast: 0.45),
        Case(name: "one byte a second", response: .init(file: "itunes-ios.json", trickle: (bytes: 1, seconds: 1)),
             options: ["--timeout", "0.5", "--retries", "0"], status: 75, stderr: "timed out after 0.5 s", atLeast: 0.45),
        Case(name: "Retry-After of 10^9 seconds", response: .init(status: 503, headers: ["Retry-After": "1000000000"], body: ""),
             options: ["--retries", "10"], status: 75, stderr: "asked to wait 1000000000 s (more than 60 s), not retrying"),
        Case(name: "Retry-After of 400 digits", response: .init(status: 429, headers: ["Retry-After": String(repeating: "9", count: 400)], body: ""),
             options: ["--retries", "10"], status: 75, stderr: "more than 60 s), not retrying"),
        Case(name: "Retry-After garbage is ignored (backoff instead)", response: .init(status: 503, headers: ["Retry-After": "soon, maybe"], body: ""),
             options: ["--retries", "1"], status: 75, stderr: "HTTP 503 server error (2 attempts)", requests: 2),
        Case(name: "Retry-After negative is ignored", response: .init(status: 429, headers: ["Retry-After": "-5"], body: ""),
             options: ["--retries", "1"], status: 75, stderr: "HTTP 429 Too Many Requests (2 attempts)", requests: 2),
        Case(name: "NUL byte in a response string", response: .init(file: body("nul.json")), options: fast,
             status: 76, stderr: "not JSON"),
        Case(name: "escaped NUL in the version", response: .init(file: body("nul-escaped.json")), options: fast,
             status: 76, stderr: "results[0].version: invalid version '2.0\\u{0}'"),
        Case(name: "invalid UTF-8 in a response string", response: .init(file: body("invalid-utf8.json")), options: fast,
             status: 76, stderr: "not JSON"),
        Case(name: "NUL-only body", response: .init(file: body("nul-only.json")), options: fast,
             status: 76, stderr: "not JSON"),
        Case(name: "JSON nested 100,000 deep", response: .init(file: body("deep.json")), options: fast,
             status: 76, stderr: "not JSON"),
        Case(name: "an ignored member nested 100,000 deep", response: .init(file: body("deep-member.json")), options: fast,
             status: 76, stderr: "not JSON"),
        Case(name: "duplicate keys in a Lookup response", response: .init(file: body("duplicate-key.json")), options: fast,
             status: 76, stderr: "not valid JSON (duplicate key 'version'"),
        Case(name: "binary plist that contains itself", command: "manifest", response: .init(file: body("cycle.plist")),
             options: fast, status: 76, stderr: "property list entry '1.0' holds an array of non-strings"),
        Case(name: "XML plist entity expansion (billion laughs)", command: "manifest", response: .init(file: body("entities.plist")),
             options: fast, status: 76, stderr: "not a valid property list"),
        // Crashed the helper (SIGSEGV, stack overflow in FoundationEssentials' XML scanner) once
        // property lists went through PropertyListDecoder.
        Case(name: "XML plist nested 100,000 deep", command: "manifest", response: .init(file: body("deep.plist")),
             options: fast, status: 76, stderr: "not a valid property list (nested deeper than 128 levels)"),
        Case(name: "duplicate keys in a manifest", command: "manifest", response: .init(file: body("duplicate-manifest.json")),
             options: fast, status: 76, stderr: "duplicate key 'latestVersion'"),
    ]

    @Test(arguments: cases)
    func boundedFailure(_ hostile: Case) throws {
        let server = try LoopbackServer(routes: ["/lookup": [hostile.response], "/m.json": [hostile.response]])
        let source = hostile.command == "lookup"
            ? ["lookup", "--id", "1", "--lookup-url", server.url("/lookup")] : ["manifest", "--url", server.url("/m.json")]
        let result = try runMeasured("versioncheck", source + ["--current", "1.0"] + hostile.options, timeout: 30)
        #expect(result.status == hostile.status, "\(result)")
        #expect(result.stderrText.hasPrefix("versioncheck: error: "), "\(result)")
        #expect(result.stderrText.contains(hostile.stderr), "\(result)")
        #expect(result.stderrText.split(separator: "\n").count == 1, "one line on stderr: \(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.seconds >= hostile.atLeast, "\(result)")
        // Retries add a backoff of at most 0.5 s.
        #expect(result.seconds < HostileBudget.seconds + (hostile.requests > 1 ? 0.5 : 0), "\(result)")
        #expect(result.peakMiB < HostileBudget.mebibytes, "\(result)")
        #expect(server.requests().count == hostile.requests, "\(result)")
        print("HOSTILE\t\(hostile.name)\texit \(result.status)\t\(String(format: "%.2f", result.seconds)) s\t\(String(format: "%.1f", result.peakMiB)) MiB")
    }

    /// SPEC.md: `--timeout` is any positive decimal number. One too large to count in
    /// milliseconds crashed the helper (URLSession on Linux multiplies it into an `Int`);
    /// it now means "no deadline", and the check just runs.
    @Test(arguments: ["99999999999999999999", String(repeating: "9", count: 300) + ".5", "0.000001"])
    func extremeTimeoutsAreNotCrashes(timeout: String) throws {
        let server = try LoopbackServer(routes: ["/lookup": [.init(file: "itunes-ios.json")]])
        let result = try runMeasured(
            "versioncheck", ["lookup", "--id", "1450000001", "--lookup-url", server.url("/lookup"), "--current", "1.0", "--timeout", timeout, "--retries", "0"])
        if timeout.hasPrefix("0.") {
            #expect(result.status == 75, "\(result)")
            #expect(result.stderrText.contains("timed out after"), "\(result)")
        } else {
            #expect(result.status == 101, "\(result)")
            #expect(result.stderr.isEmpty, "\(result)")
        }
        #expect(result.seconds < HostileBudget.seconds, "\(result)")
    }

    /// A manifest with as many releases as fit under the 8 MiB cap (355,739 of them).
    static let bigManifest: URL = {
        var text = #"{"releases": ["#
        var count = 0
        let limit = 8 * 1024 * 1024 - 2
        while true {
            let entry = (count == 0 ? "" : ",") + #"{"version":"1.\#(count / 1000).\#(count % 1000)"}"#
            if text.utf8.count + entry.utf8.count > limit { break }
            text += entry
            count += 1
        }
        text += "]}"
        let url = bodyFolder.appendingPathComponent("big-manifest.json")
        try! Data(text.utf8).write(to: url)
        return url
    }()

    /// The 8 MiB manifest, from a file (text) and over HTTP (`--json`), every release
    /// newer than `--current` (355,738 of them listed, 14 and 26 MB of output). The
    /// release build meets the issue's 1 s and 64 MiB (`make check-budget` runs this
    /// against it: about 0.25 s text, 0.5 s `--json`, 49 MiB). The unoptimized debug
    /// build that `make test` runs is several times slower (2-4 s on a loaded machine):
    /// there the time bound only catches a return of the quadratic paths that once made
    /// this take hours; memory is held to the budget in both.
    @Test(arguments: [(["--current", "1.0"], Int32(100), false), (["--current", "1.0", "--json"], Int32(100), true)])
    func manifestAtTheSizeCap(options: [String], status: Int32, overHTTP: Bool) throws {
        let size = try FileManager.default.attributesOfItem(atPath: Self.bigManifest.path)[.size] as? Int
        #expect(size.map { $0 <= 8 * 1024 * 1024 && $0 > 8 * 1024 * 1024 - 32 } == true)
        let server = try LoopbackServer(routes: ["/big.json": [.init(file: Self.bigManifest.path)]])
        let location = overHTTP ? server.url("/big.json") : Self.bigManifest.path
        let result = try runMeasuredForBudget("versioncheck", ["manifest", "--url", location] + options, timeout: 120)
        #expect(result.status == status, "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        if status == 100 {
            #expect(result.stdout.count > 355_738 * 10, "every newer release is listed: \(result.stdout.count) bytes")
        }
        #expect(result.seconds < (HostileBudget.isReleaseBuild ? HostileBudget.seconds : 10 * HostileBudget.seconds), "\(result)")
        #expect(result.peakMiB < HostileBudget.mebibytes, "\(result)")
        print("HOSTILE\t8 MiB manifest \(overHTTP ? "over HTTP" : "file") \(options.joined(separator: " "))\texit \(result.status)\t\(String(format: "%.2f", result.seconds)) s\t\(String(format: "%.1f", result.peakMiB)) MiB")
    }

    /// A manifest of `entry(n)` entries, as many as fit under the 8 MiB cap.
    static func capFillingManifest(_ name: String, entry: (Int) -> String) throws -> (url: URL, count: Int) {
        var text = #"{"releases": ["#
        var count = 0
        while true {
            let next = (count == 0 ? "" : ",") + entry(count)
            if text.utf8.count + next.utf8.count > 8 * 1024 * 1024 - 2 { break }
            text += next
            count += 1
        }
        let url = bodyFolder.appendingPathComponent(name)
        try Data((text + "]}").utf8).write(to: url)
        return (url, count)
    }

    /// Other shapes that fill the cap. Pre-releases cost what plain versions cost (they
    /// share one marker and are read from their text when compared: 36 MiB, release
    /// build). Releases with notes each carry a details object (144 bytes): 61 MiB;
    /// one version repeated: 45 MiB. All held to the budget (once held to twice it).
    @Test(arguments: [
        ("pre-releases", #"{"version":"1-%d"}"#, 1.0),
        ("one version repeated", #"{"version":"1"}"#, 1.0),
        ("releases with notes", #"{"version":"1.%d","notes":"n"}"#, 1.0),
    ])
    func otherShapesAtTheSizeCap(shape: String, format: String, memoryBudgets: Double) throws {
        let (url, count) = try Self.capFillingManifest("cap-\(shape.replacingOccurrences(of: " ", with: "-")).json") { index in
            format.replacingOccurrences(of: "%d", with: String(index))
        }
        #expect(count > 240_000, "\(count) entries")
        let result = try runMeasuredForBudget("versioncheck", ["manifest", "--url", url.path, "--current", "0.1", "-q"], timeout: 120)
        #expect(result.status == 101, "a major update from 0.1: \(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        #expect(result.seconds < (HostileBudget.isReleaseBuild ? HostileBudget.seconds : 10 * HostileBudget.seconds), "\(result)")
        #expect(result.peakMiB < memoryBudgets * HostileBudget.mebibytes, "\(result)")
        print("HOSTILE\t8 MiB manifest of \(count) \(shape)\texit \(result.status)\t\(String(format: "%.2f", result.seconds)) s\t\(String(format: "%.1f", result.peakMiB)) MiB")
    }

    /// Property list manifests at the cap, of version → notes (the iVersion shape).
    /// Read by our own reader (PropertyListEntries); through PropertyListDecoder these
    /// took 1.3 s / 105 MiB (XML) and 2.9 s / 158 MiB (binary). The binary list is in
    /// plistlib's text order ("1.10" before "1.2"), so its keys are hashed and its
    /// releases sorted; its entries share one notes object, and so do their releases'
    /// details (97 MiB before they did, 62 MiB after; XML 48 MiB; release build).
    @Test(arguments: ["XML", "binary"])
    func propertyListsAtTheSizeCap(format: String) throws {
        let cap = 8 * 1024 * 1024
        let data: Data
        var count: Int
        if format == "XML" {
            var text = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>"#
            let end = "</dict></plist>"
            count = 0
            while true {
                let entry = "<key>1.\(count)</key><string>n</string>"
                if text.utf8.count + entry.utf8.count + end.utf8.count > cap { break }
                text += entry
                count += 1
            }
            data = Data((text + end).utf8)
        } else {
            count = 440_000
            var bytes: [UInt8]
            repeat {
                let keys = (0..<count).map { "1.\($0)" }.sorted()  // plistlib's order
                bytes = BinaryPlistBuilder.build(keys.map { ($0, .string("n")) }, uniquingStrings: true)
                if bytes.count > cap { count = count * cap / bytes.count - 1 }
            } while bytes.count > cap
            data = Data(bytes)
        }
        #expect(count > 200_000, "\(count) entries")
        #expect(data.count <= cap && data.count > cap - 64 * 1024, "\(data.count) bytes")
        let url = Self.bodyFolder.appendingPathComponent("cap-\(format).plist")
        try data.write(to: url)
        let result = try runMeasuredForBudget("versioncheck", ["manifest", "--url", url.path, "--current", "0.1", "-q"], timeout: 120)
        #expect(result.status == 101, "a major update from 0.1: \(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        // The debug build reads property lists some 20 times slower (4.6-8 s here): its bound
        // only catches a return to quadratic time, which would take minutes.
        #expect(result.seconds < (HostileBudget.isReleaseBuild ? HostileBudget.seconds : 30 * HostileBudget.seconds), "\(result)")
        #expect(result.peakMiB < HostileBudget.mebibytes, "\(result)")
        print("HOSTILE\t8 MiB \(format) property list of \(count) releases with notes\texit \(result.status)\t\(String(format: "%.2f", result.seconds)) s\t\(String(format: "%.1f", result.peakMiB)) MiB")
    }

    /// Binary property lists at the cap whose entries all name one value object (a
    /// property list shares objects by reference). Copied per entry, 380,000 entries
    /// naming a 512-byte string took 1.6 s and 318 MiB, naming an array of twelve lines
    /// 2.4 s and 504 MiB (release build). Shared objects are decoded once and stay
    /// shared; nothing is expanded that is not printed: an up-to-date install (issue 22:
    /// this was 76, "notes over 16 MiB") and `-q` answer within the budget, and only
    /// notes that would be printed are bounded (16 MiB: past it a bad response, before
    /// anything is written).
    @Test(arguments: [
        ("a 512-byte string", BinaryPlistBuilder.Value.string(String(repeating: "n", count: 512)), Int32(76)),
        ("an array of twelve lines", .strings((0..<12).map { "line \($0) " + String(repeating: "z", count: 40) }), 76),
        ("a 32-byte string", .string(String(repeating: "n", count: 32)), 101),
    ])
    func sharedObjectsAtTheSizeCap(shape: String, value: BinaryPlistBuilder.Value, printedStatus: Int32) throws {
        let count = 380_000
        let bytes = BinaryPlistBuilder.build((0..<count).map { ("1.\($0)", $0 == 0 ? value : .sameAs(0)) })
        #expect(bytes.count <= 8 * 1024 * 1024 && bytes.count > 7 * 1024 * 1024, "\(bytes.count) bytes")
        let url = Self.bodyFolder.appendingPathComponent("cap-shared-\(shape.split(separator: " ").dropFirst().joined()).plist")
        try Data(bytes).write(to: url)
        let server = try LoopbackServer(routes: ["/shared.plist": [.init(file: url.path), .init(file: url.path)]])
        var runs: [(location: String, arguments: [String], status: Int32)] = []
        for location in [url.path, server.url("/shared.plist")] {
            runs.append((location, ["--current", "1.\(count - 1)"], 0))
            runs.append((location, ["--current", "0.1", "-q"], 101))
        }
        if printedStatus == 76 { runs.append((url.path, ["--current", "0.1"], 76)) }
        for run in runs {
            let result = try runMeasuredForBudget("versioncheck", ["manifest", "--url", run.location] + run.arguments, timeout: 120)
            #expect(result.status == run.status, "\(run.arguments) \(result)")
            if run.status == 76 {
                #expect(result.stderrText.contains("the release notes to print come to more than 16 MiB of text"), "\(result)")
                #expect(result.stderrText.split(separator: "\n").count == 1, "\(result)")
                #expect(result.stdout.isEmpty, "\(result)")
            } else {
                #expect(result.stderr.isEmpty, "\(result)")
            }
            #expect(result.seconds < (HostileBudget.isReleaseBuild ? HostileBudget.seconds : 30 * HostileBudget.seconds), "\(result)")
            #expect(result.peakMiB < HostileBudget.mebibytes, "\(result)")
            print("HOSTILE\t8 MiB binary property list, \(count) entries naming \(shape), \(run.location.hasPrefix("http") ? "over HTTP" : "file") \(run.arguments.joined(separator: " "))\texit \(result.status)\t\(String(format: "%.2f", result.seconds)) s\t\(String(format: "%.1f", result.peakMiB)) MiB")
        }
    }

    /// Binary property lists at the cap in plistlib's text order whose value objects
    /// are each named once, or by exactly two entries: no object is shared widely,
    /// every key hashed for repeats, every release sorted. Before the keys were hashed
    /// as entry numbers (`KeyIndexTable`), equal notes shared their details and the
    /// decision sorted the releases in place, these took 105 and 101 MiB (release build,
    /// 369,550 and 414,617 entries with 3-byte references).
    /// With notes of its own text each ("n1", "n2", …, 296,923 entries), every release
    /// carries its notes: 76.5 MiB while any field cost a 144-byte details object, 55 MiB
    /// since a notes-only release takes 32 bytes (release build).
    @Test(arguments: [
        ("each entry its own notes object", 1), ("each object named by exactly two entries", 2),
        ("each entry its own notes text", 0),
    ])
    func unsharedObjectsAtTheSizeCap(shape: String, entriesPerObject: Int) throws {
        let cap = 8 * 1024 * 1024
        var count = 440_000
        var bytes: [UInt8]
        repeat {
            let keys = (0..<count).map { "1.\($0)" }.sorted()  // plistlib's order
            let entries = keys.indices.map { index -> (String, BinaryPlistBuilder.Value) in
                guard entriesPerObject > 0 else { return (keys[index], .string("n\(index)")) }
                return (keys[index], index % entriesPerObject == 0 ? .string("n") : .sameAs(index - index % entriesPerObject))
            }
            bytes = BinaryPlistBuilder.build(entries, smallestSizes: true)
            if bytes.count > cap { count = count * cap / bytes.count - 1 }
        } while bytes.count > cap
        #expect(count > (entriesPerObject == 0 ? 250_000 : 360_000), "\(count) entries")
        #expect(bytes.count > cap - 128 * 1024, "\(bytes.count) bytes")
        let url = Self.bodyFolder.appendingPathComponent("cap-unshared-\(entriesPerObject).plist")
        try Data(bytes).write(to: url)
        let server = try LoopbackServer(routes: ["/unshared.plist": [.init(file: url.path)]])
        for (location, options) in [(url.path, ["-q"]), (server.url("/unshared.plist"), ["--json"])] {
            let result = try runMeasuredForBudget(
                "versioncheck", ["manifest", "--url", location, "--current", "0.1"] + options, timeout: 120)
            #expect(result.status == 101, "a major update from 0.1: \(result)")
            #expect(result.stderr.isEmpty, "\(result)")
            if options == ["--json"] {
                #expect(result.stdout.count > count * 10, "every newer release is listed: \(result.stdout.count) bytes")
            }
            #expect(result.seconds < (HostileBudget.isReleaseBuild ? HostileBudget.seconds : 30 * HostileBudget.seconds), "\(result)")
            #expect(result.peakMiB < HostileBudget.mebibytes, "\(result)")
            print("HOSTILE\t8 MiB binary property list of \(count) entries, \(shape), \(location.hasPrefix("http") ? "over HTTP" : "file") \(options.joined(separator: " "))\texit \(result.status)\t\(String(format: "%.2f", result.seconds)) s\t\(String(format: "%.1f", result.peakMiB)) MiB")
        }
    }
}
