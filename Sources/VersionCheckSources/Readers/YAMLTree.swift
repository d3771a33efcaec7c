/// A YAML document as `YAMLReader` reads it: every scalar is text (`1.10`, `null`, `~`
/// and `true` included), so a decoder checks each value's kind itself and says which
/// one is wrong.
public enum YAMLNode: Equatable, Sendable {
    case scalar(String)
    case sequence([YAMLNode])
    case mapping(YAMLMapping)

    /// The kind's name, for messages: "text", "a list", "a mapping".
    public var kindName: String {
        switch self {
        case .scalar: "text"
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }

    /// The text of a scalar; nil for a collection.
    public var text: String? {
        if case .scalar(let text) = self { return text }
        return nil
    }
}

/// The entries of a YAML block mapping, in document order, found by key; no key twice.
///
/// Up to `indexThreshold` entries are found by comparing keys (an electron-builder
/// mapping has a handful); past that a dictionary index is built, so a mapping of
/// 100,000 keys stays linear, as `JSONMembers` does. Equality ignores order.
public struct YAMLMapping: Equatable, Sendable {
    static let indexThreshold = 16

    public private(set) var entries: [(key: String, value: YAMLNode)] = []
    private var index: [String: Int]?

    public init() {}

    public init(_ pairs: [(String, YAMLNode)]) {
        for (key, value) in pairs { precondition(insert(key, value), "duplicate key '\(key)'") }
    }

    public var count: Int { entries.count }

    public subscript(key: String) -> YAMLNode? {
        if let index { return index[key].map { entries[$0].value } }
        for entry in entries where entry.key == key { return entry.value }
        return nil
    }

    /// Adds an entry; returns false, changing nothing, when `key` is already there.
    public mutating func insert(_ key: String, _ value: YAMLNode) -> Bool {
        guard self[key] == nil else { return false }
        entries.append((key, value))
        if index != nil {
            index![key] = entries.count - 1
        } else if entries.count > Self.indexThreshold {
            index = Dictionary(uniqueKeysWithValues: entries.indices.map { (entries[$0].key, $0) })
        }
        return true
    }

    public static func == (left: YAMLMapping, right: YAMLMapping) -> Bool {
        left.count == right.count && left.entries.allSatisfy { right[$0.key] == $0.value }
    }
}
