/// One measured compile of one case with one toolchain.
public struct TypeCheckSample: Codable, Hashable, Sendable {
  /// `CaseSpec.id` of the compiled case.
  public var caseID: String
  /// `ToolchainInfo.name` of the compiler used.
  public var toolchain: String
  /// 0-based index among the measured (non-warm-up) runs of this point; 0 for the instrumented compile.
  public var iteration: Int
  /// Which kind of compile this is: timed (its time is reported) or the point's instrumented compile (its counters
  /// and expression timings are kept); nil in records measured before the two existed, where one compile gave both.
  public var pass: CompilePass?
  public var outcome: Outcome
  /// The signal name for `crash`, the first diagnostic for `error` and `too-complex`.
  public var detail: String?
  /// Process wall-clock time of swiftc, seconds.
  public var wallSeconds: Double
  /// Process user CPU time (children included), seconds.
  public var userSeconds: Double
  /// Process system CPU time (children included), seconds.
  public var systemSeconds: Double
  /// Peak resident set size of the compiler, bytes.
  public var maxRSSBytes: Int
  /// Sum of the case's own top-level body times from `-debug-time-function-bodies`, milliseconds. For a `timeout`,
  /// the timeout itself: the compile took at least that long, whatever bodies finished before the kill.
  public var caseMilliseconds: Double?
  /// The `-stats-output-dir` timers and counters that matter (for example `Sema.NumConstraintScopes`,
  /// `time.swift.Type checking and Semantic analysis.wall`): empty for a timed compile unless its point's time is read
  /// from the stats timer.
  public var stats: [String: Double]
  /// Function-body timings in the generated case's own region.
  public var bodies: [TimingEntry]
  /// Expression timings in the generated case's own region (from the instrumented compile only).
  public var expressions: [TimingEntry]
  /// Instructions the frontend job retired compiling the whole case file (`--meter instructions`), nil otherwise.
  public var instructions: Double?
  /// The import-only baseline of the case's preamble and toolchain (`InstructionBaseline`), subtracted from
  /// `instructions` to give the case's own (`caseInstructions`); nil when not metered.
  public var baselineInstructions: Double?
  /// What the sample measured (source, compiler, flags, method) as a hash, so `bench run --reuse` can copy it into
  /// a later run; nil in records written before bench kept it.
  public var cacheKey: String?

  public init(
    caseID: String, toolchain: String, iteration: Int, pass: CompilePass? = nil, outcome: Outcome,
    detail: String? = nil,
    wallSeconds: Double, userSeconds: Double, systemSeconds: Double, maxRSSBytes: Int,
    caseMilliseconds: Double?, stats: [String: Double], bodies: [TimingEntry] = [],
    expressions: [TimingEntry] = [], cacheKey: String? = nil, instructions: Double? = nil,
    baselineInstructions: Double? = nil
  ) {
    self.caseID = caseID
    self.toolchain = toolchain
    self.iteration = iteration
    self.pass = pass
    self.outcome = outcome
    self.detail = detail
    self.wallSeconds = wallSeconds
    self.userSeconds = userSeconds
    self.systemSeconds = systemSeconds
    self.maxRSSBytes = maxRSSBytes
    self.caseMilliseconds = caseMilliseconds
    self.stats = stats
    self.bodies = bodies
    self.expressions = expressions
    self.cacheKey = cacheKey
    self.instructions = instructions
    self.baselineInstructions = baselineInstructions
  }

  /// `Sema.NumConstraintScopes`: the solver's deterministic work counter.
  public var constraintScopes: Double? { stats[StatName.constraintScopes] }
  /// `Sema.NumLeafScopes`.
  public var leafScopes: Double? { stats[StatName.leafScopes] }
  /// The case's own instructions: the file's total less the import-only baseline; nil when not metered.
  public var caseInstructions: Double? {
    guard let instructions else { return nil }
    return instructions - (baselineInstructions ?? 0)
  }
}
