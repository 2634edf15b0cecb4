import Generators
import TestSupport
import Testing

@testable import TypeCheckBench

/// What `bench run --help` prints as a parameter's default is what a sweep without that option uses, family by
/// family: the help is read as a user reads it and checked against the cases the sweep lists.
@Suite struct HelpDefaultTests {
  /// The help text of `flag` in `bench run --help` (its line, and the next when the value form pushes it below).
  static func helpText(of flag: String, in help: [String]) -> String? {
    guard let index = help.firstIndex(where: { $0.hasPrefix("  \(flag) ") }) else { return nil }
    return help[index...].prefix(2).joined(separator: " ")
  }

  /// `(default: 1...8 for nesting, 1 for branches/chart)` (or `(…; default: …)`) as values by family; one value for
  /// every family when the help names none; nil when the help gives no default.
  static func helpDefaults(
    _ text: String, parameter: ParameterSpec, families: [String]
  ) throws -> [String: [ParameterValue]]? {
    guard let start = text.range(of: "default: ")?.upperBound,
      let end = text[start...].firstIndex(where: { ";)".contains($0) })
    else {
      return nil
    }
    var result: [String: [ParameterValue]] = [:]
    for part in text[start..<end].components(separatedBy: ", ") {
      let pieces = part.components(separatedBy: " for ")
      let values = try ValueParsers.values(pieces[0], for: parameter)
      let named = pieces.count > 1 ? pieces[1].components(separatedBy: "/") : families
      for family in named { result[family] = values }
    }
    return result
  }

  @Test(arguments: FamilySet.withToy.families)
  func theHelpsDefaultIsWhatTheSweepUses(_ family: CaseFamily) throws {
    let help = bench(["run", "--help"], families: .withToy).output
    let cases = try runSweep(["--family", family.rawValue], families: .withToy).cases
    #expect(!cases.isEmpty)
    for parameter in family.descriptor.valueParameters {
      let flag = try #require(parameter.flag)
      let text = try #require(Self.helpText(of: flag, in: help), "\(flag) is not in bench run --help")
      let users = FamilySet.withToy.uses(of: parameter).map(\.family.rawValue)
      let printed = try Self.helpDefaults(text, parameter: parameter, families: users)?[family.rawValue]
      // The values the family's cases take when the option is not given (nil: none, the preset's count).
      var used: [ParameterValue?] = []
      for spec in cases where !used.contains(spec[parameter]) { used.append(spec[parameter]) }
      if let printed {
        #expect(Set(used.compactMap { $0 }) == Set(printed), "\(family) \(flag): help says \(text)")
        #expect(!used.contains(nil), "\(family) \(flag)")
      } else {
        #expect(used == [nil], "\(family) \(flag) prints no default but the sweep uses \(used)")
      }
    }
  }
}
