/// RFC 3986 §5.2 reference resolution on text: where a `Location` (or any URI
/// reference) points, read against the URL it came from.
///
/// Pure and Foundation-free (it works on `String`s), so that it can move to the
/// core. It does not validate or normalize beyond the RFC's algorithm: no
/// percent-decoding, no case folding, no port defaults.
public enum ReferenceResolution {
    /// The five components of a URI reference (RFC 3986 Appendix B); nil means absent,
    /// which differs from empty (`http://h?` has an empty query, `http://h` none).
    public struct Components: Equatable, Sendable {
        public var scheme: String?
        public var authority: String?
        public var path: String
        public var query: String?
        public var fragment: String?

        public init(scheme: String?, authority: String?, path: String, query: String?, fragment: String?) {
            self.scheme = scheme
            self.authority = authority
            self.path = path
            self.query = query
            self.fragment = fragment
        }

        /// Splits `reference` as the regular expression of RFC 3986 Appendix B does.
        /// The delimiters are ASCII, so the split walks UTF-8 code units (no
        /// grapheme breaking: an appcast resolves one link per item).
        public init(parsing reference: String) {
            var rest = Substring(reference)
            fragment = nil
            query = nil
            if let hash = rest.utf8.firstIndex(of: UInt8(ascii: "#")) {
                fragment = String(rest[rest.utf8.index(after: hash)...])
                rest = rest[..<hash]
            }
            if let mark = rest.utf8.firstIndex(of: UInt8(ascii: "?")) {
                query = String(rest[rest.utf8.index(after: mark)...])
                rest = rest[..<mark]
            }
            scheme = nil
            if let colon = rest.utf8.firstIndex(of: UInt8(ascii: ":")), colon != rest.startIndex,
               !rest.utf8[..<colon].contains(UInt8(ascii: "/")) {
                scheme = String(rest[..<colon])
                rest = rest[rest.utf8.index(after: colon)...]
            }
            authority = nil
            if rest.utf8.starts(with: "//".utf8) {
                rest = rest[rest.utf8.index(rest.startIndex, offsetBy: 2)...]
                let end = rest.utf8.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
                authority = String(rest[..<end])
                rest = rest[end...]
            }
            path = String(rest)
        }

        /// The reference as text (RFC 3986 §5.3, component recomposition).
        public var text: String {
            // Built as bytes in one buffer: `String +=` costs far more per piece, and an
            // appcast resolves one link per item.
            let count = (scheme?.utf8.count ?? -1) + 1 + (authority?.utf8.count ?? -2) + 2 + path.utf8.count
                + (query?.utf8.count ?? -1) + 1 + (fragment?.utf8.count ?? -1) + 1
            return String(unsafeUninitializedCapacity: count) { buffer in
                var written = 0
                func put(_ piece: String) {
                    var piece = piece
                    piece.withUTF8 { bytes in
                        guard let source = bytes.baseAddress, let target = buffer.baseAddress else { return }
                        (target + written).update(from: source, count: bytes.count)
                        written += bytes.count
                    }
                }
                if let scheme {
                    put(scheme)
                    put(":")
                }
                if let authority {
                    put("//")
                    put(authority)
                }
                put(path)
                if let query {
                    put("?")
                    put(query)
                }
                if let fragment {
                    put("#")
                    put(fragment)
                }
                return written
            }
        }
    }

    /// `reference` resolved against `base` (RFC 3986 §5.2.2, strict: a reference
    /// with a scheme is absolute even when it is the base's scheme). `base` should be
    /// an absolute URI; when it has no scheme, the result has none either.
    public static func resolve(_ reference: String, against base: String) -> String {
        resolve(Components(parsing: reference), against: Components(parsing: base)).text
    }

    /// §5.2.2 on components.
    public static func resolve(_ reference: Components, against base: Components) -> Components {
        var target = Components(scheme: nil, authority: nil, path: "", query: nil, fragment: reference.fragment)
        if reference.scheme != nil {
            target.scheme = reference.scheme
            target.authority = reference.authority
            target.path = removeDotSegments(reference.path)
            target.query = reference.query
            return target
        }
        target.scheme = base.scheme
        if reference.authority != nil {
            target.authority = reference.authority
            target.path = removeDotSegments(reference.path)
            target.query = reference.query
            return target
        }
        target.authority = base.authority
        if reference.path.isEmpty {
            target.path = base.path
            target.query = reference.query ?? base.query
        } else {
            if reference.path.hasPrefix("/") {
                target.path = removeDotSegments(reference.path)
            } else {
                target.path = removeDotSegments(merge(base: base, path: reference.path))
            }
            target.query = reference.query
        }
        return target
    }

    /// §5.2.3: a relative path appended to the base's path less its last segment.
    static func merge(base: Components, path: String) -> String {
        if base.authority != nil && base.path.isEmpty { return "/" + path }
        guard let slash = base.path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(base.path[...slash]) + path
    }

    /// §5.2.4: `.` and `..` segments interpreted and removed.
    ///
    /// On the UTF-8 bytes, writing into the result's storage (never longer than
    /// `path`): removing the last segment is moving the end back to its `/`. Linear,
    /// whatever the path: an `xml:base` of 2.8 million `../` costs one pass, not 0.9 s
    /// of substring comparisons.
    public static func removeDotSegments(_ path: String) -> String {
        guard hasDotSegment(path) else { return path }
        var path = path
        return path.withUTF8 { input in
            String(unsafeUninitializedCapacity: input.count) { output in
                let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
                let count = input.count
                var i = 0
                var written = 0
                func byte(_ offset: Int) -> UInt8? { i + offset < count ? input[i + offset] : nil }
                func append(_ range: Range<Int>) {
                    for index in range {
                        output[written] = input[index]
                        written += 1
                    }
                }
                // The last segment and its `/` (the first segment has none) leave the output.
                func removeLastSegment() {
                    while written > 0 {
                        written -= 1
                        if output[written] == slash { break }
                    }
                }
                while i < count {
                    let (first, second, third) = (input[i], byte(1), byte(2))
                    if first == dot, second == dot, third == slash {  // A: "../"
                        i += 3
                    } else if first == dot, second == slash {  // A: "./"
                        i += 2
                    } else if first == slash, second == dot, third == slash {  // B: "/./" -> "/"
                        i += 2
                    } else if first == slash, second == dot, third == nil {  // B: "/." -> "/"
                        output[written] = slash
                        written += 1
                        i = count
                    } else if first == slash, second == dot, third == dot, byte(3) == slash {  // C: "/../" -> "/"
                        i += 3
                        removeLastSegment()
                    } else if first == slash, second == dot, third == dot, byte(3) == nil {  // C: "/.." -> "/"
                        removeLastSegment()
                        output[written] = slash
                        written += 1
                        i = count
                    } else if first == dot, second == nil || (second == dot && third == nil) {  // D
                        i = count
                    } else {  // E: the first segment, with its leading "/", moves to the output.
                        var end = i + 1
                        while end < count, input[end] != slash { end += 1 }
                        append(i..<end)
                        i = end
                    }
                }
                return written
            }
        }
    }

    /// Whether `path` may hold a `.` or `..` segment: one starts the path or follows a
    /// `/`. Without one, §5.2.4 returns the path unchanged.
    public static func hasDotSegment(_ path: String) -> Bool {
        var previous = UInt8(ascii: "/")
        for byte in path.utf8 {
            if byte == UInt8(ascii: "."), previous == UInt8(ascii: "/") { return true }
            previous = byte
        }
        return false
    }
}
