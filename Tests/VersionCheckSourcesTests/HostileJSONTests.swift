import Foundation
import Testing
import VersionCheckCore
@testable import VersionCheckSources

/// `JSONReader`, the one-pass JSON parser behind every Lookup response and JSON
/// manifest: what it accepts, what it refuses and why, and that hostile shapes cost
/// linear time (the JSONDecoder-based reader it replaced was quadratic in the depth).
@Suite("Hostile input: the JSON reader")
struct HostileJSONTests {
    static func parse(_ text: String) throws -> JSONTree { try JSONTree.parse(Array(Data(text.utf8))) }

    @Test(arguments: [
        (#"{"a": [1, -2, 3.5, 1e2, true, false, null, "x"]}"#,
         JSONTree.object(["a": .array([.integer(1), .integer(-2), .number(3.5), .number(100), .bool(true), .bool(false), .null, .string("x")])])),
        ("\u{FEFF} [] ", .array([])),
        (#""\" \\ \/ \b \f \n \r \t \u00e9 \ud83d\ude00""#, .string("\" \\ / \u{08} \u{0C} \n \r \t é 😀")),
        (#""lone \ud800 surrogate""#, .string("lone \u{FFFD} surrogate")),
        (#""\u0000""#, .string("\u{0}")),
        ("9223372036854775807", .integer(Int64.max)),
        ("9223372036854775808", .number(9223372036854775808)),
        ("1e999", .number(.infinity)),
        (#"{"é": "ü"}"#, .object(["é": .string("ü")])),
    ])
    func accepts(_ text: String, _ expected: JSONTree) throws {
        #expect(try Self.parse(text) == expected)
    }

    @Test(arguments: [
        (#"{"a": 1, "a": 2}"#, "duplicate key 'a' at byte 9"),
        (#"[1,]"#, "unexpected ']' at byte 3 where a value was expected"),
        (#"{"a" 1}"#, "unexpected '1' at byte 5 where ':' was expected"),
        ("[1] [2]", "unexpected '[' at byte 4 after the JSON value"),
        ("\"a\u{01}\"", "unexpected byte 0x1 at byte 2 in a string (control characters must be escaped)"),
        (#""\x""#, "unexpected 'x' at byte 2 after '\\' in a string"),
        (#""\u12"#, "unexpected end of the data in a \\u escape at byte 3"),
        (#""open"#, "unterminated string starting at byte 0"),
        ("01", "unexpected '1' at byte 1 after the JSON value"),
        ("-", "unexpected end of the data in a number at byte 1"),
        ("tru", "unexpected 't' at byte 0 where a value was expected"),
        ("NaN", "unexpected 'N' at byte 0 where a value was expected"),
        ("", "unexpected end of the data at byte 0"),
        (String(repeating: "[", count: 129) + String(repeating: "]", count: 129), "nested deeper than 128 levels at byte 128"),
    ])
    func refuses(_ text: String, _ reason: String) {
        #expect(throws: JSONReader.Failure(description: reason)) { try Self.parse(text) }
    }

    @Test func invalidUTF8IsRefused() {
        let bytes: [UInt8] = Array(#"{"a": ""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        #expect(throws: JSONReader.Failure(description: "invalid UTF-8 in the string at byte 6")) {
            try JSONTree.parse(Array(Data(bytes)))
        }
    }

    @Test func nestingAtTheLimitIsAccepted() throws {
        let text = String(repeating: "[", count: 128) + String(repeating: "]", count: 128)
        #expect(try Self.parse(text) != .null)
    }

    /// 1 MiB of arrays nested 128 deep, side by side (took minutes with JSONDecoder), and
    /// 1 MiB of strings full of escapes: each well under a second even in a debug build.
    @Test(arguments: [
        "[" + Array(repeating: String(repeating: "[", count: 127) + String(repeating: "]", count: 127), count: 4_100).joined(separator: ",") + "]",
        "[" + Array(repeating: #""\u00e9\n\"x\"\ud83d\ude00""#, count: 40_000).joined(separator: ",") + "]",
    ])
    func hostileShapesAreLinear(_ text: String) throws {
        let start = Date()
        _ = try Self.parse(text)
        #expect(Date().timeIntervalSince(start) < 3, "\(text.utf8.count) bytes")
    }
}
