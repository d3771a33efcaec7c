import VersionCheckCommandLine
import VersionCheckCore
import VersionCheckPipeline
import VersionCheckPlatform
import VersionCheckSources

/// A JSON value, written by hand (no Foundation): objects keep their keys in the
/// order given, so output matches SPEC.md key for key.
///
/// Literals build values directly: `["status": "error", "code": 64, "url": nil]`
/// (a dictionary literal keeps its order; `nil` is `null`). `rendered` is the
/// one-line text: `{"a": "1", "b": null}` (`": "` and `", "` as in SPEC.md).
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    /// A number with a fraction; not finite is written as `null` (JSON has no NaN).
    case double(Double)
    case string(String)
    case array([JSONValue])
    /// Members in output order; keys are expected to be unique.
    case object([Member])

    /// One key and its value.
    public struct Member: Sendable, Equatable {
        public var key: String
        public var value: JSONValue
        public init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// `.string(text)`, or `.null` when `text` is nil.
    public static func string(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
    /// `.int(number)`, or `.null` when `number` is nil.
    public static func int(_ number: Int?) -> JSONValue { number.map(JSONValue.int) ?? .null }
    /// `.bool(flag)`, or `.null` when `flag` is nil.
    public static func bool(_ flag: Bool?) -> JSONValue { flag.map(JSONValue.bool) ?? .null }

    /// The value as compact one-line JSON text.
    public var rendered: String {
        var bytes: [UInt8] = []
        write(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the value's JSON text, as UTF-8, to `bytes`. Bytes rather than a
    /// `String`: appending to an array is a copy, where each `String` append also
    /// keeps its ASCII and index bookkeeping (a check can print 400,000 releases).
    public func write(to bytes: inout [UInt8]) {
        write { bytes.append(contentsOf: $0) }
    }

    /// Hands the value's JSON text, as UTF-8, to `emit` piece by piece: a huge string (an
    /// 8 MiB version) in pieces of a small buffer, never rendered whole
    /// (`ChunkedWriter.write(json:)`).
    public func write(_ emit: JSONEmitter) {
        switch self {
        case .null: Self.emit("null", emit)
        case .bool(let flag): Self.emit(flag ? "true" : "false", emit)
        case .int(let number): Self.emit(text: String(number), emit)
        case .double(let number): Self.emit(text: number.isFinite ? Self.render(number) : "null", emit)
        case .string(let string): Self.writeString(string, emit)
        case .array(let elements):
            Self.emit("[", emit)
            for (index, element) in elements.enumerated() {
                if index > 0 { Self.emit(", ", emit) }
                element.write(emit)
            }
            Self.emit("]", emit)
        case .object(let members):
            Self.emit("{", emit)
            for (index, member) in members.enumerated() {
                if index > 0 { Self.emit(", ", emit) }
                Self.writeString(member.key, emit)
                Self.emit(": ", emit)
                member.value.write(emit)
            }
            Self.emit("}", emit)
        }
    }

    /// Takes a piece of JSON text (valid only during the call).
    public typealias JSONEmitter = (UnsafeBufferPointer<UInt8>) -> Void

    /// Hands a literal's bytes to `emit` (no `String` in between).
    static func emit(_ literal: StaticString, _ emit: JSONEmitter) {
        emit(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    private static func emit(text: String, _ emit: JSONEmitter) {
        var text = text
        text.withUTF8(emit)
    }

    /// A finite double as JSON: integral values without a fraction (`2`), others as Swift prints them.
    private static func render(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return String(number)  // shortest round-trip form, e.g. 0.25 or 1e-07: valid JSON
    }

    /// `writeString(_:_:)` appended to `bytes`.
    static func writeString(_ string: String, to bytes: inout [UInt8]) {
        writeString(string) { bytes.append(contentsOf: $0) }
    }

    /// A JSON string literal (`JSONString`'s rule), handed to `emit` in pieces of at most
    /// `JSONString.maximumGrowth` × 4 KiB: a huge string (an 8 MiB version) is escaped
    /// through a small buffer, never copied whole.
    static func writeString(_ string: String, _ emit: JSONEmitter) {
        var string = string
        string.withUTF8 { writeString(utf8: $0, emit) }
    }

    /// `writeString(_:_:)` of a string's UTF-8 bytes.
    static func writeString(utf8: UnsafeBufferPointer<UInt8>, _ emit: JSONEmitter) {
        let pieceSize = 4096
        Self.emit("\"", emit)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: JSONString.maximumGrowth * min(utf8.count, pieceSize) + 1) { buffer in
            var start = 0
            while start < utf8.count {
                let end = JSONString.wholeCharacters(utf8, from: start, limit: pieceSize)
                let written = JSONString.escape(UnsafeBufferPointer(rebasing: utf8[start..<end]), into: buffer.baseAddress!)
                emit(UnsafeBufferPointer(start: buffer.baseAddress, count: written))
                start = end
            }
        }
        Self.emit("\"", emit)
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(elements.map { Member($0.0, $0.1) })
    }
}
