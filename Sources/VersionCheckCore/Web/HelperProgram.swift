/// The network helper's names, which the main binary looks for, help and the man page
/// print, and `make install` puts in place.
public enum HelperProgram {
    /// The helper's file name.
    public static let executableName = "versioncheck-fetch"
    /// The environment variable that overrides where the helper is.
    public static let environmentVariable = "VERSIONCHECK_FETCH_HELPER"
}
