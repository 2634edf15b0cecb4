/// Which of a point's kinds of compile a sample comes from.
///
/// bench never reports a time from a compile that its own instruments slow down: the expression timer prints one
/// unbuffered line per expression and reads the clock around each, which made the per-kind depth-3 case's body take
/// 1.5–2× as long (docs/measurement.md). So each point gets one instrumented compile, whose counters are exact
/// (they do not vary between runs) and whose expression timings are kept, and timed compiles, whose time is reported.
/// A point that may be one the solver gives up on is first compiled once as a probe, so that such a point is compiled
/// to the limit once. Which flags each kind gets is decided in one place, `MeasurementFlags`.
public enum CompilePass: String, Codable, Hashable, Sendable, CaseIterable {
  /// A compile whose time is reported: `-debug-time-function-bodies` and nothing that disturbs it.
  case timed
  /// The point's one labelled compile with every instrument: `-stats-output-dir` (the counters, among them the
  /// constraint scopes) and the armed expression timer (expression timings). Its time is never reported.
  case instrumented
  /// A point's first compile when its series' previous point came near the solver's limit: the timed compile's flag
  /// and `-stats-output-dir`, without the expression timer. When the solver gives up on it or it times out, it stands
  /// for the point, which is compiled no further: its counters are the point's, and its time (the statistics cost
  /// about 7 % of it) or the timeout a lower bound. Otherwise it is discarded, as a warm-up is, and never recorded.
  case probe
}

extension CompilePass {
  /// The solver's scope limit when no `-solver-scope-threshold` is given (Swift 6).
  public static let defaultSolverScopeLimit = 1_048_576.0

  /// The constraint scopes of a series' point from which its next point is probed first: 1/64 of the solver's scope
  /// limit, the one `flags` set (`-solver-scope-threshold=N`, passed with `-Xfrontend`) or the default (16,384
  /// scopes). In the committed runs every point the solver gave up on followed a point of 23,646 scopes or more
  /// (×2.4 to ×51 below the limit in one step), and few points that were not censored did.
  public static func probeScopes(flags: [String]) -> Double {
    let option = "-solver-scope-threshold="
    let limit = flags.last { $0.hasPrefix(option) }.flatMap { Double($0.dropFirst(option.count)) }
    return (limit ?? defaultSolverScopeLimit) / 64
  }
}

extension TypeCheckSample {
  /// True when the sample's time may be reported: a timed compile, a probe (recorded only when it stands for its
  /// censored point), or a sample of a record measured before the passes existed (measurement version 1, where one
  /// compile gave everything).
  public var givesTime: Bool { pass != .instrumented }

  /// True when the sample's statistics are the point's counters: the instrumented compile, a probe, or a version 1
  /// sample.
  public var givesCounters: Bool { pass != .timed }

  /// The samples whose time may be reported and that carry a measurement (a lower bound when censored).
  public static func timed(_ samples: [TypeCheckSample]) -> [TypeCheckSample] {
    samples.filter { $0.givesTime && $0.outcome.isMeasured }
  }

  /// The samples whose statistics are the point's counters and that carry a measurement.
  public static func counted(_ samples: [TypeCheckSample]) -> [TypeCheckSample] {
    samples.filter { $0.givesCounters && $0.outcome.isMeasured }
  }

  /// The outcome of a point from its samples: the worst of its timed compiles (and probe), which decide censoring; an
  /// instrumented compile counts only when it failed (error, crash, bad data), since its instruments slow it down
  /// and its running into the timeout says nothing about the undisturbed compile. Nil when there are no samples.
  public static func pointOutcome(of samples: [TypeCheckSample]) -> Outcome? {
    let deciding = samples.filter { $0.givesTime || $0.outcome.isFailure }
    return Outcome.worst(of: deciding.isEmpty ? samples : deciding)
  }
}
