import Foundation

/// The file order of a property list's top-level dictionary keys, which
/// `PropertyListSerialization` loses: read from the bytes themselves, XML or
/// binary (`bplist0`), with no XML library (FoundationXML would pull libxml2 into
/// the helper).
///
/// Only the top-level dictionary's keys are read, each once; values are skipped
/// (`PropertyListSerialization` decodes them). Cost: one pass over the bytes for
/// XML; for a binary list, the trailer, the top object and one string per key.
/// Every offset and size is checked against the buffer, so malformed input throws,
/// never traps or reads out of bounds.
enum PropertyListKeyOrder {
    /// The keys of the top-level dictionary in file order, repeats kept.
    static func keys(in data: Data) throws(PropertyListKeyError) -> [String] {
        let bytes = [UInt8](data)
        if bytes.starts(with: Array("bplist".utf8)) { return try BinaryPropertyListKeys.read(bytes) }
        return try XMLPropertyListKeys.scan(bytes)
    }

    /// `keys` (a dictionary's, in any order) in the order of their first place in
    /// `fileOrder`; a key missing from `fileOrder` (which should not happen) goes
    /// after the others, in ascending text order. One set lookup per file key.
    static func sorted(_ keys: some Sequence<String>, byFileOrder fileOrder: [String]) -> [String] {
        var remaining = Set(keys)
        var ordered: [String] = []
        ordered.reserveCapacity(remaining.count)
        for key in fileOrder where remaining.remove(key) != nil { ordered.append(key) }
        return ordered + remaining.sorted()
    }
}

/// Why the key order of a property list could not be read. Each case is one line
/// that says where and what was expected; `Manifest` reports it as a bad response.
enum PropertyListKeyError: Error, Equatable, CustomStringConvertible {
    /// XML: `found` (a tag, a character, or "the end") at byte `offset` where `expected` was due.
    case xmlUnexpected(found: String, offset: Int, expected: String)
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

    var description: String {
        switch self {
        case let .xmlUnexpected(found, offset, expected):
            return "XML: \(found) at byte \(offset), expected \(expected)"
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
        }
    }
}
