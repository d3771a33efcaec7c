import VersionCheckCommandLine
import VersionCheckCore
import VersionCheckPipeline
import VersionCheckPlatform
import VersionCheckSources

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
    /// The buffer and how much of it holds output: kept in the struct (the writer is
    /// used `inout`), so a piece costs a bounds check and a copy, no access to a class's
    /// stored property (each of which is checked for exclusive access at run time).
    private let buffer: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private var used = 0
    /// Frees the buffer with the last copy of the writer.
    private let owner: BufferOwner

    /// A writer to `sink` that writes out every `chunkSize` bytes or so.
    public init(_ sink: OutputSink, chunkSize: Int = ChunkedWriter.chunkSize) {
        self.sink = sink
        capacity = max(chunkSize, 1)
        buffer = .allocate(capacity: capacity)
        owner = BufferOwner(buffer)
    }

    /// Appends `text` as UTF-8.
    public mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { write(bytes: $0) }
    }

    /// Appends `value` as JSON text (`JSONValue.write(_:)`), piece by piece: no rendering
    /// of the whole value first; a string is escaped straight into the buffer, one larger
    /// than the buffer (an 8 MiB version) in pieces (`write(jsonString:)`).
    public mutating func write(json value: JSONValue) {
        guard case .string(let string) = value else {
            value.write { write(bytes: $0) }
            return
        }
        write(jsonString: string)
    }

    /// Appends `string` as a JSON string literal (`JSONString`'s rule), escaped straight
    /// into the buffer when its longest escaped form fits there (after a flush if need
    /// be); a longer one in pieces (`JSONValue.writeString`).
    public mutating func write(jsonString string: String) {
        var string = string
        string.withUTF8 { utf8 in
            let room = JSONString.maximumGrowth * utf8.count + 2
            if room > capacity - used && room <= capacity { flush() }
            guard room <= capacity - used else {
                JSONValue.writeString(utf8: utf8) { write(bytes: $0) }
                return
            }
            buffer[used] = UInt8(ascii: "\"")
            used += 1
            used += JSONString.escape(utf8, into: buffer + used)
            buffer[used] = UInt8(ascii: "\"")
            used += 1
        }
    }

    /// Appends a literal's bytes.
    @inline(__always)
    public mutating func write(literal: StaticString) {
        write(bytes: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Appends raw bytes (a piece of the input, copied once). Inlined where it is called:
    /// a JSON release is some thirty pieces, most of a few bytes.
    @inline(__always)
    public mutating func write(bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, used + bytes.count < capacity else {
            writeFillingTheBuffer(bytes)
            return
        }
        (buffer + used).update(from: base, count: bytes.count)
        used += bytes.count
    }

    /// `write(bytes:)` of a piece that fills the buffer or is larger than it.
    private mutating func writeFillingTheBuffer(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        if used + bytes.count > capacity { flush() }
        if bytes.count > capacity {
            sink.write(bytes: UnsafeRawBufferPointer(bytes))
            return
        }
        (buffer + used).update(from: base, count: bytes.count)
        used += bytes.count
        if used == capacity { flush() }
    }

    /// Appends one byte (a line break).
    public mutating func write(byte: UInt8) {
        if used == capacity { flush() }
        buffer[used] = byte
        used += 1
    }

    /// Writes out whatever is buffered.
    public mutating func flush() {
        guard used > 0 else { return }
        sink.write(bytes: UnsafeRawBufferPointer(start: buffer, count: used))
        used = 0
    }

    /// Owns the buffer: freed with the writer.
    private final class BufferOwner {
        let buffer: UnsafeMutablePointer<UInt8>
        init(_ buffer: UnsafeMutablePointer<UInt8>) { self.buffer = buffer }
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
