import VersionCheckCommandLine
import VersionCheckPlatform
import VersionCheckCore
import VersionCheckSources

/// The App Store as a source: the iTunes Lookup request for a query, its answer decoded.
extension UpdateChecker {
    /// The App Store's answer for `query`, asked at `url` (its request URL, built and
    /// checked with the request): a 200 without results is 69 naming the storefront; an
    /// error message in a failing answer is quoted.
    package func lookUp(
        _ query: AppStoreQuery, url: WebAddress, request: CheckRequest, cache: inout CacheStore?, clock: DeadlineClock,
        explaining explanation: inout Explanation?
    ) throws(Failure) -> SourceAnswer {
        let shown = url.display
        return try bodies.obtain(url, request: request, cache: &cache, clock: clock, explaining: &explanation) { response in
            if let message = ITunesLookupFormat.errorMessage(in: response.body), !HTTPStatusPhrase.isNotFound(response.status) {
                return Failure(.httpStatus, "\(shown): \(HTTPStatusPhrase.line(response.status)), the App Store says '\(message)'")
            }
            return HTTPStatusPhrase.failure(response.status, shown: shown)
        } decode: { body throws(Failure) in
            var document: SourceDocument
            do throws(BodyError) {
                document = try ITunesLookupFormat.decode(body.bytes, asked: Self.asked(query))
            } catch {
                throw Failure(.badResponse, "\(shown): \(error.description)")
            }
            guard !document.releases.isEmpty else { throw Self.notInStorefront(query, shown: shown) }
            if request.explain { document.explainFormat(ITunesLookupFormat.name + " (the app's current version)") }
            return DecodedBody(document: document, current: request.current, policy: request.policy)
        }
    }

    /// The app `query` asks for: an entry of the answer for another app (or the other
    /// store) never answers it.
    package static func asked(_ query: AppStoreQuery) -> AskedApp {
        let kind = query.platform == .mac ? AskedApp.macKind : AskedApp.iOSKind
        switch query.identifier {
        case .id(let id): return AskedApp(id: Int(id), kind: kind)
        case .bundleId(let bundleId): return AskedApp(bundleId: bundleId, kind: kind)
        }
    }

    /// `resultCount` 0 (69): names the storefront and suggests `--country` (and `--platform mac`).
    package static func notInStorefront(_ query: AppStoreQuery, shown: String) -> Failure {
        let store = "the App Store storefront '\(query.country.lowercased())'\(query.platform == .mac ? " (Mac)" : "")"
        let hint = "try --country for another storefront" + (query.platform == .ios ? " or --platform mac" : "")
        var failure = Failure(.notFound, "\(describe(query)) in \(store) (\(shown)); \(hint)")
        failure.isUnknownApp = true
        return failure
    }

    package static func describe(_ query: AppStoreQuery) -> String {
        switch query.identifier {
        case .id(let id): "no app with id \(id)"
        case .bundleId(let bundleId): "no app with bundle id '\(bundleId)'"
        }
    }
}
