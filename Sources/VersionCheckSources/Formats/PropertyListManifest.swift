import VersionCheckCore

/// A property list manifest (iVersion style): a dictionary from version to release
/// notes, a string or an array of strings joined by newlines, XML or binary. Releases
/// come in file order, so of two keys with equal precedence ("1.0", "1.0.0") the first
/// in the file wins. `PropertyListEntries` reads the bytes (no Foundation decoder).
///
/// Failures in this order: a malformed list; the first entry (in file order) whose
/// value is not release notes; the first key given twice; the first key that is
/// not a version; no entries.
public enum PropertyListManifestFormat: ManifestFormat {
    public static let name = "a property list"

    /// The `bplist` magic, or `<?xml`, `<plist` or `<!DOCTYPE plist` as the first markup.
    public static func sniff(_ body: [UInt8]) -> Bool {
        if content(of: body, skippingWhitespace: false).starts(with: "bplist".utf8) { return true }
        let head = String(decoding: content(of: body).prefix(15), as: UTF8.self).lowercased()
        return head.hasPrefix("<?xml") || head.hasPrefix("<plist") || head.hasPrefix("<!doctype plist")
    }

    public static func decode(_ data: [UInt8], context: SourceContext) throws(BodyError) -> SourceDocument {
        var collected = PropertyListReleases(bodySize: data.count)
        try entries(of: data) { collected.add($0) }
        return SourceDocument(releases: try collected.releases())
    }

    /// Calls `body` with each entry in file order (`PropertyListEntries`, with `locator`);
    /// a list that is malformed, or not a dictionary, is a bad response (the decoder's and
    /// `lint`'s).
    static func entries(
        of data: [UInt8], locator: ((Int) -> Void)? = nil, _ body: (PropertyListEntry) -> Void
    ) throws(BodyError) {
        do {
            try PropertyListEntries.read(data, locator: locator, body)
        } catch .topLevelNotADictionary {
            throw BodyError("the property list is not a dictionary from version to release notes")
        } catch {
            throw BodyError("not a valid property list (\(error.description))")
        }
    }
}
