import VersionCheckCLI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

exit(ExitStatus.success.rawValue)
