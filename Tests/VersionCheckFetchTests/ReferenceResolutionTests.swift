import Testing
import VersionCheckCore
import VersionCheckFetch

/// RFC 3986 §5.2 reference resolution, checked against every example of §5.4.
@Suite(.blockingBodies) struct ReferenceResolutionTests {
    static let base = "http://a/b/c/d;p?q"

    /// §5.4.1, normal examples.
    static let normal: [(String, String)] = [
        ("g:h", "g:h"), ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"),
        ("/g", "http://a/g"), ("//g", "http://g"), ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"),
        ("#s", "http://a/b/c/d;p?q#s"), ("g#s", "http://a/b/c/g#s"), ("g?y#s", "http://a/b/c/g?y#s"),
        (";x", "http://a/b/c/;x"), ("g;x", "http://a/b/c/g;x"), ("g;x?y#s", "http://a/b/c/g;x?y#s"),
        ("", "http://a/b/c/d;p?q"), (".", "http://a/b/c/"), ("./", "http://a/b/c/"), ("..", "http://a/b/"),
        ("../", "http://a/b/"), ("../g", "http://a/b/g"), ("../..", "http://a/"), ("../../", "http://a/"),
        ("../../g", "http://a/g"),
    ]

    /// §5.4.2, abnormal examples (strict parser: "http:g" is absolute).
    static let abnormal: [(String, String)] = [
        ("../../../g", "http://a/g"), ("../../../../g", "http://a/g"), ("/./g", "http://a/g"),
        ("/../g", "http://a/g"), ("g.", "http://a/b/c/g."), (".g", "http://a/b/c/.g"), ("g..", "http://a/b/c/g.."),
        ("..g", "http://a/b/c/..g"), ("./../g", "http://a/b/g"), ("./g/.", "http://a/b/c/g/"),
        ("g/./h", "http://a/b/c/g/h"), ("g/../h", "http://a/b/c/h"), ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
        ("g;x=1/../y", "http://a/b/c/y"), ("g?y/./x", "http://a/b/c/g?y/./x"), ("g?y/../x", "http://a/b/c/g?y/../x"),
        ("g#s/./x", "http://a/b/c/g#s/./x"), ("g#s/../x", "http://a/b/c/g#s/../x"), ("http:g", "http:g"),
    ]

    @Test(arguments: normal + abnormal)
    func resolvesTheRFCExamples(reference: String, expected: String) {
        #expect(ReferenceResolution.resolve(reference, against: Self.base) == expected)
    }

    /// The forms a `Location` takes in practice, against a redirected URL with a port.
    @Test(arguments: [
        ("b", "http://127.0.0.1:8080/x/dir/b"), ("./b", "http://127.0.0.1:8080/x/dir/b"),
        ("../b", "http://127.0.0.1:8080/x/b"), ("/b", "http://127.0.0.1:8080/b"), ("//host/b", "http://host/b"),
        ("?q", "http://127.0.0.1:8080/x/dir/a?q"), ("#f", "http://127.0.0.1:8080/x/dir/a?z#f"),
        ("https://other/p?x#y", "https://other/p?x#y"), ("ftp://h/f", "ftp://h/f"),
        ("file:///etc/passwd", "file:///etc/passwd"), ("b?x=/../y", "http://127.0.0.1:8080/x/dir/b?x=/../y"),
    ])
    func resolvesLocationForms(reference: String, expected: String) {
        #expect(ReferenceResolution.resolve(reference, against: "http://127.0.0.1:8080/x/dir/a?z") == expected)
    }

    @Test(arguments: [
        ("/a/b/c/./../../g", "/a/g"), ("mid/content=5/../6", "mid/6"), ("/..", "/"), ("", ""), ("/a/..", "/"),
        ("a/b/..", "a/"), ("//x/../y", "//y"),
    ])
    func removesDotSegments(path: String, expected: String) {
        #expect(ReferenceResolution.removeDotSegments(path) == expected)
    }

    @Test func anEmptyBasePathMergesUnderTheRoot() {
        #expect(ReferenceResolution.resolve("g", against: "http://a") == "http://a/g")
        #expect(ReferenceResolution.resolve("g", against: "http://a?q") == "http://a/g")
    }
}
