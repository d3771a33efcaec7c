/// A property list manifest's entries, read from the bytes themselves, XML or
/// binary (`bplist0`): the top-level dictionary's keys in file order, each with its
/// value as release notes (a string, or an array of strings joined by newlines) or
/// as the reason it is not.
///
/// No Foundation decoder: `PropertyListDecoder` loses the key order, keeps every key
/// in a hashed dictionary and took 3 s and 158 MiB for a binary list of 400,000
/// entries at the 8 MiB cap; `PropertyListSerialization` crashed bridging a set
/// (found by fuzz-manifest); and FoundationXML would pull libxml2 into the helper.
/// Only the two levels a manifest has are read: deeper values are skipped, never
/// decoded. Cost: one pass over the bytes for XML; for a binary list, the trailer,
/// the top object and the objects its entries name. Every offset and size is checked
/// against the buffer, so malformed input throws, never traps or reads out of bounds.
enum PropertyListEntries {
    /// Calls `body` with each entry of the top-level dictionary in file order (repeats
    /// kept), then returns; throws at the first malformed byte, having called `body`
    /// for the entries before it. In an XML list, `locator` is told the byte offset of each
    /// entry's `<key>` before the entry (`lint`'s lines); a binary list has no lines.
    static func read(
        _ data: [UInt8], locator: ((Int) -> Void)? = nil, _ body: (PropertyListEntry) -> Void
    ) throws(PropertyListError) {
        let result: Result<Void, PropertyListError> = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            do throws(PropertyListError) {
                if bytes.starts(with: "bplist".utf8) {
                    try BinaryPropertyListEntries.read(bytes, body)
                } else {
                    try XMLPropertyListEntries.scan(bytes, locator: locator, body)
                }
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
    }

    /// Every entry, in file order: for tests and small lists.
    static func all(in data: [UInt8]) throws(PropertyListError) -> [PropertyListEntry] {
        var entries: [PropertyListEntry] = []
        try read(data) { entries.append($0) }
        return entries
    }
}

/// One key of a manifest's top-level dictionary and what its value is.
struct PropertyListEntry: Equatable {
    var key: String
    var value: PropertyListValue
    /// Binary lists: the value's object number when other entries name the same object
    /// (their values are one decoded value, shared). Not part of equality: it says how
    /// the value is stored, not what it is.
    var sharedValue: UInt64? = nil

    static func == (left: PropertyListEntry, right: PropertyListEntry) -> Bool {
        left.key == right.key && left.value == right.value
    }
}

/// A manifest entry's value: release notes, or why it is not.
enum PropertyListValue: Equatable {
    /// A string, or an array of strings joined by newlines (an empty array: "").
    case notes(String)
    /// Something else: a number, a date, a dictionary, a set…
    case notNotes
    /// An array holding something other than strings.
    case arrayOfNonStrings
}

/// Why a property list could not be read. Each case is one line
/// that says where and what was expected; `Manifest` reports it as a bad response.
enum PropertyListError: Error, Equatable, CustomStringConvertible {
    /// XML: `found` (a tag, a character, or "the end") at byte `offset` where `expected` was due.
    case xmlUnexpected(found: String, offset: Int, expected: String)
    /// XML: elements nested deeper than `limit`.
    case tooDeep(limit: Int)
    /// XML: a reference `&…;` that is neither one of the five named entities nor a Unicode scalar number.
    case xmlBadReference(String, offset: Int)
    /// The top-level object is `found` rather than a dictionary.
    case topLevelNotADictionary(found: String)
    /// Binary: fewer bytes than a header, one object and the 32-byte trailer need.
    case binaryTooShort(length: Int)
    /// Binary: the header is not `bplist0?`.
    case binaryHeader(String)
    /// Binary: a trailer field out of range.
    case binaryTrailer(field: String, value: UInt64, expected: String)
    /// Binary: `what` is `value`, outside `range` (a byte offset, an object number or a count).
    case binaryOutOfRange(what: String, value: UInt64, range: Range<Int>)
    /// Binary: an object has a marker byte not allowed where it is (`expected` says what was).
    case binaryMarker(what: String, marker: UInt8, expected: String)
    /// Binary: the entries' notes, each counted as often as entries name it, pass `limit` bytes.
    case binaryExpansion(limit: Int)

    var description: String {
        switch self {
        case let .xmlUnexpected(found, offset, expected):
            return "XML: \(found) at byte \(offset), expected \(expected)"
        case let .tooDeep(limit):
            return "nested deeper than \(limit) levels"
        case let .xmlBadReference(text, offset):
            return "XML: unknown reference '\(text)' at byte \(offset), expected &amp; &lt; &gt; &quot; &apos; or &#number;"
        case let .topLevelNotADictionary(found):
            return "the top-level object is \(found), expected a dictionary"
        case let .binaryTooShort(length):
            return "binary: \(length) bytes, too short for a header, an object and a 32-byte trailer"
        case let .binaryHeader(header):
            return "binary: header '\(header)', expected 'bplist0'"
        case let .binaryTrailer(field, value, expected):
            return "binary trailer: \(field) is \(value), expected \(expected)"
        case let .binaryOutOfRange(what, value, range):
            return "binary: \(what) is \(value), outside \(range.lowerBound)..<\(range.upperBound)"
        case let .binaryMarker(what, marker, expected):
            let hex = String(marker, radix: 16, uppercase: true)
            return "binary: \(what) has marker 0x\(hex.count == 1 ? "0" + hex : hex), expected \(expected)"
        case let .binaryExpansion(limit):
            return "binary: the release notes come to more than \(limit / 1024 / 1024) MiB of text (an array's lines count each time it is joined)"
        }
    }
}
