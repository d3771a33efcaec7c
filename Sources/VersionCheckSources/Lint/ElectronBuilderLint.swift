/// Placeholder until the linter lands: no findings.
enum ElectronBuilderLint {
    static func findings(_ body: [UInt8], context: LintContext) throws(BodyError) -> [LintFinding] {
        []
    }
}
