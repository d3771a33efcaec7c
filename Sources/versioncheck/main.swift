// The `versioncheck` executable: wiring only. It links neither Foundation nor the
// network code; when `lookup` or `manifest` needs the network it starts the
// `versioncheck-fetch` helper as a child (`HelperProcess`).
import VersionCheckCLI
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

exit(CLI.runMain().rawValue)
