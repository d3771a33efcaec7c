// Fuzz target: version parsing in all three modes, precedence, bump levels and the
// update decision. Input: byte 0 picks the mode and the policy, the rest is the text.
//
// Invariants, beyond "no crash":
// - each mode accepts exactly what the plain reference grammar (Support/Reference.swift) accepts;
// - `Version(v.description)` gives `v` back (same text, equal precedence, equal hash);
// - precedence agrees with the reference, and is antisymmetric and transitive over the
//   last few versions seen; `==`, `<` and `hash` agree with `compare`;
// - `bumpLevel` agrees with the reference;
// - the decision never offers an update when latest <= current and no minimum applies,
//   never lists a release at or below current, and forces when current < minimum.
import VersionCheckCore

/// The last versions this process parsed, to test relations between inputs.
nonisolated(unsafe) var recent: [(Version, ReferenceVersion)] = []
let recentLimit = 6

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVersion(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let selector = data[0]
    let input = text(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let syntaxes: [VersionSyntax] = [.lenient, .semver, .appStore]

    for (mode, syntax) in syntaxes.enumerated() {
        let reference = ReferenceVersion.parse(input, mode: mode)
        let parsed: Version?
        do {
            parsed = try Version(input, syntax: syntax)
        } catch {
            parsed = nil
            let message = error.description
            require(message.utf8.starts(with: "invalid version '".utf8), "error text \(shown(message))")
            if let offset = error.offset { require(offset <= error.text.count, "offset \(offset) past \(shown(error.text))") }
        }
        require((parsed != nil) == (reference != nil),
                "mode \(syntax): \(shown(input)) accepted=\(parsed != nil), reference accepted=\(reference != nil)")
        // A Substring goes through the generic path; it must agree.
        let viaSubstring = try? Version(input[...], syntax: syntax)
        require((viaSubstring != nil) == (parsed != nil), "Substring path disagrees on \(shown(input))")
        guard let version = parsed, let reference else { continue }
        require(viaSubstring! == version && viaSubstring!.description == version.description, "Substring path value for \(shown(input))")
        require(version.description == ReferenceVersion.trimmed(input), "description \(shown(version.description)) of \(shown(input))")
        require(version.isPrerelease == (reference.prerelease != nil), "isPrerelease of \(shown(input))")
        let again = try? Version(version.description, syntax: syntax)
        require(again != nil, "description does not parse again: \(shown(version.description))")
        require(again! == version && again!.compare(to: version) == 0 && again!.hashValue == version.hashValue,
                "round trip changes \(shown(input))")
        if syntax != .lenient {  // stricter modes accept a subset with the same meaning
            let lenient = try? Version(input)
            require(lenient != nil && lenient! == version, "\(syntax) value differs from lenient for \(shown(input))")
        }
    }

    guard let version = try? Version(input), let reference = ReferenceVersion.parse(input, mode: 0) else { return 0 }
    for (other, otherReference) in recent {
        let order = version.compare(to: other)
        require(order == ReferenceVersion.compare(reference, otherReference),
                "compare \(shown(version.description)) \(shown(other.description)) = \(order), reference says otherwise")
        require(order == -other.compare(to: version), "not antisymmetric: \(shown(version.description)) \(shown(other.description))")
        require((order == 0) == (version == other) && (order < 0) == (version < other) && (order > 0) == (version > other),
                "operators disagree with compare for \(shown(version.description)) \(shown(other.description))")
        if order == 0 { require(version.hashValue == other.hashValue, "equal but hashes differ: \(shown(version.description)) \(shown(other.description))") }
        let level = other.bumpLevel(from: version)?.rawValue
        require(level == ReferenceVersion.bumpLevel(from: reference, to: otherReference),
                "bump level \(level ?? "nil") from \(shown(version.description)) to \(shown(other.description))")
    }
    for (a, _) in recent {
        for (b, _) in recent where a.compare(to: b) <= 0 && b.compare(to: version) <= 0 {
            require(a.compare(to: version) <= 0, "not transitive: \(shown(a.description)) <= \(shown(b.description)) <= \(shown(version.description))")
        }
    }
    checkDecision(current: version, releases: recent.map { Release(version: $0.0) }, selector: selector)
    recent.append((version, reference))
    if recent.count > recentLimit { recent.removeFirst() }
    return 0
}

/// The decision's invariants for `current` against the recent versions as releases.
func checkDecision(current: Version, releases: [Release], selector: UInt8) {
    let thresholds = BumpThreshold.allCases
    var policy = UpdatePolicy(
        forceOn: thresholds[Int(selector >> 2) % thresholds.count],
        optionalOn: thresholds[Int(selector >> 5) % thresholds.count])
    let withMinimum = selector & 0x80 != 0 && !releases.isEmpty
    if withMinimum { policy.minimum = releases[0].version }
    if selector & 0x40 != 0, let last = releases.last { policy.skip = last.version }
    guard let decision = try? decideUpdate(current: current, releases: releases, sourceMinimum: nil, policy: policy, now: 0)
    else {
        require(false, "decideUpdate threw without dates or OS versions")
        return
    }
    let highest = releases.map(\.version).max()
    require(decision.latest?.version == highest, "latest is not the highest release")
    require(decision.releases.allSatisfy { $0.version > current }, "a listed release is not above current")
    require(zip(decision.releases, decision.releases.dropFirst()).allSatisfy { $0.version < $1.version }, "releases not ascending")
    if let latest = decision.latest?.version {
        require(decision.comparison == current.compare(to: latest), "comparison")
        require((decision.level != nil) == (latest > current), "level present iff latest > current")
        require(decision.gatePassed == (current > latest), "gate")
    } else {
        require(decision.gatePassed && decision.level == nil && decision.comparison == nil, "no latest")
    }
    let minimumForces = policy.minimum.map { current < $0 } ?? false
    if minimumForces { require(decision.status == .forced, "below the minimum but not forced") }
    if !minimumForces, highest.map({ $0 <= current }) ?? true {
        require(decision.status == .upToDate, "update offered although latest <= current: \(shown(current.description))")
    }
    if policy.optionalOn == .never && policy.forceOn == .never && !minimumForces {
        require(decision.status == .upToDate, "never/never still offers an update")
    }
}
