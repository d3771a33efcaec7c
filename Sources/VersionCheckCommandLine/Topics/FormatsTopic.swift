import VersionCheckCore

extension HelpTopic {
    /// `versioncheck help formats`: what each source sends and how it is read, from each
    /// format's own description (`SourceFormat.documentation`).
    package static let formats = HelpTopic(
        "formats",
        abstract: "The App Store's answer and every manifest format, field by field.",
        sections: [
            DocSection(
                "SOURCE FORMATS",
                paragraphs: [
                    "lookup reads the App Store's answer. manifest reads an https:// URL, a loopback http:// URL, a file:// URL or a path, and tells its format by the content, never by the name or the Content-Type. A body is at most 8 MiB, from a file as from the network; a document type declaration is refused and no entity is ever expanded. Publishers can check a feed before it ships with 'versioncheck lint' once it is available; 'versioncheck help manifest' lists the check options.",
                ]),
            Documentation.lookupSource,
        ] + Documentation.manifestFormats)
}
