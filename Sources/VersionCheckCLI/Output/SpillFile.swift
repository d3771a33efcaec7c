import VersionCheckCommandLine
import VersionCheckCore
import VersionCheckPipeline
import VersionCheckPlatform
import VersionCheckSources

/// Where the output of `outdated` and `batch` waits its turn beyond `OrderedOutput`'s
/// memory limit: a private file in TMPDIR (mode 0600), removed from its folder as soon
/// as it is created, so nothing is left behind at exit, on a signal or when killed.
/// Rows are written at offsets reserved under `OrderedOutput`'s lock and read back in
/// chunks when their turn comes.
final class SpillFile: @unchecked Sendable {
    /// The open file (tests look at its mode and size).
    let fd: FileDescriptor
    /// The end of the reserved space; only under `OrderedOutput`'s lock.
    private var end = 0

    private init(fd: FileDescriptor) { self.fd = fd }

    deinit { fd.close() }

    /// A new file in `folder`; one that cannot be created is an output failure (74).
    static func create(in folder: String) -> Result<SpillFile, Failure> {
        switch FileDescriptor.createAnonymousFile(in: folder) {
        case .success(let fd):
            return .success(SpillFile(fd: fd))
        case .failure(let error):
            return .failure(Failure(
                .output, "cannot create a temporary file in \(Quote.single(folder)) for output waiting its turn: \(error.description)"))
        }
    }

    /// Reserves `size` bytes at the end; returns their offset.
    func reserve(_ size: Int) -> Int {
        defer { end += size }
        return end
    }

    /// Writes the row's stderr, then its stdout, at `offset`.
    func write(_ row: RenderedRow, at offset: Int) -> Result<Void, Failure> {
        for (bytes, start) in [(row.stderr, offset), (row.stdout, offset + row.stderr.count)] {
            let written = bytes.withUnsafeBytes { fd.writeAll($0, at: start) }
            if case .failure(let error) = written {
                return .failure(Failure(.output, "cannot write to the temporary file of output waiting its turn: \(error.description)"))
            }
        }
        return .success(())
    }

    /// Copies `count` bytes from `offset` to `sink`, 64 KiB at a time; nil, or why the
    /// file could not be read.
    func copy(from offset: Int, count: Int, to sink: OutputSink) -> Failure? {
        guard count > 0 else { return nil }
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: min(count, ChunkedWriter.chunkSize), alignment: 1)
        defer { chunk.deallocate() }
        var done = 0
        while done < count {
            let wanted = UnsafeMutableRawBufferPointer(rebasing: chunk[..<min(chunk.count, count - done)])
            switch fd.read(filling: wanted, at: offset + done) {
            case .success(let read) where read == wanted.count:
                sink.write(bytes: UnsafeRawBufferPointer(wanted))
                done += read
            case .success:
                return Failure(.output, "the temporary file of output waiting its turn ended early")
            case .failure(let error):
                return Failure(.output, "cannot read the temporary file of output waiting its turn: \(error.description)")
            }
        }
        return nil
    }
}
