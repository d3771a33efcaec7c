import VersionCheckCore

/// Appcast items as compact bytes: what the cache keeps beside an appcast's body, so a
/// cached check reads its items without reading the XML again (`outdated` over a Mac's
/// Sparkle apps is hundreds of cache hits). The items are as `AppcastReader` read them,
/// before any selection: a run decides afresh with its own options.
///
/// Each item, in `AppcastItem`'s order: `index` as a varint; one byte of flags
/// (`isDelta`, `hasEnclosure`); `notesFormat` as its position in `NotesFormat.allCases`;
/// fifteen optional strings (absent: 0; else varint length + 1, then UTF-8); `published`
/// and `phasedRolloutInterval` as optional 8-byte little-endian integers; the critical
/// and informational markers as a tag byte and their strings. Reading checks every length
/// against what is left and every string's UTF-8: damaged bytes read as nil, never as
/// other items and never as a crash (the cache also checksums the file).
public enum AppcastItemCoding {
    /// The version of this layout; kept items of another are not read.
    public static let formatVersion = 1

    /// The most bytes of items worth keeping: a feed's realistic history is far smaller;
    /// a larger one (a hostile 8 MiB feed) is read from its body each time.
    public static let maximumSize = 1 << 20

    /// Appends `item`'s bytes to `bytes`.
    public static func append(_ item: AppcastItem, to bytes: inout [UInt8]) {
        var writer = Writer(bytes: bytes)
        bytes = []
        writer.varint(UInt64(item.index))
        writer.byte((item.isDelta ? 1 : 0) | (item.hasEnclosure ? 2 : 0))
        writer.byte(UInt8(NotesFormat.allCases.firstIndex(of: item.notesFormat) ?? 0))
        for text in strings(of: item) { writer.string(text) }
        writer.integer(item.published)
        writer.integer(item.phasedRolloutInterval)
        switch item.critical {
        case .none: writer.byte(0)
        case .always: writer.byte(1)
        case .below(let version):
            writer.byte(2)
            writer.string(version)
        }
        switch item.informational {
        case .none: writer.byte(0)
        case .everyone: writer.byte(1)
        case .forVersions(let below, let exact):
            writer.byte(2)
            for list in [below, exact] {
                writer.varint(UInt64(list.count))
                for version in list { writer.string(version) }
            }
        }
        bytes = writer.bytes
    }

    /// The items `bytes` hold, in order; nil when they are not exactly a sequence of items
    /// as `append` writes them.
    public static func items(_ bytes: [UInt8]) -> [AppcastItem]? {
        var reader = Reader(bytes: bytes)
        var items: [AppcastItem] = []
        while !reader.isAtEnd {
            guard let item = reader.item() else { return nil }
            items.append(item)
        }
        return items
    }

    /// The optional strings of an item, in the order they are written.
    private static func strings(of item: AppcastItem) -> [String?] {
        [
            item.version, item.shortVersion, item.notes, item.notesUrl, item.pubDate, item.url, item.link,
            item.channelLink, item.title, item.fullNotesUrl, item.minimumAutoupdateVersion,
            item.minimumSystemVersion, item.maximumSystemVersion, item.channel, item.os,
        ]
    }

    private struct Writer {
        var bytes: [UInt8]

        mutating func byte(_ value: UInt8) { bytes.append(value) }

        mutating func varint(_ value: UInt64) {
            var rest = value
            while rest >= 0x80 {
                bytes.append(UInt8(rest & 0x7F) | 0x80)
                rest >>= 7
            }
            bytes.append(UInt8(rest))
        }

        mutating func string(_ text: String?) {
            guard let text else { return byte(0) }
            varint(UInt64(text.utf8.count) + 1)
            bytes.append(contentsOf: text.utf8)
        }

