/// An absolute URL as text, split into the parts versioncheck looks at (RFC 3986 §3),
/// without Foundation: the main binary checks every URL before a helper starts.
///
/// Only what the rules need is read: the scheme (lower-cased), the user info, the
/// host (IPv6 brackets removed), the port, and everything after the authority as
/// written. Text with a space, a control character, a non-ASCII byte or one of
/// `"<>\^`{|}` is not a URL, as for Foundation's `URL(string:)`.
public struct WebAddress: Sendable, Equatable, CustomStringConvertible {
    /// The whole URL as written.
    public let text: String
    /// `https`, `http`, `file`, … in lower case.
    public let scheme: String
    /// `user:password`, when the URL has one.
    public let userInfo: String?
    /// The host, without IPv6 brackets; empty when the URL has no authority or an empty one.
    public let host: String
    /// The port digits, when given.
    public let port: String?
    /// The path, query and fragment, as written.
    public let rest: String
    /// Whether `//` follows the scheme (`https://host/…`, `file:///…`; not `mailto:…`).
    public let hasAuthority: Bool

    /// Splits `text`; nil when it is not an absolute URL (`scheme:` then anything).
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.allSatisfy(Self.isURLByte),
              let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0,
              Self.isSchemeStart(bytes[0]), bytes[1..<colon].allSatisfy(Self.isSchemeByte)
        else { return nil }
        self.text = text
        scheme = String(decoding: bytes[..<colon], as: UTF8.self).lowercased()
        var cursor = colon + 1
        hasAuthority = bytes[cursor...].starts(with: "//".utf8)
        guard hasAuthority else {
            (userInfo, host, port) = (nil, "", nil)
            rest = String(decoding: bytes[cursor...], as: UTF8.self)
            return
        }
        cursor += 2
        let authorityEnd = bytes[cursor...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
            ?? bytes.endIndex
        var authority = bytes[cursor..<authorityEnd]
        if let at = authority.lastIndex(of: UInt8(ascii: "@")) {
            userInfo = String(decoding: authority[..<at], as: UTF8.self)
            authority = authority[(at + 1)...]
        } else {
            userInfo = nil
        }
        var portDigits: ArraySlice<UInt8>?
        if authority.first == UInt8(ascii: "[") {
            guard let close = authority.firstIndex(of: UInt8(ascii: "]")) else { return nil }
            host = String(decoding: authority[(authority.startIndex + 1)..<close], as: UTF8.self)
            let after = authority[(close + 1)...]
            if !after.isEmpty {
                guard after.first == UInt8(ascii: ":") else { return nil }
                portDigits = after.dropFirst()
            }
        } else if let colon = authority.lastIndex(of: UInt8(ascii: ":")) {
            host = String(decoding: authority[..<colon], as: UTF8.self)
            portDigits = authority[(colon + 1)...]
        } else {
            host = String(decoding: authority, as: UTF8.self)
        }
        if let portDigits {
            guard portDigits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            port = portDigits.isEmpty ? nil : String(decoding: portDigits, as: UTF8.self)
        } else {
            port = nil
        }
        rest = String(decoding: bytes[authorityEnd...], as: UTF8.self)
    }

    /// The URL as versioncheck shows it, in messages and JSON: the password masked
    /// (`https://alice:***@host/…`; a user info without `:`, often a token, is all masked).
    public var display: String {
        guard let userInfo else { return text }
        return text.replacingFirst(userInfo + "@", with: Self.masked(userInfo: userInfo) + "@")
    }

    /// The URL without its user info: what the cache keys and stores (credentials are
    /// sent, never written down).
    public var withoutUserInfo: String {
        guard let userInfo else { return text }
        return text.replacingFirst(userInfo + "@", with: "")
    }

    /// `user:***` for `user:password`, `***` for a user info without a password.
    public static func masked(userInfo: String) -> String {
        guard let colon = userInfo.firstIndex(of: ":") else { return "***" }
        return String(userInfo[..<colon]) + ":***"
    }

    /// `text` with the user info of a URL in it masked (`WebAddress.display`), or as it
    /// is when it is not a URL: for messages that quote what the user typed.
    public static func displaying(_ text: String) -> String {
        WebAddress(text)?.display ?? text
    }

    public var description: String { display }

    /// Whether the host is a loopback address (`WebAddress.isLoopback(host:)`).
    public var isLoopback: Bool { Self.isLoopback(host: host) }

    /// Whether `host` is a loopback address: `localhost`, an IPv4 address in
    /// 127.0.0.0/8 written as four decimal octets without leading zeros, or `::1`
    /// (bracketed or not). Anything else, names that merely start with "127." included,
    /// is not — nor a name with a trailing dot (`localhost.`, `127.0.0.1.`), which is
    /// resolved by DNS and may lead anywhere.
    public static func isLoopback(host: String) -> Bool {
        let name = host.lowercased()
        if name == "localhost" { return true }
        if name == "::1" || name == "[::1]" || name == "0:0:0:0:0:0:0:1" || name == "[0:0:0:0:0:0:0:1]" { return true }
        // Bytes, not Characters: `Character.isNumber` is a Unicode property lookup.
        let octets = name.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard octets.count == 4 else { return false }
        for octet in octets {
            guard (1...3).contains(octet.count), octet.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                  octet.count == 1 || octet.first != UInt8(ascii: "0"),
                  octet.reduce(0, { $0 * 10 + Int($1 - UInt8(ascii: "0")) }) <= 255
            else { return false }
        }
        return octets[0].elementsEqual("127".utf8)
    }

    private static func isSchemeStart(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        isSchemeStart(byte) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".")
    }

    /// Printable ASCII other than space and `"<>\^`{|}`.
    private static func isURLByte(_ byte: UInt8) -> Bool {
        guard byte > 0x20 && byte < 0x7F else { return false }
        // A switch, not `"…".utf8.contains`: the generic search costs 300 instructions a byte.
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"), UInt8(ascii: "^"),
             UInt8(ascii: "`"), UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"):
            return false
        default:
            return true
        }
    }
}

extension String {
    /// The text with the first occurrence of `target` replaced (no Foundation).
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        return String(self[..<range.lowerBound]) + replacement + String(self[range.upperBound...])
    }
}
