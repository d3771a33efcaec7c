import Testing
import VersionCheckCore

/// The frames of `versioncheck-fetch --serve`: whole frames found however the stream is
/// cut, and anything that is not a frame refused rather than waited on or buffered.
@Suite("ServedFrame: the served helper's framing")
struct ServedFrameTests {
    static let report = FetchReport.response(FetchedResponse(
        status: 200, url: "http://127.0.0.1:8/m.json", entityTag: "\"abc\"", lastModified: nil, body: Array("{\"a\": 1}\n\n".utf8)))

    static func frame(_ tag: String, _ id: Int, _ payload: [UInt8]) -> [UInt8] {
        ServedFrame.header(tag: tag, id: id, length: payload.count) + payload
    }

    @Test func framesAreFoundWhereverTheStreamIsCut() throws {
        let request = FetchRequest(url: "http://127.0.0.1:8/x y", timeout: 5, retries: 2, userAgent: "ua\tb")
        let stream = Self.frame(ServedFrame.reportTag, 7, Self.report.encoded)
            + Self.frame(ServedFrame.requestTag, 8, ServedFrame.payload(of: request))
        for cut in [1, 2, 5, 13, stream.count] {
            var parser = ServedFrame.Parser()
            var frames: [ServedFrame.Parser.Next] = []
            var offset = 0
            while offset < stream.count {
                parser.append(stream[offset..<min(offset + cut, stream.count)])
                offset += cut
                while let next = parser.next() { frames.append(next) }
            }
            #expect(parser.isEmpty)
            #expect(frames.count == 2, "cut \(cut)")
            guard frames.count == 2 else { continue }
            #expect(frames[0] == .frame(tag: ServedFrame.reportTag, id: 7, payload: Self.report.encoded))
            if case .frame(_, let id, let payload) = frames[1] {
                #expect(id == 8)
                #expect(ServedFrame.request(from: payload) == request)
            }
        }
        #expect(ServedFrame.report(from: Self.report.encoded) == Self.report)
        let failure = FetchReport.failure(Failure(.timeout, "slow"))
        #expect(ServedFrame.report(from: failure.encoded) == failure)
    }

    @Test func aTruncatedFrameWaitsAndIsNeverAFrame() {
        let whole = Self.frame(ServedFrame.reportTag, 1, Self.report.encoded)
        for length in [0, 3, 12, whole.count - 1] {
            var parser = ServedFrame.Parser()
            parser.append(whole.prefix(length))
            #expect(parser.next() == nil, "\(length) bytes")
            #expect(parser.isEmpty == (length == 0))
        }
        // A payload cut short or padded is not a report.
        #expect(ServedFrame.report(from: Array(Self.report.encoded.dropLast())) == nil)
        #expect(ServedFrame.report(from: Self.report.encoded + [0x41]) == nil)
        #expect(ServedFrame.report(from: Array(FetchReport.failure(Failure(.timeout, "x")).encoded) + [0x41]) == nil)
        #expect(ServedFrame.request(from: Array("--timeout".utf8)) == nil)
    }

    @Test(arguments: [
        "report 1 99999999999999999999\n", "report 1 \(ServedFrame.maximumPayload + 1)\n", "report -1 3\nabc",
        "reply 1 3\nabc", "report 1\n", "report 1 3 4\nabc", "report  1 3\nabc", "\n", "report 1 0x3\nabc",
        String(repeating: "r", count: ServedFrame.maximumHeaderLength + 1),
    ])
    func garbageAndOversizedHeadersAreMalformed(text: String) {
        var parser = ServedFrame.Parser()
        parser.append(Array(text.utf8))
        #expect(parser.next() == .malformed, "\(text.prefix(40))")
    }

    @Test func aLongHeaderIsRefusedBeforeItsEnd() {
        // Bytes with no newline are refused once they pass the longest header, not buffered on.
        var parser = ServedFrame.Parser()
        parser.append([UInt8](repeating: 0x31, count: ServedFrame.maximumHeaderLength))
        #expect(parser.next() == nil)
        parser.append([0x31])
        #expect(parser.next() == .malformed)
    }
}
