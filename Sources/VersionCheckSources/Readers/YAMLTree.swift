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
/// 100,000 keys stays linear, as `JSONMembers` does. Equality ignores order, and the
/// lines kept for `lint`.
public struct YAMLMapping: Equatable, Sendable {
    static let indexThreshold = 16

    public private(set) var entries: [(key: String, value: YAMLNode)] = []
    private var index: [String: Int]?
    /// The line of each key (from 1), by position in `entries`: kept only when the reader
    /// was asked for lines (`YAMLReader.parse(…, recordingLines: true)`), else empty.
    private var lines: [Int] = []

    public init() {}

    public init(_ pairs: [(String, YAMLNode)]) {
        for (key, value) in pairs { precondition(insert(key, value), "duplicate key '\(key)'") }
    }

    public var count: Int { entries.count }

    public subscript(key: String) -> YAMLNode? {
        position(of: key).map { entries[$0].value }
    }

    /// The line of `key` (from 1), when the reader recorded lines.
    public func line(of key: String) -> Int? {
        guard let position = position(of: key), position < lines.count else { return nil }
        return lines[position]
    }

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        return entries.firstIndex { $0.key == key }
    }

    /// Adds an entry (`line`: its key's, kept when given); returns false, changing
    /// nothing, when `key` is already there.
    public mutating func insert(_ key: String, _ value: YAMLNode, line: Int? = nil) -> Bool {
        guard position(of: key) == nil else { return false }
        if let line { lines.append(line) }
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
