#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import VersionCheckCore

/// An open file descriptor, as swift-system's `FileDescriptor`: the number and the
/// operations the program does on it. Reads and writes retry after a signal
/// (`Errno.retryingInterrupts`) and fail with an `Errno`. A value, not an owner: closing
/// it is the caller's job (`close()`), as with the number it wraps.
package struct FileDescriptor: RawRepresentable, Hashable, Sendable {
    /// The descriptor's number.
    package let rawValue: Int32

    package init(rawValue: Int32) { self.rawValue = rawValue }

    /// Descriptor 0.
    package static var standardInput: FileDescriptor { FileDescriptor(rawValue: 0) }
    /// Descriptor 1.
    package static var standardOutput: FileDescriptor { FileDescriptor(rawValue: 1) }
    /// Descriptor 2.
    package static var standardError: FileDescriptor { FileDescriptor(rawValue: 2) }
}

extension FileDescriptor {
    /// `open(2)` of `path` with `flags` (and `mode`, for `O_CREAT`).
    package static func open(_ path: String, _ flags: Int32, mode: UInt32 = 0) -> Result<FileDescriptor, Errno> {
        Errno.retryingInterrupts(call: "open") { systemOpen(path, flags, mode_t(mode)) }.map(FileDescriptor.init(rawValue:))
    }

    /// One `read(2)` into `buffer`: how many bytes it read (0 at the end).
    package func read(into buffer: UnsafeMutableRawBufferPointer) -> Result<Int, Errno> {
        Errno.retryingInterrupts(call: "read") { systemRead(rawValue, buffer.baseAddress, buffer.count) }
    }

    /// Reads from `offset` until `buffer` is full or the file ends (`pread(2)`): the number
    /// of bytes read.
    package func read(filling buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Result<Int, Errno> {
        guard let base = buffer.baseAddress else { return .success(0) }
        var filled = 0
        while filled < buffer.count {
            let outcome = Errno.retryingInterrupts(call: "pread") {
                pread(rawValue, base + filled, buffer.count - filled, off_t(offset + filled))
            }
            switch outcome {
            case .success(0): return .success(filled)
            case .success(let count): filled += count
            case .failure(let error): return .failure(error)
            }
        }
        return .success(filled)
    }

    /// One `read(2)` of up to 64 KiB into a new array; empty at the end.
    package func readChunk() -> Result<[UInt8], Errno> {
        var failure: Errno?
        let chunk = [UInt8](unsafeUninitializedCapacity: 1 << 16) { buffer, count in
            switch read(into: UnsafeMutableRawBufferPointer(buffer)) {
            case .success(let read): count = read
            case .failure(let error):
                count = 0
                failure = error
            }
        }
        return failure.map { .failure($0) } ?? .success(chunk)
    }

    /// Reads to the end, 64 KiB at a time straight into the result's storage. `isEnough`
    /// sees the bytes so far after each read; true stops there.
    package func readAll(isEnough: ([UInt8]) -> Bool = { _ in false }) -> Result<[UInt8], Errno> {
        let chunk = 1 << 16
        var bytes: [UInt8] = []
        while true {
            let start = bytes.count
            bytes.append(contentsOf: repeatElement(0, count: chunk))
            let outcome = bytes.withUnsafeMutableBytes { buffer in
                read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[start...]))
            }
            switch outcome {
            case .success(let count):
                bytes.removeLast(chunk - count)
                if count == 0 || isEnough(bytes) { return .success(bytes) }
            case .failure(let error):
                return .failure(error)
            }
        }
    }

    /// Reads to the end, or stops after the read that completed a line (split at `\n`,
    /// handed over without it) for which `stop` says true.
    package func readAll(stoppingAfter stop: (UnsafeBufferPointer<UInt8>) -> Bool) -> Result<[UInt8], Errno> {
        var lineStart = 0
        var scanned = 0
        return readAll { bytes in
            bytes.withUnsafeBufferPointer { buffer in
                while let newline = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
                    let line = UnsafeBufferPointer(rebasing: buffer[lineStart..<newline])
                    lineStart = newline + 1
                    scanned = lineStart
                    if stop(line) { return true }
                }
                scanned = buffer.count
                return false
            }
        }
    }

    /// Writes every byte (`write(2)`, or `pwrite(2)` at `offset` when given), a partial
    /// write continued where it stopped.
    package func writeAll(_ bytes: UnsafeRawBufferPointer, at offset: Int? = nil) -> Result<Void, Errno> {
        guard var base = bytes.baseAddress else { return .success(()) }
        var remaining = bytes.count
        while remaining > 0 {
            let written: Result<Int, Errno>
            if let offset {
                let position = off_t(offset + bytes.count - remaining)
                written = Errno.retryingInterrupts(call: "pwrite") { pwrite(rawValue, base, remaining, position) }
            } else {
                written = Errno.retryingInterrupts(call: "write") { systemWrite(rawValue, base, remaining) }
            }
            switch written {
            case .success(let count):
                remaining -= count
                base += count
            case .failure(let error):
                return .failure(error)
            }
        }
        return .success(())
    }

    /// Reads until end of file (or an error), one byte at a time, then closes the
    /// descriptor: how a refresh waits for the launch that started it to exit.
    package func waitForEndOfFile() {
        var byte: UInt8 = 0
        while case .success(let count) = Errno.retryingInterrupts(call: "read", { systemRead(rawValue, &byte, 1) }), count > 0 {}
        close()
    }

    /// Waits until a read would not block (data, the end, or an error the read will
    /// report) or until `deadline` (`System.monotonicNow()`'s clock) passes: false when it
    /// passed first. Polls in slices of at most 60 s.
    package func waitUntilReadable(before deadline: MonotonicInstant) -> Bool {
        var entry = pollfd(fd: rawValue, events: Int16(POLLIN), revents: 0)
        while true {
            var left = 0.0
            // What is left is measured at each call, so a poll retried after a signal
            // still ends at the deadline.
            let ready = Errno.retryingInterrupts(call: "poll") { () -> Int32 in
                left = deadline.remaining(now: System.monotonicNow())
                return left > 0 ? poll(&entry, 1, Int32(min(left * 1000, 60_000).rounded(.up))) : 0
            }
            switch ready {
            case .success(0) where left > 0: continue  // a slice ended
            case .success(0): return false
            case .success, .failure: return true
            }
        }
    }

    /// `close(2)`, its result ignored (never retried: the descriptor is gone either way).
    package func close() {
        _ = systemClose(rawValue)
    }

    /// Whether the descriptor is a terminal (`isatty(3)`).
    package var isTerminal: Bool { isatty(rawValue) == 1 }
}

// `open(2)`, `read(2)`, `write(2)` and `close(2)` under names the methods above do not shadow.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { write(fd, buffer, count) }
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func systemClose(_ fd: Int32) -> Int32 { close(fd) }
