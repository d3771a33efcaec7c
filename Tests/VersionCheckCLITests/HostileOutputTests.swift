import Foundation
import Testing
import VersionCheckCLI
import VersionCheckCore
import VersionCheckCommandLine
import VersionCheckPipeline
import VersionCheckPlatform
import VersionCheckTestSupport

/// Output of hostile size stays linear: `JSONValue` used to append through
/// `String.UnicodeScalarView.append(contentsOf:)`, which copies the whole string
/// every time (`--json` for a 355,000-release manifest ran for over 10 minutes).
@Suite("Hostile input: output size", .blockingBodies)
struct HostileOutputTests {
    @Test func renderingIsLinear() {
        let notes = "line one\nline \"two\" \u{1B}[31m and more text to make it longer"
        let value = JSONValue.array((0..<100_000).map { .object([.init("version", .string("1.\($0)")), .init("notes", .string(notes))]) })
        let start = Date()
        let text = value.rendered
        // About 1 s in the debug build; quadratic was minutes. Sanitizers slow every access.
        #expect(Date().timeIntervalSince(start) < (HostileBudget.sanitizer == nil ? 5 : 50))
        #expect(text.hasPrefix(#"[{"version": "1.0", "notes": "line one\nline \"two\" \u001b[31m and more"#))
        #expect(text.utf8.count > 100_000 * 80)
    }
}
