import Foundation
import Generators
import TypeCheckBenchCore

/// A sweep's size, computed before a single case is listed or generated: how many cases and compiles it plans, and
/// an upper bound on the sources it generates. The one count of a sweep: the size limits (a new sweep's and a resumed
/// plan's), the progress line and the runner all read it. Above the limits (raised by `--max-compiles` and
/// `--max-generated-mb`) the sweep is refused with the computed figures, so that a product of capped ranges
/// (`--branches 1...256 --depth 1...64 --width 1...9 --kinds 1...64`) stops at once instead of filling memory.
public struct SweepSize: Sendable, Equatable {
  /// Cases the sweep lists (an upper bound before duplicates are removed).
  public var cases: Int
  /// Compiles: (case, toolchain) pairs × (warm-up + measured runs).
  public var compiles: Int
  /// The largest generated case, bytes.
  public var largestCaseBytes: Int
  /// At most this many bytes of generated sources: cases × the largest case.
  public var generatedBytes: Int { CaseSweep.product([cases, largestCaseBytes]) }

  /// The compiles of `pairs` (case, toolchain) pairs, each compiled `warmup` unrecorded and `runs` measured times:
  /// the count every part of a run uses. A pair's instrumented compile is its first warm-up, or one more compile
  /// when there is none (`CompilePass`).
  public static func compiles(pairs: Int, runs: Int, warmup: Int) -> Int {
    CaseSweep.product([pairs, runs + max(warmup, 1)])
  }

  /// The size of `sweep` measured `runs` times (after `warmup`) by `toolchains` toolchains, each compiling every case.
  /// - Parameter shards: The shard count: each shard generates and compiles about 1/shards of the cases.
  public init(_ sweep: CaseSweep, toolchains: Int, runs: Int, warmup: Int, shards: Int = 1) {
    let total = sweep.caseCountBound
    let cases = total == Int.max ? total : (total + shards - 1) / max(1, shards)
    self.init(
      cases: cases, pairs: CaseSweep.product([cases, toolchains]), runs: runs, warmup: warmup,
      largest: sweep.largestCases, form: sweep.framework)
  }

  /// The size of a recorded plan (`--resume`): its cases, the (case, toolchain) pairs it compiles
  /// (`RunRecord.measures`), and the largest cases of the sweep that spans them.
  public init(plan record: RunRecord) {
    let pairs = record.cases.reduce(0) { count, spec in
      count + record.toolchains.filter { record.measures(spec, with: $0) }.count
    }
    self.init(
      cases: record.cases.count, pairs: pairs, runs: record.provenance.runs, warmup: record.provenance.warmup,
      largest: Self.largest(record.cases), form: record.frameworkForm)
  }

  /// The size of cases already listed, each compiled by `toolchains` toolchains: their count, and the largest cases
  /// of the sweep that spans them.
  public init(recorded specs: [CaseSpec], toolchains: Int, runs: Int, warmup: Int, form: FrameworkForm) {
    self.init(
      cases: specs.count, pairs: CaseSweep.product([specs.count, toolchains]), runs: runs, warmup: warmup,
      largest: Self.largest(specs), form: form)
  }

  /// The largest cases of the sweep spanning `specs`, for each framework source they use (a `bench fidelity` run has
  /// both the miniature's and the SDK's).
  private static func largest(_ specs: [CaseSpec]) -> [CaseSpec] {
    FrameworkSource.allCases.flatMap { source in
      CaseSweep(spanning: specs.filter { $0.framework == source }).largestCases
    }
  }

  private init(cases: Int, pairs: Int, runs: Int, warmup: Int, largest: [CaseSpec], form: FrameworkForm) {
    self.cases = cases
    compiles = Self.compiles(pairs: pairs, runs: runs, warmup: warmup)
    largestCaseBytes = largest.map { CaseGenerator.generate($0, form: form).measuredSource.utf8.count }.max() ?? 0
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
}
