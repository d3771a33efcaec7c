import VersionCheckCommandLine
import VersionCheckCore
import VersionCheckPlatform
import VersionCheckSources

/// The two small hashes of the cache, both built on FNV-1a's 64-bit constants.
///
/// - `fileName(for:)`: classic byte-wise FNV-1a 64 of the request URL, as 16 hex digits.
///   Two URLs with the same hash share a file; the URL stored in the entry tells them apart.
/// - `checksum(_:seed:)`: a checksum of an entry's bytes that catches accidental damage
///   (a torn or truncated file, a flipped bit), not an attacker (the directory is the
///   user's own, mode 0700). It reads 8 bytes per step, so an 8 MiB body costs about a
///   million multiplications: each step is FNV-1a on a little-endian 64-bit word followed
///   by a xor-shift (`h ^= h >> 32`) that carries high bits back down; a tail shorter
///   than a word is hashed byte-wise.
package enum CacheChecksum {
    package static let offsetBasis = ByteText.fnvOffsetBasis
    package static let prime = ByteText.fnvPrime

    /// FNV-1a 64 of `bytes`, byte by byte (`ByteText.fnv1a`).
    package static func fnv1a(_ bytes: some Sequence<UInt8>, seed: UInt64 = offsetBasis) -> UInt64 {
        ByteText.fnv1a(bytes, seed: seed)
    }

    /// The entry checksum of `buffer`, continuing from `seed` (to chain header and body).
    package static func checksum(_ buffer: UnsafeRawBufferPointer, seed: UInt64 = offsetBasis) -> UInt64 {
        var hash = seed
        let wordCount = buffer.count / 8
        var offset = 0
        for _ in 0..<wordCount {
            let word = UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            hash = (hash ^ word) &* prime
            hash ^= hash >> 32
            offset += 8
        }
        return fnv1a(UnsafeRawBufferPointer(rebasing: buffer[offset...]), seed: hash)
    }

    /// The checksum of `bytes`, continuing from `seed`.
    package static func checksum(_ bytes: [UInt8], seed: UInt64 = offsetBasis) -> UInt64 {
        bytes.withUnsafeBytes { checksum($0, seed: seed) }
    }

    /// `value` as 16 lower-case hex digits.
    package static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The cache file's name for `url`: `<16 hex digits>.entry`.
    package static func fileName(for url: String) -> String {
        stem(for: url) + ".entry"
    }

    /// The name of the appcast items kept beside `url`'s entry: `<16 hex digits>.items`.
    package static func itemsFileName(for url: String) -> String {
        stem(for: url) + ".items"
    }

    /// The 16 hex digits that name `url`'s files.
    private static func stem(for url: String) -> String {
        hex(fnv1a(url.utf8))
    }
}
