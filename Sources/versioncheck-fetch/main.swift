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

exit(CLI.runProcess { _, environment in
    NetworkCheckRunner.make(environment: environment)
}.rawValue)
