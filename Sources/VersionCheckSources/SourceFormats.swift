/// Every manifest format, in the order they are tried: adding a format is one file in
/// `Formats/` and one line here.
public enum SourceFormats {
    /// The formats `manifest` recognises by content.
    public static let manifest: [any ManifestFormat.Type] = [
        JSONManifestFormat.self,  // an object, unless it has `tag_name`
        GitHubReleasesFormat.self,  // an array, or an object with `tag_name`
        AppcastFormat.self,  // before property lists: both may open with `<?xml`
        PropertyListManifestFormat.self,
        ElectronBuilderFormat.self,  // last: its sniff reads lines until it sees its keys
    ]

    /// The first manifest format that recognises `body`, if any.
    public static func manifestFormat(of body: [UInt8]) -> (any ManifestFormat.Type)? {
        manifest.first { $0.sniff(body) }
    }

    /// Decodes a manifest of any registered format. Throws a one-line reason
    /// (bad-response, 76), naming the formats when none recognises the body.
    public static func decodeManifest(_ body: [UInt8], context: SourceContext = SourceContext()) throws(BodyError) -> SourceDocument {
        try decode(body, as: try recognise(body), context: context)
    }

    /// The format that recognises `body`, or the bad-response reason naming every format.
    public static func recognise(_ body: [UInt8]) throws(BodyError) -> any ManifestFormat.Type {
        guard let format = manifestFormat(of: body) else {
            throw BodyError("not \(namesForMessage) (\(BodyDescription.describe(body)))")
        }
        return format
    }

    /// `format.decode`, for a format held as a value.
    public static func decode(
        _ body: [UInt8], as format: any SourceFormat.Type, context: SourceContext
    ) throws(BodyError) -> SourceDocument {
        try format.decode(body, context: context)
    }

    /// "JSON, a Sparkle appcast or a property list": the registered names, in order.
    private static var namesForMessage: String {
        let names = manifest.map { $0.name }
        return names.count <= 2 ? names.joined(separator: " or ")
            : names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}
