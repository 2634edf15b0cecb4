/// What `bench run --meter` measures each compile by.
public enum Meter: String, Codable, CaseIterable, Sendable {
  /// Type-check time (and constraint scopes), as bench always measured.
  case time
  /// The instructions each frontend job retires, from the best source the host has, besides time and scopes.
  case instructions
}

/// Where a run's instruction counts come from, best first.
public enum InstructionSource: String, Codable, CaseIterable, Sendable {
  /// Linux `perf_event_open`: the CPU's retired-instructions counter, user space only, of the frontend process and
  /// its children.
  case perfEvents = "perf_event_open"
  /// macOS `proc_pid_rusage` (`ri_instructions`) of the frontend process.
  case processRusage = "proc_pid_rusage"
  /// `valgrind --tool=cachegrind --cache-sim=no` on the frontend command: every instruction the frontend executes,
  /// counted in software, the same on every run, at about 37 times the native wall time.
  case cachegrind

  /// True when the instrumentation slows the compile so much that its times say nothing about the compiler.
  public var disturbsTime: Bool { self == .cachegrind }

  /// True when two runs of one compiler on one input give the same count, by measurement (cachegrind: a
  /// difference of 6 in 1.1 billion), not by assumption. Hardware counters are within a few thousand instructions
  /// per run (interrupt skid), far below the default threshold, but only on the same CPU model.
  public var isExact: Bool { self == .cachegrind }

  /// A phrase for reports, for example `cachegrind (valgrind --tool=cachegrind --cache-sim=no)`.
  public var phrase: String {
    switch self {
    case .perfEvents: "perf_event_open (the CPU's instructions:u counter)"
    case .processRusage: "proc_pid_rusage (ri_instructions)"
    case .cachegrind: "cachegrind (valgrind --tool=cachegrind --cache-sim=no)"
    }
  }
}

/// How a run counted instructions: the source, the tool's version, and the import-only baselines subtracted from
/// every point.
public struct InstructionMetering: Codable, Hashable, Sendable {
  public var source: InstructionSource
  /// The counting tool's own version (`valgrind-3.19.0`) or the counter's CPU, for provenance.
  public var detail: String
  /// One baseline per distinct preamble (the framework module's `import`) and toolchain, measured once.
  public var baselines: [InstructionBaseline]
  /// False when the counting slowed the compiles (cachegrind): the run's times are then not comparable with native
  /// ones. Written for readers of run.json; bench derives it from `source`.
  public var timeComparable: Bool

  public init(source: InstructionSource, detail: String, baselines: [InstructionBaseline] = []) {
    self.source = source
    self.detail = detail
    self.baselines = baselines
    self.timeComparable = !source.disturbsTime
  }

  private enum CodingKeys: String, CodingKey {
    case source, detail, baselines, timeComparable
  }

  /// Decodes a metering; `timeComparable` follows from the source when absent.
  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      source: try container.decode(InstructionSource.self, forKey: .source),
      detail: try container.decode(String.self, forKey: .detail),
      baselines: try container.decode([InstructionBaseline].self, forKey: .baselines))
  }

  /// The baseline with `key` and `toolchain`, if measured.
  public func baseline(key: String, toolchain: String) -> InstructionBaseline? {
    baselines.first { $0.key == key && $0.toolchain == toolchain }
  }
}

/// The instructions a file holding only a case's fixed preamble (its framework module's `import`) costs one
/// toolchain: the start-up, the standard library and the module's loading that every case of that preamble pays.
public struct InstructionBaseline: Codable, Hashable, Sendable {
  /// A hash of the preamble's source text: cases whose preambles are identical share one baseline.
  public var key: String
  /// What the preamble holds, for reports: `import PerKindUI`, or `inline framework (PerKindUI)`.
  public var label: String
  /// `ToolchainInfo.name` of the compiler measured.
  public var toolchain: String
  /// Instructions retired by the frontend job compiling the preamble alone.
  public var instructions: Double

  public init(key: String, label: String, toolchain: String, instructions: Double) {
    self.key = key
    self.label = label
    self.toolchain = toolchain
    self.instructions = instructions
  }
}
