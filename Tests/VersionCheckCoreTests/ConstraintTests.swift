import Testing
@testable import VersionCheckCore

private func v(_ text: String) -> Version {
    do { return try Version(text) } catch { fatalError("\(error)") }
}

private func c(_ text: String) -> VersionConstraint {
    do { return try VersionConstraint(text) } catch { fatalError("\(error)") }
}

@Suite("Constraints")
struct ConstraintTests {
    /// (constraint, versions it admits, versions it rejects)
    @Test("operators", arguments: [
        ("1.2", ["1.2.0", "1.2", "v1.2.0+b", "1.2.0.0"], ["1.2.1", "1.2.0-rc", "1.1.9"]),
        ("=1.2.3", ["1.2.3", "1.2.3+x"], ["1.2.4", "1.2.3-rc"]),
        ("==1.2.3", ["1.2.3"], ["1.2.4"]),
        ("!=1.2.3", ["1.2.4", "1.2.3-rc", "1.2.2"], ["1.2.3", "1.2.3.0"]),
        (">1.2.3", ["1.2.4", "2.0.0-rc"], ["1.2.3", "1.2.3+x", "1.0"]),
        (">=1.2.3", ["1.2.3", "1.2.4"], ["1.2.3-rc", "1.2.2"]),
        ("≥1.2.3", ["1.2.3", "1.2.4"], ["1.2.2"]),
        ("<2.0.0", ["1.9.9", "2.0.0-beta", "0.1"], ["2.0.0", "2.0.1"]),
        ("<=2.0.0", ["2.0.0", "2.0.0-beta"], ["2.0.1"]),
        ("≤2.0.0", ["2.0.0"], ["2.0.1"]),
        ("~> 3.12.1", ["3.12.1", "3.12.9", "3.12.100"], ["3.13.0", "3.11.100", "3.13.0-beta", "3.12.1-rc"]),
        ("~> 1.2", ["1.2", "1.9.0", "1.2.5"], ["2.0", "2.0.0-beta", "1.1.9", "1.2.0-beta"]),
        ("~>1", ["1", "1.99"], ["2.0.0-alpha", "2", "0.9"]),
        ("~> 1.2.3.4", ["1.2.3.4", "1.2.3.9"], ["1.2.4", "1.2.4-a", "1.2.3.3"]),
        ("^1.2.3", ["1.2.3", "1.9.9"], ["2.0.0", "2.0.0-rc", "1.2.2"]),
        ("^0.2.3", ["0.2.3", "0.2.9"], ["0.3.0", "0.3.0-a", "0.2.2"]),
        ("^0.0.3", ["0.0.3"], ["0.0.4", "0.0.4-rc", "0.0.2"]),
        ("^0", ["0", "0.9.9"], ["1", "1.0.0-rc"]),
        ("^0.0", ["0.0", "0.0.9"], ["0.1", "0.1.0-rc"]),
        ("^0.0.0", ["0.0.0"], ["0.0.1", "0.0.1-rc", "0.0.0-rc"]),
        ("^1.2.3-beta", ["1.2.3-beta", "1.2.3-beta.2", "1.2.3", "1.5"], ["1.2.3-alpha", "2.0.0", "2.0.0-beta"]),
        ("~1.2.3", ["1.2.3", "1.2.9"], ["1.3", "1.3.0-rc", "1.2.2"]),
        ("~1.2", ["1.2", "1.2.9"], ["1.3", "1.1"]),
        ("~1", ["1", "1.9"], ["2", "2.0.0-rc"]),
        ("~1.2.3.4", ["1.2.3.4", "1.2.9"], ["1.3", "1.2.3.3"]),
        ("~1.2.3-rc.1", ["1.2.3-rc.1", "1.2.3-rc.2", "1.2.3"], ["1.2.3-beta", "1.3.0"]),
        ("~> 1.2.3-beta", ["1.2.3-beta.1", "1.2.9"], ["1.3.0"]),
        ("1.2.x", ["1.2.0", "1.2.99"], ["1.3.0", "1.3.0-beta", "1.2.0-beta", "1.1.9"]),
        ("1.x", ["1.0.0", "1.99.99"], ["2.0.0", "2.0.0-alpha", "0.9"]),
        ("1.x.x", ["1.0.0", "1.99.99"], ["2.0.0", "0.9"]),
        ("1.x.*", ["1.0.0", "1.5"], ["2.0.0"]),
        ("1.2.X", ["1.2.5"], ["1.3"]),
        ("1.2.*", ["1.2.5"], ["1.3"]),
        ("v1.x", ["1.5"], ["2"]),
        ("*", ["0", "1.2.3", "1.0.0-rc", "99999999999999999999999"], []),
        ("x", ["0", "1.0.0-rc"], []),
        ("X", ["0", "5"], []),
        ("x.x", ["0", "5"], []),
        (">=1.0, <2.0", ["1.0", "1.5", "2.0.0-rc"], ["2.0", "0.9"]),
        (">=1.0 <2.0", ["1.5"], ["2.0"]),
        (">= 1.0 , < 2.0", ["1.5"], ["2.0"]),
        (">=1.0,<2.0", ["1.5"], ["2.0"]),
        ("  >=1.0\t<2.0  ", ["1.5"], ["2.0"]),
        ("<1.0 || >=2.0", ["0.5", "2.0", "3"], ["1.0", "1.5"]),
        ("<1.0||>=2.0", ["0.5", "2.0"], ["1.5"]),
        ("1.2 || 1.4 || ^3", ["1.2.0", "1.4", "3.5"], ["1.3", "4"]),
        (">=1, <2 || >=3, <4", ["1.5", "3.5"], ["2.5", "4"]),
        ("1.0 2.0", [], ["1.0", "2.0"]),
        (">18446744073709551615", ["18446744073709551616"], ["18446744073709551615"]),
        ("~> 18446744073709551615.1", ["18446744073709551615.9"], ["18446744073709551616"]),
        ("^18446744073709551615", ["18446744073709551615.9"], ["18446744073709551616", "18446744073709551616-a"]),
        ("~> 1.99999999999999999999.3", ["1.99999999999999999999.9"], ["1.100000000000000000000"]),
    ])
    func satisfies(_ constraint: String, _ admitted: [String], _ rejected: [String]) throws {
        let parsed = try VersionConstraint(constraint)
        for text in admitted { #expect(parsed.isSatisfied(by: v(text)), "\(constraint) should admit \(text)") }
        for text in rejected { #expect(!parsed.isSatisfied(by: v(text)), "\(constraint) should reject \(text)") }
    }

    /// Spellings that SPEC.md says are the same set.
    @Test("equivalent spellings parse to the same rule", arguments: [
        ("~> 1.2.3", ">=1.2.3, <1.3"), ("~> 1.2", ">=1.2, <2"), ("~> 1", ">=1, <2"), ("^1.2.3", ">=1.2.3, <2"),
        ("^0.2.3", ">=0.2.3, <0.3"), ("^0.0.3", ">=0.0.3, <0.0.4"), ("^0", ">=0, <1"), ("^0.0", ">=0.0, <0.1"),
        ("^0.0.0", ">=0.0.0, <0.0.1"), ("~1.2.3", ">=1.2.3, <1.3"), ("~1.2", ">=1.2, <1.3"), ("~1", ">=1, <2"),
        ("~1.2.3.4", ">=1.2.3.4, <1.3"), ("1.2.x", ">=1.2.0, <1.3.0"), ("1.x.x", "1.x"), ("1.x.*", "1.x"),
        ("1.x", ">=1, <2"),
    ])
    func equivalent(_ shorthand: String, _ expanded: String) throws {
        let a = try VersionConstraint(shorthand), b = try VersionConstraint(expanded)
        guard case .range(let lower, let upper) = a.rule, case .allOf(let parts) = b.rule,
              parts.count == 2, case .range(let expectedLower, nil) = parts[0], case .range(nil, let expectedUpper) = parts[1]
        else {
            if case .range = a.rule, case .range = b.rule { #expect(a.rule == b.rule); return }
            Issue.record("unexpected shapes \(a.rule) \(b.rule)")
            return
        }
        #expect(lower == expectedLower)
        #expect(upper?.version == expectedUpper?.version)
        #expect(upper?.numbersOnly == true)  // generated: excludes pre-releases of the bound
        #expect(expectedUpper?.numbersOnly == false)  // explicit: plain precedence
    }

    @Test("invalid constraints say why and where", arguments: [
        ("", ConstraintError.empty),
        ("   ", .empty),
        (">=1,,<2", .emptyComparator(text: ">=1,,<2", offset: 4)),
        (">=1,", .emptyComparator(text: ">=1,", offset: 4)),
        (",>=1", .emptyComparator(text: ",>=1", offset: 0)),
        (">=1, || 2", .emptyComparator(text: ">=1, || 2", offset: 5)),
        ("|| 1", .emptyAlternative(text: "|| 1", offset: 0)),
        ("1 ||", .emptyAlternative(text: "1 ||", offset: 4)),
        ("1 || || 2", .emptyAlternative(text: "1 || || 2", offset: 5)),
        ("1 | 2", .unexpectedCharacter(text: "1 | 2", offset: 2, expected: "'||'")),
        ("!1.0", .unexpectedCharacter(text: "!1.0", offset: 0, expected: "'!='")),
        (">=", .missingVersion(text: ">=", offset: 2, operator: ">=")),
        ("~> ,1", .missingVersion(text: "~> ,1", offset: 3, operator: "~>")),
        (">=1.x", .operatorBeforeXRange(text: ">=1.x", offset: 0, operator: ">=")),
        ("1.0 ~1.2.*", .operatorBeforeXRange(text: "1.0 ~1.2.*", offset: 4, operator: "~")),
        ("=*", .operatorBeforeXRange(text: "=*", offset: 0, operator: "=")),
        ("^x", .operatorBeforeXRange(text: "^x", offset: 0, operator: "^")),
        ("1.0 - 2.0", .hyphenRange(text: "1.0 - 2.0", offset: 4)),
        ("1.x.2", .numberAfterWildcard(text: "1.x.2", offset: 4)),
        ("*.1", .numberAfterWildcard(text: "*.1", offset: 2)),
        (">=1..2", .invalidVersion(text: ">=1..2", offset: 2,
                                   error: .emptyComponent(text: "1..2", offset: 2))),
        ("abc", .invalidVersion(text: "abc", offset: 0,
                                error: .unexpectedCharacter(text: "abc", offset: 0, expected: .digit))),
        (">=1.0<2.0", .invalidVersion(text: ">=1.0<2.0", offset: 2,
                                      error: .unexpectedCharacter(text: "1.0<2.0", offset: 3, expected: .numberEnd))),
        ("1.x-beta", .invalidVersion(text: "1.x-beta", offset: 0,
                                     error: .unexpectedCharacter(text: "1.x-beta", offset: 2, expected: .digit))),
        ("≥ 1.a", .invalidVersion(text: "≥ 1.a", offset: 2,
                                  error: .unexpectedCharacter(text: "1.a", offset: 2, expected: .digit))),
        ("-1.0", .invalidVersion(text: "-1.0", offset: 0, error: .emptyComponent(text: "-1.0", offset: 0))),
    ])
    func invalid(_ text: String, _ expected: ConstraintError) {
        #expect(throws: expected) { try VersionConstraint(text) }
    }

    @Test("error messages are one line and quote the constraint", arguments: [
        (">=1,,<2", "invalid constraint '>=1,,<2': empty comparator at offset 4"),
        (">=1..2", "invalid constraint '>=1..2': empty component at offset 4 in version '1..2'"),
        ("≥ 1.a", "invalid constraint '≥ 1.a': unexpected 'a' at offset 4, expected a digit in version '1.a'"),
        ("1 | 2", "invalid constraint '1 | 2': unexpected '|' at offset 2, expected '||'"),
    ])
    func messages(_ text: String, _ message: String) {
        do {
            _ = try VersionConstraint(text)
            Issue.record("\(text) parsed")
        } catch {
            #expect(error.description == message)
            #expect(!error.description.contains("\n"))
        }
    }

    @Test("description is the trimmed text")
    func description() {
        #expect(c("  ~> 1.2 \n").description == "~> 1.2")
    }

    @Test("incrementing decimal strings of any length", arguments: [
        ("0", "1"), ("9", "10"), ("0199", "200"), ("18446744073709551615", "18446744073709551616"),
        ("99999999999999999999999999999999999999", "100000000000000000000000000000000000000"), ("000", "1"),
    ])
    func increment(_ digits: String, _ expected: String) {
        #expect(ConstraintParser.incremented(Substring(digits)) == expected)
    }
}
