import Generators

/// Everything one `bench run` measured, with the provenance to rebuild any report from it.
public struct RunRecord: Codable, Hashable, Sendable {
  /// The schema this build writes; it reads this one and `1` (before framework modules: every case inline).
  public static let currentSchemaVersion = 2
  /// Every schema version this build reads.
  public static let readableSchemaVersions = 1...currentSchemaVersion
  /// Every measurement version a sweep was ever measured with (`Provenance.measurementVersion`): 1, then 2 (the
  /// version `bench run` measures with); a record claiming another is refused when read.
  public static let readableMeasurementVersions = 1...2

  public var schemaVersion: Int
  /// Unique id of the run, also its folder name under `Results/`.
  public var runID: String
  public var provenance: Provenance
  public var toolchains: [ToolchainInfo]
  /// Every case of the sweep in sweep order.
  public var cases: [CaseSpec]
  /// Every measured sample, in the order taken.
  public var samples: [TypeCheckSample]
  /// The `-stats-output-dir` entries charted and fitted (`--counter`); nil means `Sema.NumConstraintScopes` alone.
  public var counters: [String]?
  /// Where the miniature framework lived: an imported module (each sample is then the case's own work) or inline in
  /// every case file (each sample then includes type-checking the framework). Schema 1 records were all inline.
  public var frameworkForm: FrameworkForm
  /// Each framework module's own build, once per module and toolchain (empty in inline form).
  public var moduleBuilds: [ModuleBuild]
  /// How instructions were counted (`--meter instructions`): the source and the import-only baselines; nil when the
  /// run measured time only.
  public var instructionMetering: InstructionMetering?
  /// The claims a `bench fidelity` run checks, each a sweep measured against the miniature and the real SDK; nil
  /// for every other run.
  public var fidelityClaims: [FidelityClaim]?

  public init(
    schemaVersion: Int = RunRecord.currentSchemaVersion, runID: String, provenance: Provenance,
    toolchains: [ToolchainInfo], cases: [CaseSpec], samples: [TypeCheckSample], frameworkForm: FrameworkForm = .module,
    moduleBuilds: [ModuleBuild] = [], counters: [String]? = nil, fidelityClaims: [FidelityClaim]? = nil,
    instructionMetering: InstructionMetering? = nil
  ) {
    self.schemaVersion = schemaVersion
    self.runID = runID
    self.provenance = provenance
    self.toolchains = toolchains
    self.cases = cases
    self.samples = samples
    self.counters = counters
    self.frameworkForm = frameworkForm
    self.moduleBuilds = moduleBuilds
    self.instructionMetering = instructionMetering
    self.fidelityClaims = fidelityClaims
  }

  private enum CodingKeys: String, CodingKey {
    case schemaVersion, runID, provenance, toolchains, cases, samples, frameworkForm, moduleBuilds, counters
    case instructionMetering, fidelityClaims
  }

  /// Decodes a record; a schema 1 record (no framework form) is read as what it was, an inline run, and upgraded.
  /// In a record measured before measurement version 2, a timed-out sample's time is raised to the run's timeout:
  /// those versions recorded the bodies that finished before the kill, but the timeout is the lower bound.
  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let version = try container.decode(Int.self, forKey: .schemaVersion)
    let provenance = try container.decode(Provenance.self, forKey: .provenance)
    var samples = try container.decode([TypeCheckSample].self, forKey: .samples)
    if provenance.measurementVersion < 2 {
      let timeout = provenance.timeoutSeconds * 1000
      for index in samples.indices where samples[index].outcome == .timeout {
        samples[index].caseMilliseconds = max(samples[index].caseMilliseconds ?? 0, timeout)
      }
    }
    self.init(
      schemaVersion: max(version, RunRecord.currentSchemaVersion),
      runID: try container.decode(String.self, forKey: .runID),
      provenance: provenance,
      toolchains: try container.decode([ToolchainInfo].self, forKey: .toolchains),
      cases: try container.decode([CaseSpec].self, forKey: .cases),
      samples: samples,
      frameworkForm: version < 2
        ? .inline : try container.decode(FrameworkForm.self, forKey: .frameworkForm),
      moduleBuilds: try container.decodeIfPresent([ModuleBuild].self, forKey: .moduleBuilds) ?? [],
      counters: try container.decodeIfPresent([String].self, forKey: .counters),
      fidelityClaims: try container.decodeIfPresent([FidelityClaim].self, forKey: .fidelityClaims),
      instructionMetering: try container.decodeIfPresent(InstructionMetering.self, forKey: .instructionMetering))
  }
}

extension FrameworkForm {
  /// What a sample's figures cover in this form, for reports.
  public var figuresCover: String {
    switch self {
    case .module:
      "the case file's own frontend job: each case imports its framework module, built once per toolchain"
    case .inline:
      "the whole case file, framework included: every case file carries its own copy of the framework"
    }
  }

}

extension RunRecord {
  /// The counters a report charts and fits: `counters`, or the default; with instructions metered, `instructions`
  /// too (the case's own instructions).
  public var chartedCounters: [String] {
    let named = counters ?? [StatName.constraintScopes]
    guard instructionMetering != nil, !named.contains(StatName.instructions) else { return named }
    return named + [StatName.instructions]
  }

  /// The meter the run measured with.
  public var meter: Meter { instructionMetering == nil ? .time : .instructions }

  /// Whether `toolchain` compiles `spec` in this run. A run of one framework source (every `bench run`) compiles
  /// every case with every toolchain. A run mixing the real SDK and the miniature (`bench fidelity`) gives each side
  /// its own compiler: SDK cases go to the toolchains that pass `-sdk`, miniature cases to the others.
  public func measures(_ spec: CaseSpec, with toolchain: ToolchainInfo) -> Bool {
    guard mixesFrameworkSources else { return true }
    return Self.compilesAgainstSDK(toolchain) == (spec.framework == .sdk)
  }

  /// Whether `toolchain` compiles against the real SDK: with `-sdk`, or with a module set of SwiftUI's own
  /// declarations that `bench sdk import` wrote (`-I DIR/modules`).
  public static func compilesAgainstSDK(_ toolchain: ToolchainInfo) -> Bool {
    let flags = toolchain.extraFlags
    return flags.contains("-sdk")
      || zip(flags, flags.dropFirst()).contains { $0 == "-I" && $1.hasSuffix("/modules") }
  }

  /// True when some cases import the real SDK and others the miniature.
  public var mixesFrameworkSources: Bool {
    cases.contains { $0.framework == .sdk } && cases.contains { $0.framework == .miniature }
  }
}
