/// Seconds (or days) as versioncheck writes them — in messages, in help's defaults and on
/// the command line of a background refresh, which reads them back: the one formatter.
public enum Seconds {
    /// Below this magnitude a value is written in plain decimal digits, as the options
    /// read them; from it on (a `Retry-After` of 10^23 s) to three significant digits with
    /// an exponent, `1e+23`, `1.8e+308`.
    public static let plainLimit: Double = 1e16

    /// A whole number without a fraction (`10`, `0`); a fraction as the shortest decimal
    /// that reads back as the same value (`0.5`, `1.25`, `0.00001`), never with an exponent
    /// below `plainLimit`; never `inf` or `nan`.
    public static func text(_ seconds: Double) -> String {
        if seconds.isNaN { return "0" }
        let value = min(max(seconds, -.greatestFiniteMagnitude), .greatestFiniteMagnitude)
        if value == value.rounded(), abs(value) < plainLimit { return String(Int64(value)) }
        let shortest = String(value)
        guard let exponentMark = shortest.firstIndex(of: "e") else { return shortest }
        let mantissa = shortest[..<exponentMark]
        let exponent = Int(shortest[shortest.index(after: exponentMark)...]) ?? 0
        guard abs(value) < plainLimit else { return threeSignificantDigits(mantissa: mantissa, exponent: exponent) }
        return plainDecimal(mantissa: mantissa, exponent: exponent)
    }

    /// `1.7976931348623157` and `308` as `1.8e+308`: a huge value to three significant digits.
    private static func threeSignificantDigits(mantissa: Substring, exponent: Int) -> String {
        let negative = mantissa.hasPrefix("-")
        var digits = ((Double(negative ? mantissa.dropFirst() : mantissa) ?? 1) * 100).rounded() / 100
        var exponent = exponent
        if digits >= 10 {
            digits /= 10
            exponent += 1
        }
        let written = digits == digits.rounded() ? String(Int(digits)) : String(digits)
        return (negative ? "-" : "") + written + "e" + (exponent < 0 ? "-" : "+") + (abs(exponent) < 10 ? "0" : "") + String(abs(exponent))
    }

    /// `1.5` and `-5` as `0.000015`: Swift's shortest form of a small fraction without its exponent.
    private static func plainDecimal(mantissa: Substring, exponent: Int) -> String {
        let negative = mantissa.hasPrefix("-")
        let unsigned = negative ? mantissa.dropFirst() : mantissa
        let point = unsigned.firstIndex(of: ".") ?? unsigned.endIndex
        let integerDigits = unsigned.distance(from: unsigned.startIndex, to: point)
        let digits = unsigned.filter { $0 != "." }
        let pointAt = integerDigits + exponent
        var text: String
        if pointAt <= 0 {
            text = "0." + String(repeating: "0", count: -pointAt) + digits
        } else if pointAt >= digits.count {
            text = digits + String(repeating: "0", count: pointAt - digits.count)
        } else {
            text = String(digits.prefix(pointAt)) + "." + String(digits.dropFirst(pointAt))
        }
        while text.contains("."), text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return (negative ? "-" : "") + text
    }
}
