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
        switch self {
        case .null: Self.append("null", to: &bytes)
        case .bool(let flag): Self.append(flag ? "true" : "false", to: &bytes)
        case .int(let number): bytes += String(number).utf8
        case .double(let number): bytes += (number.isFinite ? Self.render(number) : "null").utf8
        case .string(let string): Self.writeString(string, to: &bytes)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { Self.append(", ", to: &bytes) }
                element.write(to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { Self.append(", ", to: &bytes) }
                Self.writeString(member.key, to: &bytes)
                Self.append(": ", to: &bytes)
                member.value.write(to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Appends a literal's bytes (one copy, no `String` in between).
    private static func append(_ literal: StaticString, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// A finite double as JSON: integral values without a fraction (`2`), others as Swift prints them.
    private static func render(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return String(number)  // shortest round-trip form, e.g. 0.25 or 1e-07: valid JSON
    }

    /// A JSON string literal: `"` and `\` escaped, control characters as `\n`, `\t`, … or
    /// `\u00XX`, U+2028 and U+2029 as `\u2028` and `\u2029` (valid JSON, but they end a
    /// line in JavaScript); everything else (all of Unicode) written as UTF-8. Copies
    /// runs of plain bytes at once: most strings need no escape at all.
    static func writeString(_ string: String, to bytes: inout [UInt8]) {
        var string = string
        bytes.append(UInt8(ascii: "\""))
        string.withUTF8 { utf8 in
            var plainStart = 0
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                var escape: String?
                var width = 1
                switch byte {
                case UInt8(ascii: "\""): escape = "\\\""
                case UInt8(ascii: "\\"): escape = "\\\\"
                case UInt8(ascii: "\n"): escape = "\\n"
                case UInt8(ascii: "\r"): escape = "\\r"
                case UInt8(ascii: "\t"): escape = "\\t"
                case 0x08: escape = "\\b"
                case 0x0C: escape = "\\f"
                case 0x00..<0x20, 0x7F: escape = hexEscape(byte)
                case 0xE2 where index + 2 < utf8.count && utf8[index + 1] == 0x80 && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
                    escape = utf8[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                    width = 3
                default: break
                }
                if let escape {
                    bytes += UnsafeBufferPointer(rebasing: utf8[plainStart..<index])
                    bytes += escape.utf8
                    plainStart = index + width
                }
                index += width
            }
            bytes += UnsafeBufferPointer(rebasing: utf8[plainStart..<utf8.count])
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func hexEscape(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return "\\u00" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
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
