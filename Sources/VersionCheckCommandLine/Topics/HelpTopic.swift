import VersionCheckCore

/// A page of the user's reference that belongs to no single command, as `git help`
/// keeps its guides: `versioncheck help TOPIC` prints it, and the man page carries it
/// as a section of its own. Each page is written once, here, as `DocSection`s, so
/// the two renderings never drift.
public struct HelpTopic: Sendable, Equatable {
    /// The word after `help`: `gate`, `exit-codes`.
    public let name: String
    /// One line: what the page is about (the overview's list of topics).
    public let abstract: String
    /// The sections of the page; the man page makes the first a section (`.SH`) and
    /// the others its subsections.
    public let sections: [DocSection]

    public init(_ name: String, abstract: String, sections: [DocSection]) {
        self.name = name
        self.abstract = abstract
        self.sections = sections
    }

    /// Topics are told apart by name: one page per name.
    public static func == (left: HelpTopic, right: HelpTopic) -> Bool { left.name == right.name }
}

extension HelpTopic {
    /// Every topic, in the order the overview lists them and the man page prints them
    /// (the man page's conventional EXIT STATUS and ENVIRONMENT come last).
    public static let all: [HelpTopic] = [
        .gate, .launcher, .formats, .many, .cache, .explain, .versions, .security, .exitCodes, .environment,
    ]

    /// The topic called `name`, if any.
    public static func named(_ name: String) -> HelpTopic? {
        all.first { $0.name == name }
    }
}
