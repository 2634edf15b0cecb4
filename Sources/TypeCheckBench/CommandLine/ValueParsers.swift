import Foundation
import Generators

/// Parsers for option values, each failing with a one-line usage error naming the flag and the accepted form.
public enum ValueParsers {
  public static let integerListForm = "N, A...B, A..<B or a list like 1,2,4"

  /// Parses `1...8`, `1..<9`, `4` or `1,2,4,8` into an ascending list of integers no smaller than `minimum`.
  public static func integers(_ text: String, flag: String, minimum: Int, maximum: Int = 10_000) throws -> [Int] {
    func fail(_ why: String) -> BenchError {
      BenchError.usage("\(flag): \(why) in '\(text)'; expected \(integerListForm) with values from \(minimum)")
    }
    func number(_ part: Substring) throws -> Int {
      let trimmed = part.trimmingCharacters(in: .whitespaces)
      guard let value = Int(trimmed) else { throw fail("'\(trimmed)' is not a whole number") }
      guard value >= minimum else { throw fail("\(value) is below \(minimum)") }
      guard value <= maximum else { throw fail("\(value) is above \(maximum)") }
      return value
    }
    var values: [Int] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      if let range = part.range(of: "..<") {
        let low = try number(part[..<range.lowerBound])
        let high = try number(part[range.upperBound...])
        guard low < high else { throw fail("the range is empty (\(low)..<\(high))") }
        values += Array(low..<high)
      } else if let range = part.range(of: "...") {
        let low = try number(part[..<range.lowerBound])
        let high = try number(part[range.upperBound...])
        guard low <= high else { throw fail("the range runs backwards (\(low)...\(high))") }
        values += Array(low...high)
      } else {
        values.append(try number(part))
      }
    }
    guard !values.isEmpty else { throw fail("no values") }
    return Array(Set(values)).sorted()
  }

  /// Parses a comma-separated list of raw values of `T` (for example `per-kind,unified`).
  public static func list<T: RawRepresentable & CaseIterable>(_ text: String, flag: String) throws -> [T]
  where T.RawValue == String {
    let accepted = T.allCases.map(\.rawValue).joined(separator: ", ")
    var result: [T] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let name = part.trimmingCharacters(in: .whitespaces)
      guard let value = T(rawValue: name) else {
        throw BenchError.usage("\(flag): unknown value '\(name)'; expected one or more of \(accepted), comma-separated")
      }
      if !result.contains(where: { $0.rawValue == value.rawValue }) { result.append(value) }
    }
    guard !result.isEmpty else { throw BenchError.usage("\(flag): expected one or more of \(accepted)") }
    return result
  }

  /// Parses a sequence of primitives, order and repeats kept (`section,group,foreach`).
  public static func primitives(_ text: String, flag: String) throws -> [Primitive] {
    try text.split(separator: ",", omittingEmptySubsequences: false).map { part in
      let name = part.trimmingCharacters(in: .whitespaces)
      guard let value = Primitive(rawValue: name) else {
        let accepted = Primitive.allCases.map(\.rawValue).joined(separator: ", ")
        throw BenchError.usage("\(flag): unknown primitive '\(name)'; expected a comma-separated cycle of \(accepted)")
      }
      return value
    }
  }

  /// Parses a positive number of seconds.
  public static func seconds(_ text: String, flag: String) throws -> Double {
    guard let value = Double(text), value.isFinite, value > 0 else {
      throw BenchError.usage("\(flag): '\(text)' is not a positive number of seconds")
    }
    return value
  }
}
