/// The pre-release name `bump --pre ID` starts or continues: one or more dot-separated
/// identifiers of `[0-9A-Za-z-]` (`rc`, `beta.x`, `nightly-build`), as SPEC.md
/// "Details that scripts may rely on" defines it.
public struct PrereleaseName: Sendable, Hashable, CustomStringConvertible {
    /// The identifiers, in order (never empty, none empty).
    public let identifiers: [Substring]
    /// The name as given.
    public var description: String

    /// The name `prerelease` starts on a release when no `--pre` is given.
    public static let defaultName = PrereleaseName(validated: "rc")

    /// Reads a name.
    ///
    /// - Throws: `BumpError.invalidPrereleaseName` for an empty text, an empty identifier
    ///   (`rc.`, `a..b`) or a character other than an ASCII letter, digit, `-` or `.`.
    public init(_ text: String) throws(BumpError) {
        let identifiers = text.split(separator: ".", omittingEmptySubsequences: false)
        let valid = identifiers.allSatisfy { identifier in
            !identifier.isEmpty && identifier.utf8.allSatisfy(PrereleaseName.isIdentifierByte)
        }
        guard valid else { throw .invalidPrereleaseName(text) }
        self.identifiers = identifiers
        self.description = text
    }

    private init(validated text: String) {
        identifiers = text.split(separator: ".")
        description = text
    }

    /// `[0-9A-Za-z-]`, the bytes the version grammar allows in an identifier.
    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10 || (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte == UInt8(ascii: "-")
    }
}
