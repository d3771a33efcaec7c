import Foundation

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
    case object([String: JSONTree])

    /// Parses `data` in one linear pass (`JSONReader`); throws with the reason and the
    /// byte offset when it is not JSON, or is ambiguous (a duplicate key).
    static func parse(_ data: Data) throws(JSONReader.Failure) -> JSONTree {
        try JSONReader.parse(data)
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

/// Reading typed members out of a JSON object, with one-line reasons.
struct JSONObjectReader {
    let members: [String: JSONTree]
    /// Where this object is, for messages: "manifest", "releases[2]".
    let path: String

    /// The string at `key`; nil when absent or null; throws when another type.
    func string(_ key: String) throws(BodyError) -> String? {
        switch members[key] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case let other?: throw BodyError("\(path).\(key) is \(other.typeName), expected a string")
        }
    }

    /// The boolean at `key`; nil when absent or null; throws when another type.
    func bool(_ key: String) throws(BodyError) -> Bool? {
        switch members[key] {
        case nil, .null?: return nil
        case .bool(let flag)?: return flag
        case let other?: throw BodyError("\(path).\(key) is \(other.typeName), expected true or false")
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

/// Why a response body or manifest could not be read, as one line that names
/// the member at fault ("releases[2].critical is a string, expected true or false").
/// Maps to bad-response (76).
public struct BodyError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// How the first bytes of a body look, for messages about bodies that are not
/// what we expected: "empty", "HTML", or the first few characters, quoted.
enum BodySniffer {
    static func describe(_ data: Data) -> String {
        let trimmed = data.drop(while: { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 })
        if trimmed.isEmpty { return data.isEmpty ? "the body is empty" : "the body is blank" }
        let head = String(decoding: trimmed.prefix(64), as: UTF8.self)
        let lower = head.lowercased()
        if lower.hasPrefix("<!doctype html") || lower.hasPrefix("<html") { return "the body is HTML" }
        var shown = String(head.unicodeScalars.prefix(24).map { $0.value < 0x20 || $0.value == 0x7F ? "." : Character($0) })
        if head.unicodeScalars.count > 24 { shown += "…" }
        return "the body starts with '\(shown)'"
    }
}
