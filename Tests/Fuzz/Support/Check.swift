// What every fuzz target shares: how an invariant fails, and how input bytes become text.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Stops the fuzzer with a crash report when `condition` is false. libFuzzer saves the
/// input as `crash-…`; `message` (on stderr) says which invariant broke and for what.
@inline(__always)
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        let text = "fuzz invariant failed: " + message() + "\n"
        _ = text.withCString { write(2, $0, strlen($0)) }
        abort()
    }
}

/// The input as a byte array.
func bytes(_ data: UnsafePointer<UInt8>, _ size: Int) -> [UInt8] {
    Array(UnsafeBufferPointer(start: data, count: size))
}

/// Bytes as text, the way the tool reads stdin and bodies: invalid UTF-8 repaired.
func text(_ bytes: some Collection<UInt8>) -> String {
    String(decoding: bytes, as: UTF8.self)
}

/// A short, printable rendering of `text` for failure messages.
func shown(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars.prefix(200) {
        result += scalar.isASCII && scalar.value >= 0x20 && scalar.value < 0x7F ? String(scalar) : "\\u{\(String(scalar.value, radix: 16))}"
    }
    return "'" + result + (text.unicodeScalars.count > 200 ? "…'" : "'")
}
