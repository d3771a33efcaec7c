import VersionCheckCommandLine
import VersionCheckPipeline
import VersionCheckPlatform
import VersionCheckSources
import VersionCheckCore

/// `validate [--strict | --app-store] VERSION...`: nothing on success; one stderr
/// line per invalid version and exit 65 if any. With `--json`, one object per
/// input on stdout: `{"version": "…", "valid": false, "error": "…"}`.
struct ValidateCommand: Command {
    static let spec = CommandTable.validate
    let syntax: VersionSyntax
    let inputs: [String]

    init(_ line: ParsedCommandLine, context: CommandContext) throws(Failure) {
        syntax = line[Option.strict] ? .semver : line[Option.appStore] ? .appStore : .lenient
        inputs = line.arguments
    }

    func run(_ context: CommandContext) -> ExitStatus {
        let output = context.output
        var allValid = true
        var json: [UInt8] = []
        for argument in inputs {
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