        mutating func integer(_ value: Int64?) {
            guard let value else { return byte(0) }
            byte(1)
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var position = 0

        var isAtEnd: Bool { position == bytes.count }

        mutating func item() -> AppcastItem? {
            guard let index = varint(), index <= UInt64(Int.max), let flags = byte(), flags < 4,
                  let format = byte(), Int(format) < NotesFormat.allCases.count
            else { return nil }
            // The fifteen strings in `strings(of:)`'s order, read straight into the item.
            var item = AppcastItem(index: Int(index), notesFormat: NotesFormat.allCases[Int(format)], hasEnclosure: flags & 2 != 0)
            item.isDelta = flags & 1 != 0
            guard let version = optionalString(), let shortVersion = optionalString(), let notes = optionalString(),
                  let notesUrl = optionalString(), let pubDate = optionalString(), let url = optionalString(),
                  let link = optionalString(), let channelLink = optionalString(), let title = optionalString(),
                  let fullNotesUrl = optionalString(), let minimumAutoupdateVersion = optionalString(),
                  let minimumSystemVersion = optionalString(), let maximumSystemVersion = optionalString(),
                  let channel = optionalString(), let os = optionalString(),
                  let published = integer(), let interval = integer(),
                  let critical = critical(), let informational = informational()
            else { return nil }
            item.version = version
            item.shortVersion = shortVersion
            item.notes = notes
            item.notesUrl = notesUrl
            item.pubDate = pubDate
            item.url = url
            item.link = link
            item.channelLink = channelLink
            item.title = title
            item.fullNotesUrl = fullNotesUrl
            item.minimumAutoupdateVersion = minimumAutoupdateVersion
            item.minimumSystemVersion = minimumSystemVersion
            item.maximumSystemVersion = maximumSystemVersion
            item.channel = channel
            item.os = os
            item.published = published
            item.phasedRolloutInterval = interval
            item.critical = critical
            item.informational = informational
            return item
        }

        mutating func byte() -> UInt8? {
            guard position < bytes.count else { return nil }
            defer { position += 1 }
            return bytes[position]
        }

        mutating func varint() -> UInt64? {
            var value: UInt64 = 0
            for shift in stride(from: 0, to: 64, by: 7) {
                guard let next = byte() else { return nil }
                value |= UInt64(next & 0x7F) << UInt64(shift)
                if next < 0x80 { return value }
            }
            return nil
        }

        /// `.some(nil)` for an absent string, nil for bytes that are not one.
        mutating func optionalString() -> String?? {
            guard let tag = varint() else { return nil }
            guard tag > 0 else { return .some(nil) }
            let length = tag - 1
            guard length <= UInt64(bytes.count - position) else { return nil }
            let end = position + Int(length)
            defer { position = end }
            return bytes.withUnsafeBufferPointer { buffer in
                // Decoding repairs invalid UTF-8; a repaired string is not these bytes, so it
                // is refused (a tenth of the cost of `String(validating:as:)`'s generic path).
                let text = UnsafeBufferPointer(rebasing: buffer[position..<end])
                let string = String(decoding: text, as: UTF8.self)
                let exact = string.utf8.withContiguousStorageIfAvailable { ByteText.equal($0, text) } ?? string.utf8.elementsEqual(text)
                return exact ? .some(string) : nil
            }
        }

        mutating func string() -> String? {
            guard let text = optionalString(), let text else { return nil }
            return text
        }

        /// `.some(nil)` for an absent integer, nil for bytes that are not one.
        mutating func integer() -> Int64?? {
            guard let tag = byte(), tag < 2 else { return nil }
            guard tag == 1 else { return .some(nil) }
            guard bytes.count - position >= 8 else { return nil }
            var value: UInt64 = 0
            for offset in 0..<8 { value |= UInt64(bytes[position + offset]) << UInt64(8 * offset) }
            position += 8
            return .some(Int64(bitPattern: value))
        }

        mutating func critical() -> CriticalMarker? {
            switch byte() {
            case 0: CriticalMarker.none
            case 1: .always
            case 2: string().map { .below($0) }
            default: nil
            }
        }

        mutating func informational() -> InformationalMarker? {
            switch byte() {
            case 0: InformationalMarker.none
            case 1: .everyone
            case 2:
                if let below = list(), let exact = list() { .forVersions(below: below, exact: exact) } else { nil }
            default: nil
            }
        }

        private mutating func list() -> [String]? {
            guard let count = varint(), count <= UInt64(bytes.count - position) else { return nil }
            var list: [String] = []
            for _ in 0..<count {
                guard let text = string() else { return nil }
                list.append(text)
            }
            return list
        }
    }
}
