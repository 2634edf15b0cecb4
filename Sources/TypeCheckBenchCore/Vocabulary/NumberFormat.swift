import Escaping
import Foundation

/// Fixed, locale-independent number formatting shared by every writer (`String(format:)` without a locale always
/// uses `.` as the decimal separator).
public enum NumberFormat {
  /// Up to `digits` significant digits (`%g`-style, but never in exponent form for ordinary magnitudes).
  public static func compact(_ value: Double, digits: Int = 5) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
    if value == 0 { return "0" }
    let magnitude = Int(log10(Swift.abs(value)).rounded(.down))
    if magnitude >= 15 || magnitude < -6 { return String(format: "%.\(digits - 1)e", value) }
    return fixed(value, decimals: max(0, digits - 1 - magnitude))
  }

  /// A formatted figure (`6734`, `-12345.5`) with `,` between the thousands of its integer part (`6,734`,
  /// `-12,345.5`), as reports print scopes: milliseconds read the same way.
  public static func thousandsSeparated(_ figure: String) -> String {
    let sign = figure.hasPrefix("-") ? "-" : ""
    let unsigned = figure.dropFirst(sign.count)
    let integer = unsigned.prefix { $0.isASCII && $0.isNumber }
    guard integer.count > 3 else { return figure }
    var out = ""
    for (index, digit) in integer.enumerated() {
      if index > 0 && (integer.count - index) % 3 == 0 { out += "," }
      out.append(digit)
    }
    return sign + out + unsigned.dropFirst(integer.count)
  }

  /// `value` with at most `decimals` digits after `.`, trailing zeros trimmed when `trimZeros`.
  public static func fixed(_ value: Double, decimals: Int, trimZeros: Bool = true) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
    var text = String(format: "%.\(decimals)f", value)
    if trimZeros && text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return text == "-0" ? "0" : text
  }
}
