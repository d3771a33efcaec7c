import VersionCheckCommandLine
import VersionCheckPlatform
import VersionCheckCore
import VersionCheckSources

/// The versions of a request resolved once, when the source's format is known: the one
/// place a format's defaults for them apply (which `Info.plist` key, which reading). The
/// versions given were read every way when the request was built (`GivenVersion`): here
/// a reading is picked, not parsed (only a `--current-from` bundle's key is read here,
/// by the format's reading).
extension CheckRequest {
    /// `--current`, `--skip`, `--minimum` and `--force-on`'s default as a format with
    /// `reading` takes them: as given for the lenient grammar; for an appcast as Sparkle
    /// reads versions, and `--force-on` defaulting to `never` (SPEC.md "Sparkle
    /// appcasts"). An invalid one is 65, naming its option.
    package func versions(reading: VersionReading) throws(Failure) -> (Version, UpdatePolicy) {
        let appcast = self.appcast
        guard reading == .sparkle else {
            if let failure = currentNeedsAppcast { throw failure }
            // A spelling only Sparkle reads (`1.0 (1234)`, `1.2.3-`) was kept for an
            // appcast; this source is not one (decided when the request was built).
            if let failure = sparkleOnly { throw failure }
            return (self.current, policy)
        }
        // Display versions read as Sparkle reads them, a leading `v` before a digit left out.
        let compared: VersionReading = appcast.compared == .display ? .sparkleDisplay : reading
        func read(_ given: GivenVersion, _ option: ValueOption<String>) throws(Failure) -> Version {
            switch given.read(compared) {
            case .success(let version):
                return version
            case .failure(let error):
                throw Failure(.invalidInput, "\(option.longFlag): \(error.description) (read as Sparkle reads an appcast's versions)")
            }
        }
        let current: Version
        switch appcast.current {
        case .given(let given): current = try read(given, Option.current)
        case .bundle(let bundle): current = try bundle.version(appcast.compared == .display ? .marketing : .build, reading: compared)
        }
        var policy = self.policy
        policy.sparkle = true
        policy.comparesBuildNumbers = appcast.compared == .build
        if appcast.compared == .build, case .bundle(let bundle) = appcast.current {
            // Levels on display versions: the bundle's own, when it has a readable one.
            policy.currentDisplayVersion = try? bundle.version(.marketing, reading: .sparkleDisplay)
        }
        if let given = appcast.skip { policy.skip = try read(given, Option.skip) }
        if let given = appcast.minimum { policy.minimum = try read(given, Option.minimum) }
        if !appcast.forceOnGiven { policy.forceOn = SparkleDefaults.forceOn }
        return (current, policy)
    }
}
