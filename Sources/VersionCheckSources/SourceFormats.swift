/// Every manifest format, in the order they are tried: adding a format is one file in
/// `Formats/` and one line here.
public enum SourceFormats {
    /// The formats `manifest` recognises by content.
    public static let manifest: [any SourceFormat.Type] = [
        JSONManifestFormat.self,
        PropertyListManifestFormat.self,
    ]

    /// The first manifest format that recognises `body`, if any.
    public static func manifestFormat(of body: [UInt8]) -> (any SourceFormat.Type)? {
        manifest.first { $0.sniff(body) }
    }

    /// Decodes a manifest of any registered format. Throws a one-line reason
    /// (bad-response, 76), naming the formats when none recognises the body.
    public static func decodeManifest(_ body: [UInt8]) throws(BodyError) -> SourceDocument {
        guard let format = manifestFormat(of: body) else {
            throw BodyError("neither \(namesForMessage) (\(BodyDescription.describe(body)))")
        }
        return try format.decode(body)
    }

    /// "JSON nor a property list": the registered names, in message order.
    private static var namesForMessage: String {
        let names = manifest.map { $0.name }
        return names.count <= 2 ? names.joined(separator: " nor ")
            : names.dropLast().joined(separator: ", ") + " nor " + names.last!
    }
}
