// Fuzz target: the Sparkle appcast reader and selection, then the whole check and its
// output. Input: byte 0 picks the policy and the current version (as for fuzz-manifest);
// byte 1 the appcast options (bits 0-1 the channels, bit 2 `--appcast-version display`,
// bit 3 a rollout group, bits 4-6 which, bit 7 an explicit `--force-on`); the rest is the feed.
// The feed is read as if from `feedURL`, so that relative links are resolved.
//
// Invariants, beyond "no crash": reading and decoding are deterministic, a feed the
// reader accepts is one `SourceFormats` recognises as an appcast, and the format decodes
// it as reader + selection do; every offered version round-trips through
// `Version(sparkle:)`; a second reading (Support/Appcast/AppcastReference.swift) agrees:
// a feed it refuses (a `file:` enclosure included) is refused, otherwise the offered
// versions are its versions (deltas and other systems left out; a subsequence of them
// with phased rollout or `--os-version`, which it does not model), the chosen (highest,
// first of equals) version is the same, and each installable item's URL is the one it
// resolves (`xml:base`, the feed's URL); a second Sparkle comparator
// (Support/Appcast/SparkleOrderReference.swift) orders every pair of offered versions
// and `current` as `Version(sparkle:)` does; the whole check fails
// only as bad-response (76) with a message ending in the reader's reason, never 0, 100
// or 101, and a feed the reader accepts fails only with `--os-version` (an unreadable
// `minimumSystemVersion`; never for a date, whatever `--min-age` says), and without
// `--min-age` and `--os-version` its latest is the chosen version (of the items newer
// than current that are not major upgrades, when there are any: SPEC.md).
//
// Dates (SPEC.md, the `date` row): a short input is also read whole as a `pubDate`, by
// `PubDate` and by a second reading written from the SPEC (Support/Appcast/
// DateReference.swift), which must agree; in a feed, a date read is kept as the ISO 8601
// text it reads back from, a date not read is one the second reading refuses too, and
// every release's date is ISO 8601 or null.
import VersionCheckCLI
import VersionCheckCommandLine
import VersionCheckPipeline
import VersionCheckCore
import VersionCheckSources

