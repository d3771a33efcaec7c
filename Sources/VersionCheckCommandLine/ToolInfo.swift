import VersionCheckCore
import VersionCheckBuildInfo

/// Facts about this build of versioncheck.
public enum ToolInfo {
    /// The version of versioncheck (`--version`, the man page, the `User-Agent` header).
    ///
    /// Written once, in `Sources/VersionCheckBuildInfo/include/BuildInfo.h`; a build with
    /// `-Xcc -DVERSIONCHECK_VERSION='"1.2.3"'` (what `VERSION=1.2.3 make release` does) replaces it.
    public static let version = String(cString: versioncheck_version())
}
