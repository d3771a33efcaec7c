/// A parsed JSON document, kept as a tree so that decoders can check each
/// field's type themselves and say exactly which one is wrong. A JSON `true`
/// stays a Bool and `1` stays a number (JSONSerialization blurs the two on Linux).
enum JSONTree: Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONTree])
    case object(JSONMembers)

    /// Parses `data` in one linear pass (`JSONReader`); throws with the reason and the
    /// byte offset when it is not JSON, or is ambiguous (a duplicate key).
    static func parse(_ bytes: [UInt8]) throws(JSONReader.Failure) -> JSONTree {
        try JSONReader.parse(bytes)
    }

    /// The JSON type's name, for messages: "a string", "a number", …
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// The members of a JSON object, found by key; no key twice.
///
/// Most objects in a manifest or a Lookup response have a handful of members, and a
/// manifest can hold 400,000 of them: up to `indexThreshold` members live in one
/// small array and are found by comparing keys (no hashing, one allocation). Past
/// that a dictionary index is built, so an object with 100,000 keys stays linear.
/// Equality ignores order, as for a dictionary.
struct JSONMembers: Equatable, ExpressibleByDictionaryLiteral {
    static let indexThreshold = 16

    private var pairs: [(key: String, value: JSONTree)] = []
    /// Key to position in `pairs`, once there are more than `indexThreshold`.
    private var index: [String: Int]?

    init() {}

    init(dictionaryLiteral elements: (String, JSONTree)...) {
        for (key, value) in elements { precondition(insert(key, value), "duplicate key '\(key)' in a literal") }
    }

    var count: Int { pairs.count }

    subscript(key: String) -> JSONTree? {
        if let index { return index[key].map { pairs[$0].value } }
        for pair in pairs where pair.key == key { return pair.value }
        return nil
    }

    /// Adds a member; returns false, changing nothing, when `key` is already there.
    mutating func insert(_ key: String, _ value: JSONTree) -> Bool {
        guard self[key] == nil else { return false }
        pairs.append((key, value))
        if index != nil {
            index![key] = pairs.count - 1
        } else if pairs.count > Self.indexThreshold {
            index = Dictionary(uniqueKeysWithValues: pairs.indices.map { (pairs[$0].key, $0) })
        }
        return true
    }

    static func == (left: JSONMembers, right: JSONMembers) -> Bool {
        left.count == right.count && left.pairs.allSatisfy { right[$0.key] == $0.value }
    }
}

/// Reading typed members out of a JSON object, with one-line reasons.
struct JSONObjectReader {
    let members: JSONMembers
    /// Where this object is, for messages: "manifest", "releases" (with `index`: "releases[2]").
    let path: String
    /// The element's position when the object is in an array; spelled out only in messages.
    var index: Int? = nil

    /// "manifest", "releases[2]".
    var location: String { index.map { "\(path)[\($0)]" } ?? path }

    /// The string at `key`; nil when absent or null; throws when another type.
    func string(_ key: String) throws(BodyError) -> String? {
        switch members[key] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case let other?: throw BodyError("\(location).\(key) is \(other.typeName), expected a string")
        }
    }

    /// The boolean at `key`; nil when absent or null; throws when another type.
    func bool(_ key: String) throws(BodyError) -> Bool? {
        switch members[key] {
        case nil, .null?: return nil
        case .bool(let flag)?: return flag
        case let other?: throw BodyError("\(location).\(key) is \(other.typeName), expected true or false")
        }
    }

    /// The integer at `key`, or nil when absent or not a whole number (lenient: Apple
    /// sends many numbers as strings, and an id we only echo is not worth failing on).
    func integer(_ key: String) -> Int? {
        switch members[key] {
        case .integer(let whole)?: return Int(exactly: whole)
        case .string(let text)?: return Int(text)
        default: return nil
        }
    }
}
