import VersionCheckCore

extension CheckRequest {
    /// Where the releases come from, parsed and checked once, when the request is built
    /// (`CheckRequestBuilder`): a URL that may not be fetched is a usage error (64) there,
    /// before any request, and nothing downstream reads the text again.
    public enum Source: Sendable, Equatable {
        /// `lookup`: the iTunes Lookup API, and the request URL built from the query
        /// (`LookupURL`, already allowed by `URLRules`).
        case appStore(AppStoreQuery, url: WebAddress)
        /// `manifest --url`: a URL already allowed by `URLRules`, or a file.
        case manifest(ManifestLocation)

        /// `lookup` of `query`: its request URL built and checked (64 when it is not a
        /// URL or may not be fetched).
        public static func appStore(_ query: AppStoreQuery, allowInsecure: Bool = false) throws(Failure) -> Source {
            .appStore(query, url: try LookupURL.url(for: query, allowInsecure: allowInsecure))
        }

        /// `manifest --url TEXT`: `text` parsed and checked (`ManifestLocation.parse`).
        public static func manifest(location text: String, allowInsecure: Bool = false) throws(Failure) -> Source {
            .manifest(try ManifestLocation.parse(text, allowInsecure: allowInsecure))
        }

        /// `manifest`, whose body may be an appcast.
        public var isManifest: Bool {
            if case .manifest = self { return true }
            return false
        }

        /// The URL asked: the lookup URL, or the remote manifest's; nil for a local file.
        public var url: WebAddress? {
            switch self {
            case .appStore(_, let url): url
            case .manifest(.remote(let url)): url
            case .manifest(.file): nil
            }
        }
    }

    /// The URL its cache entry is kept under (the lookup URL built, or the remote
    /// manifest's), or nil for a local manifest.
    package var cacheURL: String? { source.url?.text }
}
