// Fuzz target: the whole command line, in process. Input: arguments separated by NUL
// bytes; with at least one NUL, the last piece is standard input instead (argv cannot
// carry NUL, stdin can). Runs `CLI.run` with a capturing Output and a fake check runner.
//
// Invariants, beyond "no crash":
// - a failure (any status but 0, 1, 100, 101) prints `versioncheck: error: …` first on
//   stderr, and a success or a "no" prints no error line; no failure is ever 0/100/101;
//   nothing is an internal error (70);
// - output is line-clean: no control characters but newlines on either stream;
// - `-q` prints nothing on stdout (help and --version aside); with `--json` every stdout
//   line is valid JSON, and a
//   failure's object carries its exit code;
// - `compare`, `satisfies` and `sort` agree with a direct computation from the parsed
//   arguments (sort: the stable order by precedence of the trimmed, non-blank entries);
// - a request reaching the check runner has a positive finite timeout, retries in 0...10
//   and a non-negative finite minimum age.
import Foundation
import VersionCheckCLI
import VersionCheckCommandLine
import VersionCheckPipeline
import VersionCheckCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommandLine(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let pieces = bytes(data, size).split(separator: 0, omittingEmptySubsequences: false)
    let arguments = (pieces.count > 1 ? pieces.dropLast() : pieces[...]).map { text($0) }
    let stdin: [UInt8] = pieces.count > 1 ? Array(pieces.last!) : []
    let (output, capture) = Output.capturing()
    let status = CLI.run(
        arguments: arguments, environment: [:], stdin: .bytes(stdin), output: output,
        checkRunner: { request, _ in
            require(request.timeout > 0 && request.timeout.isFinite, "timeout \(request.timeout)")
            require((0...10).contains(request.retries), "retries \(request.retries)")
            require(request.policy.minimumAgeDays >= 0 && request.policy.minimumAgeDays.isFinite, "min-age")
            return .success
        })
    let out = capture.stdout
    let err = capture.stderr
    let context = "argv \(arguments.map(shown)) stdin \(shown(text(stdin))) -> \(status.rawValue)\nstdout \(shown(out))\nstderr \(shown(err))"

    require(status != .internalError, "internal error: \(context)")
    let failed = ![.success, .no, .optionalUpdate, .forcedUpdate].contains(status)
    if failed {
        require(err.hasPrefix("versioncheck: error: "), "failure without an error line: \(context)")
    } else {
        require(!err.contains("versioncheck: error: "), "error line but status \(status.rawValue): \(context)")
    }
    for stream in [out, err] {
        require(!stream.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F },
                "control character in output: \(context)")
    }
    let global = CommandLineParser.scanGlobalOptions(arguments)
    let invocation = try? CommandLineParser.parse(arguments)
    // Help and --version print text whatever -q and --json say (as HelpTests expect).
    if global.quiet, case .run? = invocation { require(out.isEmpty, "-q but stdout: \(context)") }
    if global.quiet, invocation == nil { require(out.isEmpty, "-q but stdout: \(context)") }

    guard case .run(let line)? = invocation else {
        if failed, global.json, !global.quiet { checkErrorJSON(out, status: status, context: context) }
        return 0
    }
    if global.json, !global.quiet {
        for jsonLine in out.split(separator: "\n") {
            let object = try? JSONSerialization.jsonObject(with: Data(jsonLine.utf8), options: [.fragmentsAllowed])
            require(object != nil, "--json line is not JSON: \(shown(String(jsonLine))) in \(context)")
        }
        // validate --json prints one object per input, failures included, and nothing else.
        if failed, line.command.name != "validate" { checkErrorJSON(out, status: status, context: context) }
    }
    let plain = !global.json && !global.quiet
    switch line.command.name {
    case "compare" where status == .success:
        let order = try! Version(line.arguments[0]).compare(to: try! Version(line.arguments[1]))
        if plain { require(out == "\(order)\n", "compare printed \(shown(out)), expected \(order): \(context)") }
    case "satisfies" where status == .success || status == .no:
        let satisfied = try! VersionConstraint(line.arguments[1]).isSatisfied(by: try! Version(line.arguments[0]))
        require(satisfied == (status == .success), "satisfies disagrees: \(context)")
    case "sort" where status == .success && plain:
        let entries = line.arguments.isEmpty ? lines(stdin) : line.arguments.map(ReferenceVersion.trimmed)
        let versions = entries.map { try! Version($0) }
        let descending = line[Option.reverse]
        let expected = versions.indices.sorted { a, b in
            let order = versions[a].compare(to: versions[b])
            return order != 0 ? (descending ? order > 0 : order < 0) : a < b
        }.map { entries[$0] + "\n" }.joined()
        require(out == expected, "sort printed \(shown(out)), expected \(shown(expected)): \(context)")
    case "sort", "validate", "compare", "satisfies":
        if status != .success && status != .no { require(status == .invalidInput, "toolbox status: \(context)") }
    default:
        break
    }
    return 0
}

/// The non-blank lines of stdin, trimmed, as `sort` reads them.
func lines(_ stdin: [UInt8]) -> [String] {
    stdin.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        .map { ReferenceVersion.trimmed(text($0)) }
        .filter { !$0.isEmpty }
}

/// A failure with `--json` prints `{"status": "error", "error": {"code": N, …}}` on stdout.
func checkErrorJSON(_ out: String, status: ExitStatus, context: String) {
    let object = try? JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any]
    let error = object?["error"] as? [String: Any]
    require(object?["status"] as? String == "error" && (error?["code"] as? NSNumber)?.int32Value == status.rawValue,
            "--json failure object: \(context)")
}
