// Fuzz target: constraint parsing and evaluation. Input: `VERSION NUL CONSTRAINT`
// (without a NUL the whole input is the constraint and the version is 1.2.3).
//
// Invariants, beyond "no crash":
// - the parser accepts exactly what the plain reference grammar (Support/Reference.swift) accepts;
// - `isSatisfied` agrees with the reference evaluation of the constraint *text*, for the
//   fuzzer's version, a fixed set of awkward versions and the last few versions seen;
// - `isSatisfied` agrees with a direct evaluation of the parsed `rule`;
// - parsing `description` again gives the same rule; an error quotes the constraint.
import VersionCheckCore

nonisolated(unsafe) var recentVersions: [Version] = []

let fixedVersions: [Version] = [
    "0", "0.0.1", "0.1.0-rc.1", "1", "1.2", "1.2.3", "1.2.3-beta", "1.3.0-0", "2.0.0-beta", "2.0.0", "2.0.0.1",
    "10.0", "18446744073709551616.0", "1.0.0-alpha.1", "1.0.0+build",
].map { try! Version($0) }

/// A straightforward evaluator of a parsed rule, independent of `Rule.admits`.
func evaluate(_ rule: VersionConstraint.Rule, _ version: Version) -> Bool {
    switch rule {
    case .anyOf(let rules):
        for rule in rules where evaluate(rule, version) { return true }
        return false
    case .allOf(let rules):
        for rule in rules where !evaluate(rule, version) { return false }
        return true
    case .range(let lower, let upper):
        if let lower {
            let order = version.compare(to: lower.version)
            if order < 0 || (order == 0 && !lower.inclusive) { return false }
        }
        if let upper {
            if upper.numbersOnly {
                // Compare the numbers alone: strip the pre-release by re-parsing the numeric part.
                let numbers = try! Version(numericPart(version.description))
                if numbers.compare(to: try! Version(numericPart(upper.version.description))) >= 0 { return false }
            } else {
                let order = version.compare(to: upper.version)
                if order > 0 || (order == 0 && !upper.inclusive) { return false }
            }
        }
        return true
    }
}

/// `v1.2.3-rc+b` → `v1.2.3`.
func numericPart(_ text: String) -> String {
    String(text.unicodeScalars.prefix { $0 != "-" && $0 != "+" })
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConstraint(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = bytes(data, size)
    let versionText: String
    let constraintText: String
    if let nul = input.firstIndex(of: 0) {
        versionText = text(input[..<nul])
        constraintText = text(input[(nul + 1)...])
    } else {
        versionText = "1.2.3"
        constraintText = text(input)
    }
    let chosen = try? Version(versionText)
    let constraint: VersionConstraint
    do {
        constraint = try VersionConstraint(constraintText)
    } catch {
        require(error.description.utf8.starts(with: "invalid constraint '".utf8), "error text \(shown(error.description))")
        let reference = ReferenceConstraint.evaluate(constraintText, ReferenceVersion.parse("1", mode: 0)!)
        require(reference == nil, "rejected but the reference grammar accepts \(shown(constraintText)): \(error.description)")
        return 0
    }
    require(constraint.description == ReferenceVersion.trimmed(constraintText), "description of \(shown(constraintText))")
    let again = try? VersionConstraint(constraint.description)
    require(again?.rule == constraint.rule, "description does not parse to the same rule: \(shown(constraintText))")

    var candidates = fixedVersions + recentVersions
    if let chosen { candidates.append(chosen) }
    for version in candidates {
        let satisfied = constraint.isSatisfied(by: version)
        require(satisfied == evaluate(constraint.rule, version),
                "rule evaluation differs for \(shown(version.description)) in \(shown(constraintText))")
        let reference = ReferenceConstraint.evaluate(constraintText, ReferenceVersion.parse(version.description, mode: 0)!)
        require(reference != nil, "accepted but the reference grammar rejects \(shown(constraintText))")
        require(reference == satisfied,
                "\(shown(version.description)) satisfies \(shown(constraintText)): \(satisfied), reference: \(reference!)")
    }
    if let chosen {
        recentVersions.append(chosen)
        if recentVersions.count > 4 { recentVersions.removeFirst() }
    }
    return 0
}
