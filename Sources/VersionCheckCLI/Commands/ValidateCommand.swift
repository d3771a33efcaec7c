import VersionCheckCore

/// `validate [--strict | --app-store] VERSION...`: nothing on success; one stderr
/// line per invalid version and exit 65 if any. With `--json`, one object per
/// input on stdout: `{"version": "…", "valid": false, "error": "…"}`.
enum ValidateCommand {
    static func run(_ line: ParsedCommandLine, output: Output) -> ExitStatus {
        let syntax: VersionSyntax = line.flag("strict") ? .semver : line.flag("app-store") ? .appStore : .lenient
        var allValid = true
        var json: [UInt8] = []
        for argument in line.arguments {
            let entry: JSONValue
            do {
                let version = try Version(argument, syntax: syntax)
                entry = ["version": .string(version.description), "valid": true, "error": nil]
            } catch {
                allValid = false
                output.errorLine(error.description)
                entry = ["version": .string(error.text), "valid": false, "error": .string(error.description)]
            }
            if output.json {
                entry.write(to: &json)
                json.append(UInt8(ascii: "\n"))
            }
        }
        output.write(bytes: json)
        return allValid ? .success : .invalidInput
    }
}
