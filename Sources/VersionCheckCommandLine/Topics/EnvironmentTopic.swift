import VersionCheckCore

extension HelpTopic {
    /// `versioncheck help environment`: every environment variable versioncheck reads.
    package static let environment = HelpTopic(
        "environment",
        abstract: "The environment variables versioncheck reads.",
        sections: [
            DocSection(
                "ENVIRONMENT",
                paragraphs: ["A flag wins over the environment (--lookup-url over VERSIONCHECK_LOOKUP_URL, --cache-dir over VERSIONCHECK_CACHE_DIR). An empty variable counts as unset."],
                rows: CommandTable.environment),
        ])
}
