import Foundation
import Generators
import TypeCheckBenchCore

/// Small, hand-built run records shaped like real sweeps, for report tests.
enum ReportTestRecords {
  static let toolchain = ToolchainInfo(
    name: "default", swiftcPath: "/opt/swift/usr/bin/swiftc",
    versionText: "Swift version 6.3.1 (swift-6.3.1-RELEASE)\nTarget: x86_64-unknown-linux-gnu\n", version: "6.3.1",
    extraFlags: [], assertionsEnabled: false)

  static let provenance = Provenance(
    benchVersion: "0.1.0", gitRevision: "abc1234", measurementVersion: 2,
    commandLine: ["bench", "run", "--family", "nesting,chart", "--runs", "3", "--label", "a \"quoted\" run"],
    operatingSystem: "Linux 6.1 (Debian 12)", cpuModel: "Example CPU @ 2.0GHz", coreCount: 2,
    startedAt: "2025-01-02T03:04:05Z", finishedAt: "2025-01-02T03:14:05Z", runs: 3, warmup: 1,
    timeoutSeconds: 120, jobs: 1)

  /// One point's samples as bench takes them: its instrumented compile (the counters, and a time 1.7× the timed
  /// ones', as the expression timer makes it, which no report may show), then `runs` uncensored timed samples
  /// jittered around `milliseconds`, or one censored timed sample.
  static func samples(
    _ spec: CaseSpec, toolchain: String = "default", milliseconds: Double, scopes: Double,
    outcome: Outcome = .ok, runs: Int = 3
  ) -> [TypeCheckSample] {
    let stats = [
      StatName.constraintScopes: scopes, StatName.leafScopes: (scopes / 3).rounded(),
      StatName.typeCheckWall: (1.7 * milliseconds + 3) / 1000,
    ]
    var instrumented = legacySamples(
      spec, toolchain: toolchain, milliseconds: 1.7 * milliseconds, scopes: scopes, outcome: outcome, runs: 1)[0]
    instrumented.pass = .instrumented
    instrumented.stats = stats
    let timed = legacySamples(
      spec, toolchain: toolchain, milliseconds: milliseconds, scopes: scopes, outcome: outcome, runs: runs
    ).map { sample in
      var sample = sample
      sample.pass = .timed
      sample.stats = [:]
      return sample
    }
    return [instrumented] + timed
  }

  /// One point's samples as measurement version 1 took them, every compile with every instrument: `runs` uncensored
  /// samples jittered around `milliseconds`, or one censored sample.
  static func legacySamples(
    _ spec: CaseSpec, toolchain: String = "default", milliseconds: Double, scopes: Double,
    outcome: Outcome = .ok, runs: Int = 3
  ) -> [TypeCheckSample] {
    let count = outcome == .ok ? runs : 1
    return (0..<count).map { iteration in
      // Deterministic jitter: -3 %, 0, +3 %, … around the median.
      let factor = 1 + 0.03 * Double((iteration % 3) - 1)
      let ms = milliseconds * factor
      return TypeCheckSample(
        caseID: spec.id, toolchain: toolchain, iteration: iteration, outcome: outcome,
        detail: outcome == .tooComplex
          ? "the compiler is unable to type-check this expression in reasonable time; try breaking up the expression"
          : nil,
        wallSeconds: 0.25 + ms / 1000, userSeconds: 0.2 + ms / 1000, systemSeconds: 0.05,
        maxRSSBytes: 80_000_000 + Int(scopes), caseMilliseconds: ms,
        stats: [
          StatName.constraintScopes: scopes, StatName.leafScopes: (scopes / 3).rounded(),
          StatName.typeCheckWall: (ms + 3) / 1000,
        ])
    }
  }

  /// Nesting per-kind vs unified (per-kind too complex at depth 5) and the chart case (compat too complex at 6).
  static var sweep: RunRecord {
    var cases: [CaseSpec] = []
    var samples: [TypeCheckSample] = []
    let perKind: [(Double, Double)] = [(1.2, 30), (9.5, 330), (88, 3_600), (910, 39_000), (5_400, 1_048_577)]
    for (index, (ms, scopes)) in perKind.enumerated() {
      let spec = CaseSpec(family: .nesting, model: .perKind, depth: index + 1)
      cases.append(spec)
      samples += Self.samples(spec, milliseconds: ms, scopes: scopes, outcome: index == 4 ? .tooComplex : .ok)
    }
    for depth in 1...6 {
      let spec = CaseSpec(family: .nesting, model: .unified, depth: depth)
      cases.append(spec)
      samples += Self.samples(spec, milliseconds: 0.9 + 0.15 * Double(depth), scopes: Double(15 + 15 * depth))
    }
    for variant in ChartVariant.allCases {
      for branches in 2...7 {
        let spec = CaseSpec(family: .chart, model: .perKind, branches: branches, chartVariant: variant)
        let censored = variant == .compat && branches == 6
        if variant == .compat && branches > 6 { continue }
        cases.append(spec)
        let ms: Double =
          switch variant {
          case .compat: 3 * pow(2.6, Double(branches - 2))
          case .modern: 2.2 + 0.1 * Double(branches)
          case .extracted: 1.7 + 0.05 * Double(branches)
          }
        let scopes: Double =
          switch variant {
          case .compat: censored ? 1_048_577 : 40 * pow(4, Double(branches - 2))
          case .modern: 20 + 8 * Double(branches)
          case .extracted: 18 + 6 * Double(branches)
          }
        samples += Self.samples(spec, milliseconds: ms, scopes: scopes, outcome: censored ? .tooComplex : .ok)
      }
    }
    return RunRecord(
      runID: "2025-01-02T030405Z-example", provenance: provenance, toolchains: [toolchain], cases: cases,
      samples: samples)
  }
}
