import VersionCheckCore

extension HelpTopic {
    /// `versioncheck help exit-codes`: every exit code, and the error object and its kinds.
    package static let exitCodes = HelpTopic(
        "exit-codes",
        abstract: "Every exit code, the error line and the JSON error object.",
        sections: [
            DocSection("EXIT STATUS", rows: CommandTable.exitCodes.map { (String($0.0.rawValue), $0.1) }),
        ] + Documentation.overview)
}
