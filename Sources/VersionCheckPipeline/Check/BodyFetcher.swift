import VersionCheckCommandLine
import VersionCheckPlatform
import VersionCheckSources
import VersionCheckCore

/// Gets one body over the network: the `versioncheck-fetch` helper in the real
/// program (`HelperProcess`), a double in tests. A transport failure comes back in
/// the report; a `Failure` is thrown only when no report could be had (70).
public protocol BodyFetcher: Sendable {
    func fetch(_ request: FetchRequest) throws(Failure) -> FetchReport
}
