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
