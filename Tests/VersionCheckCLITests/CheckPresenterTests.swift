import Testing
import VersionCheckCore
import VersionCheckSources
@testable import VersionCheckCLI
@testable import VersionCheckCommandLine
@testable import VersionCheckPipeline
@testable import VersionCheckPlatform

/// The check's output is streamed in chunks (a manifest can list 400,000 releases):
/// what reaches stdout must be exactly the text and the one JSON line of SPEC.md.
@Suite("Check output: streamed in chunks, byte for byte the whole value", .blockingBodies)
struct CheckPresenterTests {
    static func report(releases count: Int, gate: Bool = false, app: AppInfo? = nil) throws -> CheckReport {
        var releases: [Release] = []
        for index in 0..<count {
            let version = try Version("1.\(index / 100).\(index % 100)")
            if index % 5 == 4 {  // notes only, or no field at all: the JSON writer's short path
                releases.append(index % 10 == 4 ? Release(version: version, notes: "Only \"notes\" \(index)") : Release(version: version))
                continue
            }
            releases.append(Release(
                version: version,
                notes: index % 3 == 0 ? nil : "Fixes \(index).\r\nLine two\u{1B}[31m\n\nafter a blank line",
                date: index % 2 == 0 ? "2026-01-02T03:04:05Z" : nil, critical: index % 7 == 6,
                minimumOsVersion: "15.0", url: "https://example.com/\(index)"))
        }
        let decision = try decideUpdate(
            current: try Version("0.9"), releases: releases, sourceMinimum: nil,
            policy: UpdatePolicy(forceOn: .never), now: 0)
        return CheckReport(
            current: try Version("0.9"), decision: decision, url: releases.last?.url, source: "https://example.com/m.json",
            app: app, gate: gate)
    }

    /// Runs `present` with a sink that records each write.
    static func present(_ report: CheckReport, json: Bool) -> (output: String, writes: [Int]) {
        let recorder = WriteRecorder()
        var output = Output(stdout: OutputSink { recorder.record($0) }, stderr: OutputSink { _ in })
        output.json = json
        _ = CheckPresenter.present(report, to: output)
        return (String(decoding: recorder.bytes, as: UTF8.self), recorder.sizes)
    }

    @Test("--json: one line, equal to the whole value rendered", arguments: [0, 1, 5, 3_000], [false, true])
    func jsonMatchesTheWholeValue(count: Int, appcast: Bool) throws {
        for (gate, app) in [(false, nil), (true, AppInfo(id: 42, bundleId: "com.example.app", name: "Example \"App\""))] {
            var report = try Self.report(releases: count, gate: gate, app: app)
            report.appcast = appcast
            let (printed, writes) = Self.present(report, json: true)
            #expect(printed == CheckPresenter.json(report).rendered + "\n")
            #expect(printed.filter { $0 == "\n" }.count == 1)
            if printed.utf8.count > 2 * ChunkedWriter.chunkSize { #expect(writes.count >= 2) }
            #expect(writes.allSatisfy { $0 < ChunkedWriter.chunkSize + 4096 }, "\(writes)")
        }
    }

    @Test("text: equal to text(report); large listings arrive in several chunks", arguments: [0, 2, 3_000])
    func textMatchesTheWholeText(count: Int) throws {
        let report = try Self.report(releases: count)
        let (printed, writes) = Self.present(report, json: false)
        #expect(printed == CheckPresenter.text(report))
        #expect(writes.allSatisfy { $0 < ChunkedWriter.chunkSize + 4096 }, "\(writes)")
        if printed.utf8.count > 2 * ChunkedWriter.chunkSize { #expect(writes.count >= 2) }
    }

    @Test("text: headings, cleaned notes, blank lines kept, no notes said so")
    func textShape() throws {
        let text = CheckPresenter.text(try Self.report(releases: 3))
        #expect(text == """
            optional update: 0.9 -> 1.0.2 (1.0.2 is a major update)
            url: https://example.com/2

            release 1.0.0 (2026-01-02T03:04:05Z):
              (no release notes)

            release 1.0.1:
              Fixes 1.
              Line two[31m

              after a blank line

            release 1.0.2 (2026-01-02T03:04:05Z):
              Fixes 2.
              Line two[31m

              after a blank line

            """)
    }

    @Test("-q: nothing is written at all")
    func quietWritesNothing() throws {
        let recorder = WriteRecorder()
        var output = Output(stdout: OutputSink { recorder.record($0) }, stderr: OutputSink { _ in })
        output.quiet = true
        output.json = true
        let status = CheckPresenter.present(try Self.report(releases: 10), to: output)
        #expect(status == .forcedUpdate)  // 1.0.6 is critical
        #expect(recorder.sizes.isEmpty)
    }
}

/// Remembers every write a sink receives (tests run the presenter on one thread).
final class WriteRecorder: @unchecked Sendable {
    private(set) var bytes: [UInt8] = []
    private(set) var sizes: [Int] = []

    func record(_ chunk: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: chunk)
        sizes.append(chunk.count)
    }
}
