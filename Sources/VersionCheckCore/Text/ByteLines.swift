/// Splitting bytes into lines: the one place it is done (`sort`'s stdin, both paths).
public enum ByteLines {
    /// Calls `body` with each line's number (from 1) and its byte range in `bytes`, split
    /// at `\n` (the `\n` not included; a last line without one counts; nothing after a
    /// final `\n`). Inlined, so the fast path of `sort` pays no call per line.
    @inlinable
    public static func forEach(in bytes: UnsafeBufferPointer<UInt8>, _ body: (_ number: Int, _ range: Range<Int>) -> Void) {
        let count = bytes.count
        var start = 0
        var number = 0
        while start < count {
            var end = start
            while end < count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
            number += 1
            body(number, start..<end)
            start = end + 1
        }
    }
}
