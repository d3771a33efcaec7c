/// The frames of `versioncheck-fetch --serve`, in which one helper answers many requests
/// over its standard streams (a batch of checks pays for one helper start, not one each).
///
/// A frame is one header line, `TAG ID LENGTH\n`, then `LENGTH` bytes:
/// - main binary → helper, tag `request`: the request's `arguments`, each followed by a NUL
///   byte (an argument never holds one);
/// - helper → main binary, tag `report`: the report (`FetchReport.encoded`) of request ID.
/// Reports come in the order the requests finish, not the order they were sent.
public enum ServedFrame {
    /// The helper's one argument that makes it serve frames (`versioncheck-fetch --serve`).
    public static let serveArgument = "--serve"
    public static let requestTag = "request"
    public static let reportTag = "report"
    /// The longest header line accepted (a tag and two decimal numbers).
    public static let maximumHeaderLength = 64
    /// The largest payload accepted: the largest body, and room for a report's header
    /// (whose server-supplied fields the helper bounds).
    public static let maximumPayload = FetchLimits.maximumBodySize + 1024 * 1024

    /// `TAG ID LENGTH\n`.
    public static func header(tag: String, id: Int, length: Int) -> [UInt8] {
        Array("\(tag) \(id) \(length)\n".utf8)
    }

    /// A header line (without its `\n`); nil unless it is `TAG ID LENGTH` with a known
    /// tag, a non-negative id and a length within `maximumPayload`.
    public static func parseHeader(_ line: some Collection<UInt8>) -> (tag: String, id: Int, length: Int)? {
        guard line.count <= maximumHeaderLength else { return nil }
        let words = String(decoding: line, as: UTF8.self).split(separator: " ", omittingEmptySubsequences: false)
        guard words.count == 3, [requestTag, reportTag].contains(String(words[0])),
              let id = Int(words[1]), id >= 0, let length = Int(words[2]), (0...maximumPayload).contains(length)
        else { return nil }
        return (String(words[0]), id, length)
    }

    /// A request frame's payload.
    public static func payload(of request: FetchRequest) -> [UInt8] {
        var bytes: [UInt8] = []
        for argument in request.arguments {
            bytes += argument.utf8
            bytes.append(0)
        }
        return bytes
    }

    /// The request in a payload; nil when it is not one `payload(of:)` writes.
    public static func request(from payload: [UInt8]) -> FetchRequest? {
        guard payload.last == 0 else { return nil }
        let arguments = payload.dropLast().split(separator: 0, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        return FetchRequest(arguments: arguments)
    }

    /// The report in a payload (`FetchReport.decode`); nil when it is not a whole report.
    public static func report(from payload: [UInt8]) -> FetchReport? {
        FetchReport.decode(payload)
    }

    /// Splits a stream into frames, fed as it is read (no I/O of its own).
    public struct Parser: Sendable {
        public enum Next: Sendable, Equatable {
            case frame(tag: String, id: Int, payload: [UInt8])
            /// Not a frame: the stream is garbage from here on.
            case malformed
        }

        private var pending: [UInt8] = []
        private var start = 0

        public init() {}

        /// Nothing is buffered: the stream may end here.
        public var isEmpty: Bool { pending.count == start }

        /// Bytes read from the stream.
        public mutating func append(_ bytes: some Collection<UInt8>) {
            if start > 0 {
                pending.removeFirst(start)
                start = 0
            }
            pending += bytes
        }

        /// The next whole frame, `.malformed`, or nil when more bytes are needed.
        public mutating func next() -> Next? {
            let window = pending[start...].prefix(ServedFrame.maximumHeaderLength + 1)
            guard let newline = window.firstIndex(of: 0x0A) else {
                return window.count > ServedFrame.maximumHeaderLength ? .malformed : nil
            }
            guard let (tag, id, length) = ServedFrame.parseHeader(pending[start..<newline]) else { return .malformed }
            let payloadStart = newline + 1
            guard pending.count - payloadStart >= length else { return nil }
            let payload = Array(pending[payloadStart..<(payloadStart + length)])
            start = payloadStart + length
            return .frame(tag: tag, id: id, payload: payload)
        }
    }
}
