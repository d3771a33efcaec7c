import VersionCheckCore

/// `lint` of a property list manifest (SPEC.md "Checking a feed before publishing"):
/// `V01` for a key that is not a version or a list with no keys, `J02` for keys of equal
/// precedence (`1.0` and `1.0.0`, or one key twice). Lines are the `<key>`'s in an XML
/// list, 0 in a binary one (which has none).
///
/// Reads the entries as the decoder does (`PropertyListManifestFormat.entries`); a value
/// that is not release notes is no finding: when no finding is an error, `FeedLint`
/// runs the decoder, which refuses it.
enum PropertyListManifestLint {
    static func findings(_ body: [UInt8], context: LintContext) throws(BodyError) -> [LintFinding] {
        var found = LocatedFindings()
        var versions: [Version] = []
        /// The byte offset of each version's `<key>` in an XML list (none in a binary one).
        var offsets: [Int] = []
        var entryCount = 0
        var keyOffset: Int?  // of the entry being read, in an XML list
        try PropertyListManifestFormat.entries(of: body, locator: { keyOffset = $0 }) { entry in
            entryCount += 1
            switch Version.reading(entry.key) {
            case .success(let version):
                versions.append(version)
                if let keyOffset { offsets.append(keyOffset) }
            case .failure(let error):
                found.add(.v01, at: .init(offset: keyOffset), item: entry.key, versionRefusal(error, what: "property list key"))
            }
        }
        if entryCount == 0 {
            found.add(.v01, at: .none, item: nil, "the property list has no versions: nothing to compare with")
        }
        EqualPrecedence.forEachRepeat(in: versions) { first, later in
            // A version's text is its key's, less white space around it.
            let (earlier, key) = (versions[first].description, versions[later].description)
            let how = earlier == key ? "is given twice" : "has the precedence of the key \(LintText.quoted(earlier))"
            found.add(.j02, at: .init(offset: later < offsets.count ? offsets[later] : nil), item: key,
                "the property list key \(LintText.quoted(key)) \(how): one of them is never offered")
        }
        return found.resolved(in: body)
    }
}
