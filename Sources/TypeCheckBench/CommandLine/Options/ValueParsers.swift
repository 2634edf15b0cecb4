import Foundation
import Generators
import TypeCheckBenchCore

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
      guard let value = StrictNumber.integer(trimmed) else { throw fail("'\(trimmed)' is not a whole number") }
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

  /// Parses one whole number within `limit` (for `--runs 5`; a list or range such as `1,5` is refused, not read as
  /// its last value).
  public static func integer(_ text: String, limit: SweepLimits.Limit) throws -> Int {
    try integer(text, flag: limit.flag, minimum: limit.range.lowerBound, maximum: limit.range.upperBound)
  }

  /// Parses one whole number from `minimum` to `maximum`.
  public static func integer(_ text: String, flag: String, minimum: Int, maximum: Int = 10_000) throws -> Int {
    let expected = "expected one whole number from \(minimum) to \(maximum)"
    guard let value = StrictNumber.integer(text) else {
      throw BenchError.usage("\(flag): '\(text)' is not a whole number; \(expected)")
    }
    guard value >= minimum else { throw BenchError.usage("\(flag): \(value) is below \(minimum); \(expected)") }
    guard value <= maximum else { throw BenchError.usage("\(flag): \(value) is above \(maximum); \(expected)") }
    return value
  }

  /// Parses a list of integers within `limit` (`1...8`, `1,2,4`).
  public static func integers(_ text: String, limit: SweepLimits.Limit) throws -> [Int] {
    try integers(text, flag: limit.flag, minimum: limit.range.lowerBound, maximum: limit.range.upperBound)
  }

  /// `; did you mean 'nesting'?` when `value` is a near miss of one of `accepted`, else nothing.
  public static func suggestion(for value: String, among accepted: [String]) -> String {
    ArgumentScanner.nearest(value, among: accepted).map { "; did you mean '\($0)'?" } ?? ""
  }

  /// Parses one value of a closed set (`--format md`), suggesting the nearest on a typo.
  public static func choice<T: RawRepresentable & CaseIterable>(_ text: String, flag: String) throws -> T
  where T.RawValue == String {
    if let value = T(rawValue: text) { return value }
    let accepted = T.allCases.map(\.rawValue)
    throw BenchError.usage(
      "\(flag): unknown value '\(text)'; expected one of \(accepted.joined(separator: ", "))"
        + suggestion(for: text, among: accepted))
  }

  /// Checks every comma-separated name of `text` against `accepted` (case-insensitively), suggesting the nearest on
  /// a typo.
  public static func names(_ text: String, flag: String, accepted: [String]) throws {
    for part in text.split(separator: ",") {
      let name = part.trimmingCharacters(in: .whitespaces).lowercased()
      guard accepted.contains(name) else {
        throw BenchError.usage(
          "\(flag): unknown value '\(name)'; expected one or more of \(accepted.joined(separator: ", ")), "
            + "comma-separated" + suggestion(for: name, among: accepted))
      }
    }
  }

  /// Parses a comma-separated list of raw values of `T` (for example `per-kind,unified`).
  public static func list<T: RawRepresentable & CaseIterable>(_ text: String, flag: String) throws -> [T]
  where T.RawValue == String {
    let accepted = T.allCases.map(\.rawValue).joined(separator: ", ")
    var result: [T] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let name = part.trimmingCharacters(in: .whitespaces)
      guard let value = T(rawValue: name) else {
        throw BenchError.usage(
          "\(flag): unknown value '\(name)'; expected one or more of \(accepted), comma-separated"
            + suggestion(for: name, among: T.allCases.map(\.rawValue)))
      }
      if !result.contains(where: { $0.rawValue == value.rawValue }) { result.append(value) }
    }
    guard !result.isEmpty else { throw BenchError.usage("\(flag): expected one or more of \(accepted)") }
    return result
  }

  /// Parses a case parameter's flag as its declaration says (`ParameterSpec.form`): a list or range of whole numbers
  /// within its limit, a list of its names, one name, or one sequence of names (order and repeats kept, its length
  /// within the limit).
  public static func values(_ text: String, for parameter: ParameterSpec) throws -> [ParameterValue] {
    let flag = parameter.flagText
    switch parameter.form {
    case .integers(let limit):
      return try integers(text, flag: flag, minimum: limit.lowerBound, maximum: limit.upperBound).map {
        .integer($0)
      }
    case .choices(let names):
      var result: [ParameterValue] = []
      for part in text.split(separator: ",", omittingEmptySubsequences: false) {
        let name = part.trimmingCharacters(in: .whitespaces)
        guard names.contains(name) else {
          throw BenchError.usage(
            "\(flag): unknown value '\(name)'; expected one or more of \(names.joined(separator: ", ")), "
              + "comma-separated" + suggestion(for: name, among: names))
        }
        if !result.contains(.name(name)) { result.append(.name(name)) }
      }
      return result
    case .choice(let names):
      let name = text.trimmingCharacters(in: .whitespaces)
      guard names.contains(name) else {
        throw BenchError.usage(
          "\(flag): unknown value '\(name)'; expected one of \(names.joined(separator: ", "))"
            + suggestion(for: name, among: names))
      }
      return [.name(name)]
    case .sequence(let names, let length):
      let sequence = text.split(separator: ",", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      for name in sequence where !names.contains(name) {
        throw BenchError.usage(
          "\(flag): unknown value '\(name)'; expected a comma-separated sequence of \(names.joined(separator: ", "))"
            + suggestion(for: name, among: names))
      }
      guard length.contains(sequence.count) else {
        throw BenchError.usage(
          "\(flag): a sequence of \(sequence.count) is outside \(length.lowerBound)...\(length.upperBound)")
      }
      return [.names(sequence)]
    }
  }

  /// Parses a number of milliseconds, 0 or more, written as plain digits (`5`, `0.5`).
  public static func milliseconds(_ text: String, flag: String) throws -> Double {
    guard let value = StrictNumber.decimal(text) else {
      throw BenchError.usage("\(flag): '\(text)' is not a number of milliseconds (0 or more)")
    }
    return value
  }

  /// Parses a positive number of seconds, at most a day (`SweepLimits.timeoutSeconds`).
  public static func seconds(_ text: String, flag: String) throws -> Double {
    let limit = SweepLimits.timeoutSeconds
    guard let value = StrictNumber.decimal(text), limit.contains(value) else {
      throw BenchError.usage(
        "\(flag): '\(text)' is not a number of seconds from \(NumberFormat.compact(limit.lowerBound)) to "
          + "\(NumberFormat.compact(limit.upperBound, digits: 6))")
    }
    return value
  }
}
