import Testing
import VersionCheckCLI
import VersionCheckCommandLine
import VersionCheckPipeline
import VersionCheckPlatform
import VersionCheckCore

@Suite("JSON writer", .blockingBodies)
struct JSONValueTests {
    static let strings: [(String, String)] = [
        ("plain", #""plain""#),
        ("quote \" and backslash \\", #""quote \" and backslash \\""#),
        ("line\nbreak\r\ttab", #""line\nbreak\r\ttab""#),
        ("\u{08}\u{0C}\u{00}\u{1F}\u{7F}", #""\b\f\u0000\u001f\u007f""#),
        ("ünïcödé ✓ 🚀", "\"ünïcödé ✓ 🚀\""),
        ("sep\u{2028}\u{2029}", #""sep\u2028\u2029""#),
        ("/", #""/""#),
        ("naïve café 日本", "\"naïve café 日本\""),  // no escape, not ASCII: the one-append path
        ("ends with a quote\"", #""ends with a quote\"""#),
        ("\u{2027}\u{2028}\u{202A}\u{202F}", "\"\u{2027}\\u2028\\u202a\u{202F}\""),  // 0xE2 neighbours stay as they are
        ("\u{85}é\u{A0}\u{061C}\u{061B}\u{2066}\u{2069}\u{206A}", "\"\\u0085é\u{A0}\\u061c\u{061B}\\u2066\\u2069\u{206A}\""),  // C1, bidi
        ("", #""""#),
    ]

    @Test(arguments: strings)
    func stringEscaping(input: String, expected: String) {
        #expect(JSONValue.string(input).rendered == expected)
    }

    /// JSON's rule spelled out scalar by scalar, independently of `JSONString`.
    static func reference(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\u{2028}", "\u{2029}", "\u{061C}", "\u{200E}", "\u{200F}", "\u{202A}"..."\u{202E}", "\u{2066}"..."\u{2069}":
                out += "\\u" + (scalar.value < 0x1000 ? "0" : "") + String(scalar.value, radix: 16)
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                out += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Long strings are escaped piece by piece (4 KiB at a time through a small buffer,
    /// or straight into the chunked writer's buffer): every escape and every multi-byte
    /// character lands on each side of a piece's end, and the result is the whole text
    /// escaped, whichever path wrote it.
    @Test(arguments: strings.map(\.0))
    func longStringsAcrossPieces(tail: String) {
        for length in [4_093, 4_094, 4_095, 4_096, 10_000, 65_530, 70_000] {
            for filler in ["a", "é", "日", "\u{2028}", "\""] {
                var text = String(repeating: filler, count: length / filler.utf8.count)
                text += tail + text
                let expected = Self.reference(text)
                #expect(JSONValue.string(text).rendered == expected, "\(length) \(filler)")
                for chunkSize in [16, 4_096, ChunkedWriter.chunkSize] {
                    let recorder = WriteRecorder()
                    var writer = ChunkedWriter(OutputSink { recorder.record($0) }, chunkSize: chunkSize)
                    writer.write(literal: "[")
                    writer.write(jsonString: text)
                    writer.write(json: .string(tail))
                    writer.flush()
                    #expect(String(decoding: recorder.bytes, as: UTF8.self) == "[" + expected + Self.reference(tail), "\(length) \(filler) \(chunkSize)")
                }
            }
        }
    }

    @Test(arguments: strings)
    func referenceAgrees(input: String, expected: String) {
        #expect(Self.reference(input) == expected)
    }

    @Test func objectsKeepKeyOrderAndWriteNull() {
        let value: JSONValue = [
            "status": "optional", "current": "1.2.0", "comparison": -1, "gate": true, "url": .string(nil),
            "releases": [["version": "1.3.0", "critical": false]], "app": nil, "days": 1.5,
        ]
        #expect(value.rendered == #"{"status": "optional", "current": "1.2.0", "comparison": -1, "gate": true, "url": null, "releases": [{"version": "1.3.0", "critical": false}], "app": null, "days": 1.5}"#)
    }

    @Test(arguments: [(2.0, "2"), (0.25, "0.25"), (-3.0, "-3"), (Double.nan, "null"), (Double.infinity, "null")])
    func doubles(value: Double, expected: String) {
        #expect(JSONValue.double(value).rendered == expected)
    }

    @Test func emptyContainers() {
        #expect(JSONValue.array([]).rendered == "[]")
        #expect(JSONValue.object([]).rendered == "{}")
    }
}

@Suite("Output", .blockingBodies)
struct OutputTests {
    @Test func reportWritesOneLineOnStderr() {
        let (output, capture) = Output.capturing()
        let status = output.report(Failure(.timeout, "timed out after 10 s: https://x.test/\nsecond line"))
        #expect(status == .unreachable)
        #expect(capture.stdout == "")
        #expect(capture.stderr == "versioncheck: error: timed out after 10 s: https://x.test/\\nsecond line\n")
    }

    @Test(arguments: ErrorKind.allCases)
    func reportWithJSONAddsTheErrorObjectOnStdout(kind: ErrorKind) {
        var (output, capture) = Output.capturing()
        output.json = true
        let status = output.report(Failure(kind, "it \"failed\""))
        #expect(status == kind.exitStatus)
        #expect(capture.stdout == #"{"status": "error", "error": {"code": \#(kind.exitStatus.rawValue), "kind": "\#(kind.rawValue)", "message": "it \"failed\""}}"# + "\n")
        #expect(capture.stderr == "versioncheck: error: it \"failed\"\n")
    }

    /// One failure kind for both processes: every kind the helper may report crosses the
    /// report as itself, with its message (no mapping by name on either side).
    @Test(arguments: ErrorKind.allCases)
    func everyKindCrossesTheHelpersReportAsItself(kind: ErrorKind) {
        let failure = Failure(kind, "it failed")
        #expect(FetchReport.decode(FetchReport.failure(failure).encoded) == .failure(failure))
    }

    @Test func quietSilencesStdoutOnly() {
        var (output, capture) = Output.capturing()
        output.quiet = true
        output.json = true
        output.writeLine("data")
        output.writeJSON(["a": 1])
        output.report(Failure(.usage, "bad"))
        #expect(capture.stdout == "")
        #expect(capture.stderr == "versioncheck: error: bad\n")
    }

    @Test func diagnosticsOnlyWhenVerbose() {
        var (output, capture) = Output.capturing()
        output.diagnostic("GET https://x.test/ 200")
        #expect(capture.stderr == "")
        output.verbose = true
        output.diagnostic("GET https://x.test/ 200")
        #expect(capture.stderr == "versioncheck: GET https://x.test/ 200\n")
    }

    @Test(arguments: [
        (true, [String: String](), true),
        (false, [:], false),
        (true, ["NO_COLOR": "1"], false),
        (true, ["NO_COLOR": ""], false),
        (true, ["TERM": "dumb"], false),
    ])
    func colourOnlyOnATerminalWithoutNoColor(terminal: Bool, environment: [String: String], coloured: Bool) {
        let result = run(["compare", "1"], environment: environment, terminal: terminal)
        #expect(result.status == .usage)
        #expect(result.stderr.contains("\u{1B}[") == coloured)
        #expect(result.stderr.contains("error:"))
    }
}
