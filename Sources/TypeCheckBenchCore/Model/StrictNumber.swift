/// Number parsing with nothing tolerated around the number: no sign, spaces, exponent, hex, `inf` or trailing text
/// (Swift's `Int(_:)` takes `+5`, `Double(_:)` takes `1e3`, `0x10` and `infinity`).
public enum StrictNumber {
  /// `digits`, at most 18 of them (so it fits an Int).
  public static func integer(_ text: some StringProtocol) -> Int? {
    let bytes = Array(text.utf8)
    guard !bytes.isEmpty, bytes.count <= 18, bytes.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
    return Int(String(text))
  }

  /// `digits` or `digits.digits`, finite.
  public static func decimal(_ text: some StringProtocol) -> Double? {
    let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }) else { return nil }
    guard let value = Double(String(text)), value.isFinite else { return nil }
    return value
  }
}
