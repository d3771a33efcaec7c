/// Collects small pieces of output and hands them to a sink in chunks of about
/// `chunkSize` bytes, so that a long listing (an update check can list 400,000
/// releases, `sort` a million lines) takes neither one `write(2)` per line nor one
/// string as large as the whole output. The one chunked writer of the program.
///
/// Pieces are copied into one fixed buffer (a plain copy, no growth checks: a line of
/// `sort` costs a few nanoseconds); a piece larger than the buffer goes straight to the
/// sink. `Output.writeChunked` flushes at the end; used directly, call `flush()`.
public struct ChunkedWriter: TextOutputStream {
    /// About one pipe buffer's worth: few system calls, little memory.
    public static let chunkSize = 64 * 1024

    private let sink: OutputSink
    private let storage: Storage

    /// A writer to `sink` that writes out every `chunkSize` bytes or so.
    public init(_ sink: OutputSink, chunkSize: Int = ChunkedWriter.chunkSize) {
        self.sink = sink
        storage = Storage(capacity: max(chunkSize, 1))
    }

    /// Appends `text` as UTF-8.
    public mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { write(bytes: $0) }
    }

    /// Appends `value` as JSON text (`JSONValue.write(_:)`), piece by piece: no rendering
    /// of the whole value first, and a string larger than the buffer (an 8 MiB version)
    /// goes from its own storage straight to the sink.
    public mutating func write(json value: JSONValue) {
        value.write { write(bytes: $0) }
    }

    /// Appends raw bytes (a piece of the input, copied once).
    public mutating func write(bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        if storage.used + bytes.count > storage.capacity { flush() }
        if bytes.count > storage.capacity {
            sink.write(bytes: UnsafeRawBufferPointer(bytes))
            return
        }
        (storage.buffer + storage.used).update(from: base, count: bytes.count)
        storage.used += bytes.count
        if storage.used == storage.capacity { flush() }
    }

    /// Appends one byte (a line break).
    public mutating func write(byte: UInt8) {
        if storage.used == storage.capacity { flush() }
        storage.buffer[storage.used] = byte
        storage.used += 1
    }

    /// Writes out whatever is buffered.
    public mutating func flush() {
        guard storage.used > 0 else { return }
        sink.write(bytes: UnsafeRawBufferPointer(start: storage.buffer, count: storage.used))
        storage.used = 0
    }

    /// The buffer, freed with the writer.
    private final class Storage {
        let buffer: UnsafeMutablePointer<UInt8>
        let capacity: Int
        var used = 0

        init(capacity: Int) {
            self.capacity = capacity
            buffer = .allocate(capacity: capacity)
        }

        deinit { buffer.deallocate() }
    }
}

extension Output {
    /// Runs `body` with a `ChunkedWriter` on stdout and flushes it; does nothing with `-q`.
    public func writeChunked(chunkSize: Int = ChunkedWriter.chunkSize, _ body: (inout ChunkedWriter) -> Void) {
        guard !quiet else { return }
        var writer = ChunkedWriter(stdout, chunkSize: chunkSize)
        body(&writer)
        writer.flush()
    }
}
