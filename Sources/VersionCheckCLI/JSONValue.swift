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
        var text = ""
        write(to: &text)
        return text
    }

    /// Appends the value's JSON text to `text`.
    public func write(to text: inout String) {
        switch self {
        case .null: text += "null"
        case .bool(let flag): text += flag ? "true" : "false"
        case .int(let number): text += String(number)
        case .double(let number): text += number.isFinite ? Self.render(number) : "null"
        case .string(let string): Self.writeString(string, to: &text)
        case .array(let elements):
            text += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += ", " }
                element.write(to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { text += ", " }
                Self.writeString(member.key, to: &text)
                text += ": "
                member.value.write(to: &text)
            }
            text += "}"
        }
    }

    /// A finite double as JSON: integral values without a fraction (`2`), others as Swift prints them.
    private static func render(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return String(number)  // shortest round-trip form, e.g. 0.25 or 1e-07: valid JSON
    }

    /// A JSON string literal: `"` and `\` escaped, control characters as `\n`, `\t`, … or `\u00XX`;
    /// everything else (all of Unicode) written as UTF-8.
    static func writeString(_ string: String, to text: inout String) {
        text += "\""
        var plainStart = string.unicodeScalars.startIndex
        var index = plainStart
        let scalars = string.unicodeScalars
        while index != scalars.endIndex {
            let scalar = scalars[index]
            let escape: String?
            switch scalar {
            case "\"": escape = "\\\""
            case "\\": escape = "\\\\"
            case "\n": escape = "\\n"
            case "\r": escape = "\\r"
            case "\t": escape = "\\t"
            case "\u{08}": escape = "\\b"
            case "\u{0C}": escape = "\\f"
            case "\u{2028}": escape = "\\u2028"  // valid JSON, but breaks JavaScript readers
            case "\u{2029}": escape = "\\u2029"
            default:
                escape = scalar.value < 0x20 || scalar.value == 0x7F ? hexEscape(scalar.value) : nil
            }
            if let escape {
                text += String(scalars[plainStart..<index])
                text += escape
                plainStart = scalars.index(after: index)
            }
            index = scalars.index(after: index)
        }
        text += String(scalars[plainStart..<index])
        text += "\""
    }

    private static func hexEscape(_ value: UInt32) -> String {
        let digits = Array("0123456789abcdef")
        return "\\u00" + String(digits[Int(value >> 4)]) + String(digits[Int(value & 0xF)])
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
