import Foundation
import Generators
import TypeCheckBenchCore

/// A sweep's size, computed before a single case is listed or generated: how many cases and compiles it plans, and
/// an upper bound on the sources it generates. Above the limits (raised by `--max-compiles` and
/// `--max-generated-mb`) the sweep is refused with the computed figures, so that a product of capped ranges
/// (`--branches 1...256 --depth 1...64 --width 1...9 --kinds 1...64`) stops at once instead of filling memory.
public struct SweepSize: Sendable, Equatable {
  /// Cases the sweep lists (an upper bound before duplicates are removed).
  public var cases: Int
  /// Compiles: cases × toolchains × (warm-up + measured runs).
  public var compiles: Int
  /// The largest generated case, bytes.
  public var largestCaseBytes: Int
  /// At most this many bytes of generated sources: cases × the largest case.
  public var generatedBytes: Int { Self.product([cases, largestCaseBytes]) }

  static let maxCompiles = OptionSpec(
    "--max-compiles", value: "N", default: "\(SweepLimits.defaultMaxCompiles)",
    help: "Refuse a sweep of more compiles than this.")
  static let maxGeneratedMegabytes = OptionSpec(
    "--max-generated-mb", value: "N", default: "\(SweepLimits.defaultMaxGeneratedBytes / 1_000_000)",
    help: "Refuse a sweep generating more sources than this, in MB.")
  /// The options of both limits (`generate` takes only the second: it compiles nothing).
  public static let optionSpecs = [maxCompiles, maxGeneratedMegabytes]

  /// The size of the sweep `options` describes, with `compilesPerCase` compiles per case.
  /// - Parameter shards: The shard count: each shard generates and compiles about 1/shards of the cases.
  public init(_ options: SweepOptions, compilesPerCase: Int, shards: Int = 1) {
    let total = options.caseCountBound
    cases = (total + shards - 1) / max(1, shards)
    compiles = Self.product([cases, compilesPerCase])
    largestCaseBytes =
      options.largestCases.map { CaseGenerator.generate($0, form: options.framework).measuredSource.utf8.count }.max()
      ?? 0
  }

  /// The size of a recorded plan (`--resume`).
  public init(cases specs: [CaseSpec], compilesPerCase: Int) {
    cases = specs.count
    compiles = Self.product([cases, compilesPerCase])
    // The largest case of each family and model: its parameters at their maxima in the plan.
    var largest: [String: CaseSpec] = [:]
    // Cases whose family has parameters of its own (a template's), which are no fields to raise: those furthest
    // along the axis, each generated.
    var furthest: [CaseSpec] = []
    for spec in specs {
      if spec.family.descriptor.caseParameters != nil {
        let reach = furthest.first?.axisValue ?? Int.min
        if spec.axisValue > reach { furthest = [spec] } else if spec.axisValue == reach { furthest.append(spec) }
        continue
      }
      let key = "\(spec.family.rawValue) \(spec.model.rawValue) \(spec.blockStyle.rawValue)"
      guard var top = largest[key] else {
        largest[key] = spec
        continue
      }
      top.kinds = top.kinds.map { max($0, spec.kinds ?? $0) } ?? spec.kinds
      top.depth = max(top.depth, spec.depth)
      top.width = max(top.width, spec.width)
      top.branches = max(top.branches, spec.branches)
      top.states = max(top.states, spec.states)
      largest[key] = top
    }
    largestCaseBytes =
      (Array(largest.values) + furthest).map { CaseGenerator.generate($0).source.utf8.count }.max() ?? 0
  }

  /// Refuses the sweep when it is above a limit.
  /// - Throws: `BenchError.usage` naming the computed size, the limit and the flag that raises it.
  public func check(maxCompiles: Int, maxGeneratedBytes: Int) throws {
    guard compiles <= maxCompiles else {
      throw BenchError.usage(
        "the sweep plans \(compiles) compiles (\(cases) cases), above the limit of \(maxCompiles); narrow the ranges "
          + "or raise it with --max-compiles \(compiles)")
    }
    guard generatedBytes <= maxGeneratedBytes else {
      let megabytes = (generatedBytes + 999_999) / 1_000_000
      throw BenchError.usage(
        "the sweep generates up to \(megabytes) MB of sources (\(cases) cases of up to \(largestCaseBytes) bytes), "
          + "above the limit of \(maxGeneratedBytes / 1_000_000) MB; narrow the ranges or raise it with "
          + "--max-generated-mb \(megabytes)")
    }
  }

  /// Reads `--max-compiles` and `--max-generated-mb` (defaults from `SweepLimits`).
  public static func limits(_ parsed: ParsedArguments) throws -> (compiles: Int, bytes: Int) {
    let compiles = try ValueParsers.integer(
      try parsed.valueOrDefault(maxCompiles), flag: "--max-compiles", minimum: 1, maximum: 1_000_000_000)
    let megabytes = try ValueParsers.integer(
      try parsed.valueOrDefault(maxGeneratedMegabytes), flag: "--max-generated-mb", minimum: 1, maximum: 1_000_000_000)
    return (compiles, megabytes * 1_000_000)
  }

  /// The product of `factors`, or Int.max when it overflows.
  static func product(_ factors: [Int]) -> Int { CaseSweep.product(factors) }
}
