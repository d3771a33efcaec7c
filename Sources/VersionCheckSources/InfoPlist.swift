import VersionCheckCore

/// An app's `Info.plist` (XML or binary), as `--current-from` needs it: the top-level
/// dictionary's string values by key.
///
/// Read by the same byte readers as property list manifests (`PropertyListEntries`),
/// so the same bounds hold for hostile input. Values that are not strings (numbers,
/// booleans, dictionaries, arrays of anything other than strings) are left out; an
/// array of strings reads as its strings joined by newlines, which no version or
/// bundle identifier can be. A key given twice is refused, as in a manifest: which of
/// the two a reader keeps is a choice the file did not make.
public enum InfoPlist {
    /// `CFBundleShortVersionString`: the marketing version (`1.4.2`).
    public static let marketingVersionKey = "CFBundleShortVersionString"
    /// `CFBundleVersion`: the build number (`1402`).
    public static let buildVersionKey = "CFBundleVersion"
    /// `CFBundleIdentifier`: the bundle identifier (`com.example.app`).
    public static let bundleIdentifierKey = "CFBundleIdentifier"

    /// The string values of the top-level dictionary of the property list `bytes`, by key.
    public static func read(_ bytes: [UInt8]) throws(InfoPlistError) -> [String: String] {
        var strings: [String: String] = [:]
        var seen: Set<String> = []
        var repeated: String?
        do {
            try PropertyListEntries.read(bytes) { entry in
                if !seen.insert(entry.key).inserted, repeated == nil { repeated = entry.key }
                if case .notes(let text) = entry.value { strings[entry.key] = text }
            }
        } catch {
            throw .notAPropertyList(error.description)
        }
        if let repeated { throw .repeatedKey(repeated) }
        return strings
    }
}

/// Why an `Info.plist` could not be read: one line, for `versioncheck: error: …`.
public enum InfoPlistError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are not a property list with a top-level dictionary (the reader's reason).
    case notAPropertyList(String)
    /// The top-level dictionary has the key twice.
    case repeatedKey(String)

    public var description: String {
        switch self {
        case .notAPropertyList(let reason): "not a property list: \(reason)"
        case .repeatedKey(let key): "has the key \(Excerpt.quoted(key)) more than once"
        }
    }
}
