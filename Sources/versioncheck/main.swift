// The `versioncheck` executable: wiring only. It links neither Foundation nor the
// network code; `lookup` and `manifest` exec the `versioncheck-fetch` helper.
import VersionCheckCLI
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
let environment = CLI.processEnvironment()
let status = CLI.run(
    arguments: arguments,
    environment: environment,
    stdin: .standardInput,
    output: .standard(environment: environment),
    checkRunner: FetchHelper.execRunner(arguments: arguments, environment: environment)
)
exit(status.rawValue)
