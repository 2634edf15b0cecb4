import Generators

/// Everything one `bench run` measured, with the provenance to rebuild any report from it.
public struct RunRecord: Codable, Hashable, Sendable {
  /// The schema this build writes and reads; a record with another version is refused.
  public static let currentSchemaVersion = 1

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

  public init(
    schemaVersion: Int = RunRecord.currentSchemaVersion, runID: String, provenance: Provenance,
    toolchains: [ToolchainInfo], cases: [CaseSpec], samples: [TypeCheckSample], counters: [String]? = nil
  ) {
    self.schemaVersion = schemaVersion
    self.runID = runID
    self.provenance = provenance
    self.toolchains = toolchains
    self.cases = cases
    self.samples = samples
    self.counters = counters
  }

  /// The counters a report charts and fits: `counters`, or the default.
  public var chartedCounters: [String] { counters ?? [StatName.constraintScopes] }
}

/// Where and how a run was taken.
public struct Provenance: Codable, Hashable, Sendable {
  /// bench's own version.
  public var benchVersion: String
  /// The bench checkout's git revision, when known.
  public var gitRevision: String?
  /// Version of the measurement method; a change invalidates cached samples.
  public var measurementVersion: Int
  /// The command line as typed, for reproduction.
  public var commandLine: [String]
  public var operatingSystem: String
  public var cpuModel: String
  public var coreCount: Int
  /// ISO 8601 UTC start and end times (the only timestamps in any output).
  public var startedAt: String
  public var finishedAt: String?
  /// Measured runs per point.
  public var runs: Int
  /// Unrecorded warm-up runs per point.
  public var warmup: Int
  /// Per-compile timeout, seconds.
  public var timeoutSeconds: Double
  /// Compiles run at once; wall times are comparable only when 1.
  public var jobs: Int
  /// This run's share of the sweep (`i/n`), or nil for the whole sweep.
  public var shard: String?

  public init(
    benchVersion: String, gitRevision: String?, measurementVersion: Int, commandLine: [String],
    operatingSystem: String, cpuModel: String, coreCount: Int, startedAt: String, finishedAt: String?,
    runs: Int, warmup: Int, timeoutSeconds: Double, jobs: Int, shard: String? = nil
  ) {
    self.benchVersion = benchVersion
    self.gitRevision = gitRevision
    self.measurementVersion = measurementVersion
    self.commandLine = commandLine
    self.operatingSystem = operatingSystem
    self.cpuModel = cpuModel
    self.coreCount = coreCount
    self.startedAt = startedAt
    self.finishedAt = finishedAt
    self.runs = runs
    self.warmup = warmup
    self.timeoutSeconds = timeoutSeconds
    self.jobs = jobs
    self.shard = shard
  }
}

/// One compiler configuration measured in a run: a swiftc and the extra flags given to it.
public struct ToolchainInfo: Codable, Hashable, Sendable {
  /// The name samples refer to (for example `default`, or `6.1=/path/to/swiftc`'s `6.1`).
  public var name: String
  public var swiftcPath: String
  /// The full `swiftc --version` text.
  public var versionText: String
  /// The parsed version, for example `6.3.1`.
  public var version: String
  /// Extra flags passed to every compile, as given on the command line.
  public var extraFlags: [String]
  /// True for assertions-enabled (development snapshot) compilers, whose timings are not comparable with releases.
  public var assertionsEnabled: Bool

  public init(
    name: String, swiftcPath: String, versionText: String, version: String, extraFlags: [String],
    assertionsEnabled: Bool
  ) {
    self.name = name
    self.swiftcPath = swiftcPath
    self.versionText = versionText
    self.version = version
    self.extraFlags = extraFlags
    self.assertionsEnabled = assertionsEnabled
  }
}
