import Testing
import VersionCheckSources

@Suite("HTML notes as text")
struct HTMLTextTests {
    @Test("SPEC's rules", arguments: [
        ("<p>Fixes a bug in <b>sync</b>.</p>", "Fixes a bug in sync."),
        ("<p>One</p><p>Two</p>", "One\n\nTwo"),
        ("A<br>B<br/>C<BR />D", "A\nB\nC\nD"),
        ("A<br><br><br><br>B", "A\n\nB"),
        ("<ul><li>Tags</li><li>Search &amp; replace</li></ul>", "• Tags\n• Search & replace"),
        ("<h2>New</h2><ul><li>x</li></ul>", "New\n• x"),
        ("<div>a</div><div>b</div>", "a\nb"),
        ("  lots   of\n\n  white\tspace  ", "lots of white space"),
        ("Caf&#233; &amp;amp; &lt;tag&gt; &#x2014; &nbsp;&mdash; &unknown; & x", "Café &amp; <tag> — — &unknown; & x"),
        ("<script>alert('x')</script>Safe<style>p{}</style>", "Safe"),
        ("a <!-- hidden <b> --> b", "a b"),
        ("1 < 2 and 3 > 2", "1 < 2 and 3 > 2"),
        ("<a href=\"https://x/?a>b\">link</a>", "link"),
        ("<p>Version 7 is a paid upgrade.<br>See the web site.</p>", "Version 7 is a paid upgrade.\nSee the web site."),
        ("", ""),
        ("<p></p>", ""),
        ("x <unclosed", "x <unclosed"),
    ])
    func plainText(_ html: String, _ text: String) {
        #expect(HTMLText.plainText(html) == text)
    }

    @Test func hostileMarkupIsLinear() {
        let html = String(repeating: "<a\"", count: 200_000) + String(repeating: "&amp", count: 200_000)
        let clock = ContinuousClock()
        let elapsed = clock.measure { _ = HTMLText.plainText(html) }
        #expect(elapsed < .seconds(10))
    }
}
