// `versioncheck-fetch`: the network helper that `versioncheck` starts for `lookup`
// and `manifest` when it needs the network. Transport only: a request on the command
// line, a report on stdout (`FetchHelper`). `--version` as the main binary prints it.
import Foundation
import VersionCheckBuildInfo
import VersionCheckFetch

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["--version"] {
    print("versioncheck \(String(cString: versioncheck_version()))")
    exit(0)
}
exit(FetchHelper.run(arguments: arguments))
