import VersionCheckCommandLine
import VersionCheckPlatform
import VersionCheckCore
import VersionCheckSources

/// A body to decode, with the appcast items kept beside its cache entry when there are
/// some (`CacheStore.keptItems`): read instead of its XML.
package struct SourceBody {
    package var bytes: [UInt8]
    package var keptItems: [AppcastItem]? = nil
}

/// A body decoded for this run, with the current version and the policy read as its
/// format reads versions (an appcast: Sparkle's spellings and defaults).
package struct DecodedBody {
    package var document: SourceDocument
    package var current: Version
    package var policy: UpdatePolicy
    /// The body is a Sparkle appcast.
    package var appcast = false
    /// The items of an appcast read from its XML, as `AppcastItemCoding` writes them:
    /// kept beside its cache entry for the next run (nil otherwise, or when too many).
    package var itemsToKeep: [UInt8]? = nil
}

extension SourceDocument {
    /// `--explain`: the format's line (`format: a Sparkle appcast`) before what the
    /// decoder noted — or, for a format that holds nothing back, how many releases it
    /// lists.
    package mutating func explainFormat(_ name: String) {
        var explained = Explanation()
        explained.note("format: \(name)")
        if let decoded = explanation {
            explained.append(decoded)
        } else {
            explained.note("it lists \(releases.count) \(releases.count == 1 ? "release" : "releases")")
        }
        explanation = explained
    }
}

/// What a source answered, decoded, before the decision: the body, where it came from
/// and how old it is.
package struct SourceAnswer {
    package var decoded: DecodedBody
    /// The source as messages and reports show it (a URL without its password, or a path).
    package var source: String
    package var document: SourceDocument { decoded.document }
    package var current: Version { decoded.current }
    package var policy: UpdatePolicy { decoded.policy }
    /// Answered from the cache, without a request.
    package var cached = false
    /// When the request that got the body (or its 304) was sent, when the cache was consulted.
    package var fetchedAt: Int64?
    /// The entry answered although this run wanted a fresh answer.
    package var stale = false
}
