/// Collects small pieces of output and hands them to a sink in chunks of about
/// `chunkSize` bytes, so that a long listing (an update check can list 400,000
/// releases) takes neither one `write(2)` per line nor one string as large as the
/// whole output. Call `flush()` when done: what is still buffered is not written
/// on its own.
public struct ChunkedWriter: TextOutputStream {
    /// About one pipe buffer's worth: few system calls, little memory.
    public static let chunkSize = 64 * 1024

    private let sink: OutputSink
    private var buffer: [UInt8] = []

    public init(_ sink: OutputSink) {
        self.sink = sink
        buffer.reserveCapacity(Self.chunkSize + 4096)
    }

    /// Appends `text` as UTF-8, writing the buffer out once it holds a chunk.
    public mutating func write(_ text: String) {
        buffer += text.utf8
        flushIfFull()
    }

    /// Appends `value` as JSON text (`JSONValue.write(to:)`).
    public mutating func write(json value: JSONValue) {
        value.write(to: &buffer)
        flushIfFull()
    }

    /// Writes out whatever is buffered.
    public mutating func flush() {
        guard !buffer.isEmpty else { return }
        sink.write(bytes: buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    private mutating func flushIfFull() {
        if buffer.count >= Self.chunkSize { flush() }
    }
}

extension Output {
    /// Runs `body` with a `ChunkedWriter` on stdout and flushes it; does nothing with `-q`.
    public func writeChunked(_ body: (inout ChunkedWriter) -> Void) {
        guard !quiet else { return }
        var writer = ChunkedWriter(stdout)
        body(&writer)
        writer.flush()
    }
}
