import Generators
import TypeCheckBenchCore

/// Synthetic run records for the comparison, shard, merge and history tests.
enum CompareTestRecords {
  static func toolchain(_ name: String, version: String = "6.3.1", flags: [String] = []) -> ToolchainInfo {
    ToolchainInfo(
      name: name, swiftcPath: "/opt/swift-\(version)/usr/bin/swiftc",
      versionText: "Swift version \(version) (swift-\(version)-RELEASE)", version: version, extraFlags: flags,
      assertionsEnabled: false)
  }

  static func provenance(
    benchVersion: String = "0.1.0", startedAt: String = "2026-01-01T00:00:00Z",
    finishedAt: String? = "2026-01-01T01:00:00Z", commandLine: [String] = ["bench", "run"], shard: String? = nil,
    runs: Int = 5
  ) -> Provenance {
    Provenance(
      benchVersion: benchVersion, gitRevision: "abc123", measurementVersion: 1, commandLine: commandLine,
      operatingSystem: "Linux", cpuModel: "Test CPU", coreCount: 2, startedAt: startedAt, finishedAt: finishedAt,
      runs: runs, warmup: 1, timeoutSeconds: 60, jobs: 1, shard: shard)
  }

  /// A sweep of 44 cases over 6 series: nesting depth 1…8 for two models and two presets, branches 1…6 for two
  /// models.
  static let sweep: [CaseSpec] = {
    var cases: [CaseSpec] = []
    for model in BuilderModel.allCases {
      for preset in KindPreset.allCases {
        for depth in 1...8 { cases.append(CaseSpec(family: .nesting, model: model, preset: preset, depth: depth)) }
      }
    }
    for model in BuilderModel.allCases {
      for branches in 1...6 { cases.append(CaseSpec(family: .branches, model: model, branches: branches)) }
    }
    return cases
  }()

  static func sample(
    _ caseID: String, _ toolchain: String, iteration: Int, milliseconds: Double?, scopes: Double?,
    outcome: Outcome = .ok
  ) -> TypeCheckSample {
    var stats: [String: Double] = ["time.swift.Type checking and Semantic analysis.wall": 0.5]
    if let scopes { stats["Sema.NumConstraintScopes"] = scopes }
    return TypeCheckSample(
      caseID: caseID, toolchain: toolchain, iteration: iteration, outcome: outcome,
      detail: outcome == .tooComplex ? "unable to type-check this expression in reasonable time" : nil,
      wallSeconds: 1, userSeconds: 1, systemSeconds: 0.1, maxRSSBytes: 100_000_000, caseMilliseconds: milliseconds,
      stats: stats)
  }

  /// `record` with each sample's cache key set by case id, and (when given) every toolchain's files fingerprint.
  static func keyed(_ record: RunRecord, _ key: (String) -> String, fingerprint: String? = nil) -> RunRecord {
    var copy = record
    if let fingerprint {
      copy.toolchains = record.toolchains.map { toolchain in
        var toolchain = toolchain
        toolchain.executableFingerprint = fingerprint
        return toolchain
      }
    }
    copy.samples = record.samples.map { sample in
      var sample = sample
      sample.cacheKey = key(sample.caseID)
      return sample
    }
    return copy
  }

  /// A deterministic noise factor in [1 − spread, 1 + spread] for iteration `i` of a case.
  static func noise(_ caseID: String, _ iteration: Int, spread: Double = 0.02) -> Double {
    var generator = SplitMix64(seed: FNV1a.hash(caseID) &+ UInt64(iteration))
    return 1 + spread * (2 * Double(generator.next() % 10_000) / 10_000 - 1)
  }

  /// A record of `cases` measured `runs` times by each toolchain; base time 10 ms × axis value, scopes 100 × axis.
  static func record(
    runID: String = "run", toolchains: [ToolchainInfo] = [toolchain("default")], cases: [CaseSpec] = sweep,
    runs: Int = 5, provenance: Provenance = provenance(),
    timeFactor: (CaseSpec, String) -> Double = { _, _ in 1 },
    scopesFactor: (CaseSpec, String) -> Double = { _, _ in 1 },
    outcome: (CaseSpec, String) -> Outcome = { _, _ in .ok }
  ) -> RunRecord {
    var samples: [TypeCheckSample] = []
    for spec in cases {
      for toolchain in toolchains {
        for iteration in 0..<runs {
          let base = 10 * Double(spec.axisValue) * noise(spec.id + toolchain.name, iteration)
          samples.append(
            sample(
              spec.id, toolchain.name, iteration: iteration, milliseconds: base * timeFactor(spec, toolchain.name),
              scopes: 100 * Double(spec.axisValue) * scopesFactor(spec, toolchain.name),
              outcome: outcome(spec, toolchain.name)))
        }
      }
    }
    return RunRecord(
      runID: runID, provenance: provenance, toolchains: toolchains, cases: cases, samples: samples)
  }
}