private let channelSets: [[String]] = [[], ["beta"], ["beta", "nightly"], ["nightly"]]
private let feedURL = "https://appcast.invalid/feed/appcast.xml"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAppcast(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 1 else { return 0 }
    let selector = data[0], choice = data[1]
    let body = Array(UnsafeBufferPointer(start: data + 2, count: size - 2))
    let channels = channelSets[Int(choice & 3)]
    let display = choice & 4 != 0
    let rolloutGroup: Int? = choice & 8 != 0 ? Int((choice >> 4) & 7) % 7 : nil
    // As checkPipeline's policy: bit 7 of the selector is `--os-version 15.0`.
    let osVersion: Version? = selector & 0x80 != 0 ? try! Version("15.0") : nil
    let current = try! Version(sparkle: pipelineCurrent(selector).description)
    let options = AppcastOptions(
        channels: channels, rolloutGroup: rolloutGroup, versionField: display ? .display : .build, osVersion: osVersion,
        now: 1_800_000_000)

    // A short input read whole as a pubDate: the same instant as the second reading, or none.
    if body.count <= 64 {
        let text = String(decoding: body, as: UTF8.self)
        let ours = PubDate.secondsSinceEpoch(text), theirs = DateReference.seconds(text)
        require(ours == theirs, "pubDate \(shown(text)): \(ours.map(String.init) ?? "none"), the reference reads \(theirs.map(String.init) ?? "none")")
    }

    // The reader and the selection, twice.
    let read = readAppcast(body, base: feedURL)
    require(readAppcast(body, base: feedURL) == read, "reading is not deterministic")
    let offer = read.flatMap { appcast in offerReleases(appcast, current: current, options: options) }
    if case .success = read {
        require(AppcastReader.sniff(body), "the reader accepts a feed that is not sniffed as an appcast")
    }
    if case .success(let appcast) = read {
        for item in appcast.items {
            if let published = item.published {
                require(item.pubDate == ISO8601.text(secondsSinceEpoch: published)
                        && PubDate.secondsSinceEpoch(item.pubDate!) == published,
                        "pubDate read as \(published) is kept as \(item.pubDate.map(shown) ?? "nil")")
            } else if let text = item.pubDate {
                require(DateReference.seconds(text) == nil, "pubDate \(shown(text)) is not read, the reference reads it")
            }
        }
    }
    if case .success(let releases) = offer {
        for release in releases {
            require(release.date.map { ISO8601.secondsSinceEpoch($0) != nil } ?? true,
                    "release date \(release.date.map(shown) ?? "") is not ISO 8601")
            // A display version is read as one (a leading `v` before a digit left out).
            let again = display && release.displayVersion != nil
                ? try? Version(sparkleDisplay: release.version.description) : try? Version(sparkle: release.version.description)
            require(again == release.version && again?.description == release.version.description,
                    "release version \(shown(release.version.description)) does not round-trip")
        }
        // Sparkle's order, asked of a second comparator: the offered versions and current,
        // pairwise, each as the text it is compared as (a display version less its `v`).
        let versions = (releases.map { release in
            (release.version, display && release.displayVersion != nil
                ? ReferenceAppcast.withoutDisplayPrefix(release.version.description) : release.version.description)
        } + [(current, current.description)]).prefix(24)
        for (a, aText) in versions {
            for (b, bText) in versions {
                let expected = SparkleOrderReference.compare(aText, bText)
                require(a.compare(to: b) == expected,
                        "\(shown(a.description)) against \(shown(b.description)): \(a.compare(to: b)), Sparkle's order says \(expected)")
            }
        }
    }

    // The registered format: the same answer as reader + selection, deterministic.
    let context = SourceContext(current: current, appcast: options, base: feedURL)
    let decoded = decodeManifest(body, context: context)
    require(decodeManifest(body, context: context) == decoded, "decoding is not deterministic")
    if AppcastReader.sniff(body) {
        switch (offer, decoded) {
        case (.success(let releases), .success(let document)):
            // The format keeps held-back releases (marked) for the decision; the offer leaves them out.
            require(document.releases.filter { $0.heldBack == nil } == releases && document.minimumVersion == nil,
                    "the format and the reader disagree")
        case (.failure(let error), .failure(let bodyError)):
            require(bodyError.description == error.description,
                    "the format's message is not the reader's: \(shown(bodyError.description)) against \(shown(error.description))")
        default:
            require(false, "the format and the reader disagree on success")
        }
    }

    // The items kept beside a cached feed: they read back as read, decode as the body
    // does, and the input read as kept items (damaged ones) is nil or re-encodes to itself.
    if case .success(let appcast) = read {
        var kept: [UInt8] = []
        for item in appcast.items { AppcastItemCoding.append(item, to: &kept) }
        require(AppcastItemCoding.items(kept) == appcast.items, "kept items do not read back as read")
        var recorded: [UInt8]? = []
        let recording = Result { () throws(BodyError) in try AppcastFormat.decode(body, context: context, recording: &recorded) }
        require(recording == decoded, "decoding while recording the items differs")
        if case .success = recording, kept.count <= AppcastItemCoding.maximumSize {
            require(recorded == kept, "the recorded items are not the items read")
        }
        let fromItems = Result { () throws(BodyError) in try AppcastFormat.decode(items: appcast.items, context: context) }
        require(fromItems == decoded, "the kept items decode otherwise than the body")
    }
    if let items = AppcastItemCoding.items(body) {
        var again: [UInt8] = []
        for item in items { AppcastItemCoding.append(item, to: &again) }
        require(AppcastItemCoding.items(again) == items, "items read from bytes do not round-trip")
    }

    // The second reading.
    let exact = rolloutGroup == nil && osVersion == nil
    switch ReferenceAppcast.read(body, display: display, channels: channels, base: feedURL) {
    case .refused(let why):
        require(offer.isFailure, "the reference refuses (\(why)) a feed the reader accepts")
    case .offered(let texts, let urls, let compared):
        let expected = compared.map { try! Version(sparkle: $0) }
        switch offer {
        case .failure(let error):
            require(isSecondary(error, osVersion: osVersion), "the reader refuses a feed the reference accepts: \(error)")
        case .success(let releases):
            let ours = releases.map(\.version.description)
            let theirs = texts.map { try! Version(sparkle: $0).description }
            if exact {
                require(ours == theirs, "offered \(ours), the reference offers \(theirs)")
                for (release, url) in zip(releases, urls) where !release.informational {
                    require(release.url == url, "release \(shown(release.version.description)) url \(release.url.map(shown) ?? "nil"), the reference resolves \(url.map(shown) ?? "nil")")
                }
                require(chosenIndex(releases.map(\.version)) == chosenIndex(expected), "chosen versions differ")
            } else {
                require(isSubsequence(ours, of: theirs), "offered \(ours), not among the reference's \(theirs)")
            }
        }
    }

    // The whole check.
    let request = AppcastRequest(
        channels: channels, rolloutGroup: rolloutGroup, compared: display ? .display : .build, forceOnGiven: choice & 0x80 != 0)
    let outcome = checkPipeline(
        source: try! .manifest(location: "https://appcast.invalid/appcast.xml"), body: body, selector: selector, appcast: request)
    if case .failure(let failure) = outcome {
        require(![ExitStatus.success, .optionalUpdate, .forcedUpdate].contains(failure.exitStatus), "a failure exits \(failure.exitStatus.rawValue)")
    }
    guard AppcastReader.sniff(body) else { return 0 }
    switch (offer, outcome) {
    case (.failure(let error), .failure(let failure)):
        require(failure.exitStatus == .badResponse && failure.message.hasSuffix(error.description),
                "a feed the reader refuses fails with \(failure.exitStatus.rawValue): \(shown(failure.message))")
    case (.failure(let error), .success):
        require(false, "the check succeeds on a feed the reader refuses: \(error)")
    case (.success(let releases), .success(let report)):
        if selector & 0xC0 == 0 {
            // SPEC.md "Major upgrades": when an offered item that is not a major upgrade is
            // newer than current, the latest is the highest of those; else the highest offered.
            // Of two items of equal precedence the first in the file wins, before that rule
            // (SPEC.md "Sparkle appcasts"): a major upgrade listed first hides a later item
            // of the same version that is not one.
            let firsts = firstOfEachPrecedence(releases)
            let installable = firsts.filter { $0.version > current && !$0.majorUpgrade }
            let expected = chosen((installable.isEmpty ? firsts : installable).map(\.version))
            require(report.decision.latest?.version.description == expected?.description,
                    "the check's latest \(report.decision.latest.map { shown($0.version.description) } ?? "none") is not the chosen version \(expected.map { shown($0.description) } ?? "none")")
        }
    case (.success, .failure(let failure)):
        // Only a filter the decision applies reads more of the feed: --os-version (a pubDate
        // that is no date leaves its item undated, so --min-age never fails a feed).
        require(selector & 0x80 != 0 && failure.exitStatus == .badResponse,
                "the check fails on a feed the reader accepts: \(shown(failure.message))")
    }
    return 0
}

