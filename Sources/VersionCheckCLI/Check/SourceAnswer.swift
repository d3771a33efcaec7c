import VersionCheckCore
import VersionCheckSources

/// A body to decode, with the appcast items kept beside its cache entry when there are
/// some (`CacheStore.keptItems`): read instead of its XML.
struct SourceBody {
    var bytes: [UInt8]
    var keptItems: [AppcastItem]? = nil
}

/// A body decoded for this run, with the current version and the policy read as its
/// format reads versions (an appcast: Sparkle's spellings and defaults).
struct DecodedBody {
    var document: SourceDocument
    var current: Version
    var policy: UpdatePolicy
    /// The body is a Sparkle appcast.
    var appcast = false
    /// The items of an appcast read from its XML, as `AppcastItemCoding` writes them:
    /// kept beside its cache entry for the next run (nil otherwise, or when too many).
    var itemsToKeep: [UInt8]? = nil
}

/// What a source answered, decoded, before the decision: the body, where it came from
/// and how old it is.
struct SourceAnswer {
    var decoded: DecodedBody
    /// The source as messages and reports show it (a URL without its password, or a path).
    var source: String
    var document: SourceDocument { decoded.document }
    var current: Version { decoded.current }
    var policy: UpdatePolicy { decoded.policy }
    /// Answered from the cache, without a request.
    var cached = false
    /// When the request that got the body (or its 304) was sent, when the cache was consulted.
    var fetchedAt: Int64?
    /// The entry answered although this run wanted a fresh answer.
    var stale = false
}
