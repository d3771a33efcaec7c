extension PackedVersionSort {
    /// The spans whose version `admits` accepts, in input order; nil when a line is not a
    /// version (the caller's general path reports or skips it).
    ///
    /// For `sort --satisfies` before packing. A plain line (`[v]1.2.3`, at most four
    /// significant components of at most 19 digits: the common case) becomes a `Version`
    /// straight from its digits, without its text, so `admits` must look only at precedence
    /// (its `description` is empty); any other line is parsed in full.
    /// Cost: one scan of the bytes and one `admits` a line; no allocation for plain lines.
    public static func filter(
        _ spans: UnsafeBufferPointer<LineSpan>,
        in bytes: UnsafeBufferPointer<UInt8>,
        where admits: (Version) -> Bool
    ) -> [LineSpan]? {
        var kept: [LineSpan] = []
        kept.reserveCapacity(spans.count)
        for span in spans {
            let version: Version
            if let plain = plainVersion(in: bytes, span) {
                version = plain
            } else {
                let line = UnsafeBufferPointer(rebasing: bytes[Int(span.start)..<Int(span.end)])
                guard let parsed = try? Version(String(decoding: line, as: UTF8.self)) else { return nil }
                version = parsed
            }
            if admits(version) { kept.append(span) }
        }
        return kept
    }

    /// `[v]number *("." number)` with at most four significant components of at most 19
    /// digits as a text-less `Version`; nil for anything else.
    @inline(__always)
    static func plainVersion(in bytes: UnsafeBufferPointer<UInt8>, _ span: LineSpan) -> Version? {
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        let line = UnsafeBufferPointer(rebasing: bytes[Int(span.start)..<Int(span.end)])
        guard Version.scanPlainRelease(line, into: &words) else { return nil }
        return Version(words: words.0, words.1, words.2, words.3, extra: nil, text: "")
    }
}
