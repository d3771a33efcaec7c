// `versioncheck-fetch`: the network helper that `versioncheck` starts for `lookup`
// and `manifest` when it needs the network. Transport only: a request on the command
// line, a report on stdout (`FetchHelper`); it ends with the versioncheck that started
// it (`ParentWatch`). `--version` as the main binary prints it.
import Foundation
import VersionCheckBuildInfo
import VersionCheckFetch

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["--version"] {
    print("versioncheck \(String(cString: versioncheck_version()))")
    exit(0)
}
// Tied to the versioncheck that started it before any request (`HelperTie`).
ParentWatch.begin()
exit(FetchHelper.run(arguments: arguments))
