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
    public static func removeDotSegments(_ path: String) -> String {
        guard hasDotSegment(path) else { return path }
        var input = Substring(path)
        var output: [Substring] = []  // each segment with its leading "/" (the first may lack one)
        while !input.isEmpty {
            if input.hasPrefix("../") {
                input = input.dropFirst(3)
            } else if input.hasPrefix("./") {
                input = input.dropFirst(2)
            } else if input.hasPrefix("/./") {
                input = input.dropFirst(2)
            } else if input == "/." {
                input = "/"
            } else if input.hasPrefix("/../") {
                input = input.dropFirst(3)
                if !output.isEmpty { output.removeLast() }
            } else if input == "/.." {
                input = "/"
                if !output.isEmpty { output.removeLast() }
            } else if input == "." || input == ".." {
                input = ""
            } else {
                let searchStart = input.hasPrefix("/") ? input.index(after: input.startIndex) : input.startIndex
                let end = input[searchStart...].firstIndex(of: "/") ?? input.endIndex
                output.append(input[..<end])
                input = input[end...]
            }
        }
        return output.joined()
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