/// `releases` without any that a release before it equals in precedence.
private func firstOfEachPrecedence(_ releases: [Release]) -> [Release] {
    var kept: [Release] = []
    for release in releases where !kept.contains(where: { $0.version == release.version }) {
        kept.append(release)
    }
    return kept
}

private func readAppcast(_ body: [UInt8], base: String) -> Result<Appcast, AppcastError> {
    do {
        return .success(try AppcastReader.read(body, base: base))
    } catch {
        return .failure(error)
    }
}

private func offerReleases(_ appcast: Appcast, current: Version, options: AppcastOptions) -> Result<[Release], AppcastError> {
    do {
        return .success(try AppcastSelection.offer(appcast, current: current, options: options).releases)
    } catch {
        return .failure(error)
    }
}

private func decodeManifest(_ body: [UInt8], context: SourceContext) -> Result<SourceDocument, BodyError> {
    do {
        return .success(try SourceFormats.decodeManifest(body, context: context))
    } catch {
        return .failure(error)
    }
}

/// A refusal the reference does not model: a version of `criticalUpdate` or
/// `informationalUpdate`, or (with `--os-version`) a `maximumSystemVersion`.
private func isSecondary(_ error: AppcastError, osVersion: Version?) -> Bool {
    switch error {
    case .invalidVersion(_, let element, _): element != "sparkle:version" && element != "sparkle:shortVersionString"
    case .invalidSystemVersion: osVersion != nil
    default: false
    }
}

/// Where the highest version is, the first of equals.
private func chosenIndex(_ versions: [Version]) -> Int? {
    var best: Int?
    for (index, version) in versions.enumerated() where best.map({ version > versions[$0] }) ?? true { best = index }
    return best
}

/// The highest version, the first of equals.
private func chosen(_ versions: [Version]) -> Version? {
    var best: Version?
    for version in versions where best.map({ version > $0 }) ?? true { best = version }
    return best
}

private func isSubsequence(_ part: [String], of whole: [String]) -> Bool {
    var rest = whole[...]
    for element in part {
        guard let found = rest.firstIndex(of: element) else { return false }
        rest = rest[(found + 1)...]
    }
    return true
}

extension Result {
    var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }
}
