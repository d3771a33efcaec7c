import Testing
import VersionCheckCore

/// The one seconds formatter: what messages, help and a refresh's command line write.
@Suite struct SecondsTests {
    @Test(arguments: [
        (10.0, "10"), (0, "0"), (-2, "-2"), (0.5, "0.5"), (1.25, "1.25"), (123_456.789, "123456.789"),
        (0.00001, "0.00001"), (0.000015, "0.000015"), (1e15, "1000000000000000"), (1e23, "1e+23"),
        (.nan, "0"), (.infinity, "1.8e+308"), (-1.2345e20, "-1.23e+20"), (9.999e22, "1e+23"),
    ] as [(Double, String)])
    func text(seconds: Double, text: String) {
        #expect(Seconds.text(seconds) == text)
    }

    /// Below the plain limit the text is digits with an optional fraction, as the options
    /// read them, and reads back as the very same value.
    @Test func plainTextReadsBackAsTheSameValue() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let scale = [1e-9, 1e-3, 1, 1e3, 1e9, 1e15].randomElement(using: &generator)!
            let value = Double.random(in: 0..<1, using: &generator) * scale
            let text = Seconds.text(value)
            #expect(text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }, "\(value) -> \(text)")
            #expect(Double(text) == value, "\(value) -> \(text)")
        }
    }
}
