import Generators

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
