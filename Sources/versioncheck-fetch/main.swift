// `versioncheck-fetch`: the network helper that `versioncheck` execs for `lookup`
// and `manifest`. The same command line, with the real network check injected.
import VersionCheckCLI
import VersionCheckFetch
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
    checkRunner: NetworkCheckRunner.make(environment: environment)
)
exit(status.rawValue)
