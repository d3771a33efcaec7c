// `versioncheck bump LEVEL VERSION [--pre ID]` (SPEC.md "Version tools"), as a pure function.

extension BumpLevel {
    /// The numeric component `major`…`revision` increments (0-based); nil for `prerelease`.
    public var componentIndex: Int? {
        switch self {
        case .major: 0
        case .minor: 1
        case .patch: 2
        case .revision: 3
        case .prerelease: nil
        }
    }
}

extension Version {
    /// The next version at `level`, its text built from this one's (`v` kept, build
    /// metadata dropped, numbers without leading zeros).
    ///
    /// - `major`, `minor`, `patch`, `revision` increment that component and zero the ones
    ///   after it, keeping the number of components unless more are needed
    ///   (`patch` of `1.2` is `1.2.1`, `minor` of `1.2` is `1.3`). Without `pre`, a
    ///   pre-release whose components after the level are all zero is released instead
    ///   (`minor` of `1.3.0-rc.2` is `1.3.0`). With `pre`, the component is always
    ///   incremented and the result is the pre-release `pre.1` of it.
    /// - `prerelease` on a pre-release increments its last numeric identifier (or appends
    ///   `.1` when there is none), unless `pre` is given and the current pre-release does not
    ///   begin with its identifiers: then it restarts at `pre.1`. On a release it bumps
    ///   `patch` and starts `pre.1` (`rc.1` without `pre`).
    ///
    /// Cost: linear in the length of the text; numbers of any length.
    ///
    /// - Throws: `BumpError.notHigher` when the result would not be strictly higher (only
    ///   possible for `prerelease` with a `pre` that sorts before the current pre-release).
    public func bumped(_ level: BumpLevel, pre: PrereleaseName? = nil) throws(BumpError) -> Version {
        let parts = VersionParts(description)
        var numbers = parts.numbers.map(VersionParts.withoutLeadingZeros)
        var prerelease: [Substring]? = nil
        if let index = level.componentIndex {
            let laterAllZero = numbers.dropFirst(index + 1).allSatisfy { $0 == "0" }
            if !(pre == nil && parts.prerelease != nil && laterAllZero) {
                VersionParts.increment(&numbers, at: index)
                prerelease = pre.map { $0.identifiers + ["1"] }
            }
        } else if let current = parts.prerelease {
            if let pre, !current.starts(with: pre.identifiers, by: VersionParts.sameIdentifier) {
                prerelease = pre.identifiers + ["1"]
            } else {
                prerelease = VersionParts.incrementingLastNumber(current)
            }
        } else {
            VersionParts.increment(&numbers, at: 2)
            prerelease = (pre ?? .defaultName).identifiers + ["1"]
        }
        var text = String(parts.prefix) + numbers.joined(separator: ".")
        if let prerelease { text += "-" + prerelease.joined(separator: ".") }
        let result: Version
        do {
            result = try Version(text)
        } catch {
            preconditionFailure("bump built an invalid version \(text): \(error)")
        }
        guard result > self else { throw .notHigher(version: description, bumped: text) }
        return result
    }
}

/// A valid version's text in pieces: `v`, numeric components, pre-release identifiers
/// (build metadata dropped). Slices of the text; no checking (the text was parsed).
struct VersionParts {
    var prefix: Substring
    var numbers: [Substring]
    var prerelease: [Substring]?

    init(_ text: String) {
        var rest = Substring(text)
        if let plus = rest.firstIndex(of: "+") { rest = rest[..<plus] }
        prefix = rest.first == "v" || rest.first == "V" ? rest.prefix(1) : ""
        rest = rest.dropFirst(prefix.count)
        if let hyphen = rest.firstIndex(of: "-") {
            prerelease = rest[rest.index(after: hyphen)...].split(separator: ".", omittingEmptySubsequences: false)
            rest = rest[..<hyphen]
        }
        numbers = rest.split(separator: ".", omittingEmptySubsequences: false)
    }

    /// Digits without leading zeros (`"0"` for all zeros).
    static func withoutLeadingZeros(_ digits: Substring) -> Substring {
        let significant = digits.drop { $0 == "0" }
        return significant.isEmpty ? "0" : significant
    }

    /// Adds one to component `index` (padding with zeros up to it) and zeroes the ones after.
    static func increment(_ numbers: inout [Substring], at index: Int) {
        while numbers.count <= index { numbers.append("0") }
        numbers[index] = plusOne(numbers[index])
        for later in numbers.indices where later > index { numbers[later] = "0" }
    }

    /// A decimal number (without leading zeros) plus one, of any length.
    static func plusOne(_ digits: Substring) -> Substring {
        var bytes = Array(digits.utf8)
        var index = bytes.count - 1
        while index >= 0 && bytes[index] == UInt8(ascii: "9") {
            bytes[index] = UInt8(ascii: "0")
            index -= 1
        }
        if index >= 0 {
            bytes[index] += 1
        } else {
            bytes.insert(UInt8(ascii: "1"), at: 0)
        }
        return Substring(String(decoding: bytes, as: UTF8.self))
    }

    static func isNumeric(_ identifier: Substring) -> Bool {
        identifier.utf8.allSatisfy { $0 &- UInt8(ascii: "0") < 10 }
    }

    /// Whether two identifiers have equal precedence (`01` and `1`; `rc` and `rc`).
    static func sameIdentifier(_ a: Substring, _ b: Substring) -> Bool {
        if isNumeric(a) && isNumeric(b) { return withoutLeadingZeros(a) == withoutLeadingZeros(b) }
        return a == b
    }

    /// The identifiers with the last numeric one plus one (`alpha.1.beta` → `alpha.2.beta`),
    /// or `.1` appended when none is numeric; numeric identifiers without leading zeros.
    static func incrementingLastNumber(_ identifiers: [Substring]) -> [Substring] {
        var result = identifiers.map { isNumeric($0) ? withoutLeadingZeros($0) : $0 }
        if let last = result.lastIndex(where: isNumeric) {
            result[last] = plusOne(result[last])
        } else {
            result.append("1")
        }
        return result
    }
}
