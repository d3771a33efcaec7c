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

exit(CLI.runProcess { arguments, environment in
    FetchHelper.execRunner(arguments: arguments, environment: environment)
}.rawValue)
