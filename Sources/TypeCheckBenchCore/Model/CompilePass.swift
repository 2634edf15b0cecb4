/// Which of a point's two kinds of compile a sample comes from.
///
/// bench never reports a time from a compile that its own instruments slow down: the expression timer prints one
/// unbuffered line per expression and reads the clock around each, which made the per-kind depth-3 case's body take
/// 1.5–2× as long (docs/measurement.md). So each point gets one instrumented compile, whose counters are exact
/// (they do not vary between runs) and whose expression timings are kept, and timed compiles, whose time is reported.
/// Which flags each kind gets is decided in one place, `MeasurementFlags`.
public enum CompilePass: String, Codable, Hashable, Sendable, CaseIterable {
  /// A compile whose time is reported: `-debug-time-function-bodies` and nothing that disturbs it.
  case timed
  /// The point's one labelled compile with every instrument: `-stats-output-dir` (the counters, among them the
  /// constraint scopes) and the armed expression timer (expression timings). Its time is never reported.
  case instrumented
}

extension TypeCheckSample {
  /// True when the sample's time may be reported: a timed compile, or a sample of a record measured before the two
  /// passes existed (measurement version 1, where one compile gave everything).
  public var givesTime: Bool { pass != .instrumented }

  /// True when the sample's statistics are the point's counters: the instrumented compile, or a version 1 sample.
  public var givesCounters: Bool { pass != .timed }

  /// The samples whose time may be reported and that carry a measurement (a lower bound when censored).
  public static func timed(_ samples: [TypeCheckSample]) -> [TypeCheckSample] {
    samples.filter { $0.givesTime && $0.outcome.isMeasured }
  }

  /// The samples whose statistics are the point's counters and that carry a measurement.
  public static func counted(_ samples: [TypeCheckSample]) -> [TypeCheckSample] {
    samples.filter { $0.givesCounters && $0.outcome.isMeasured }
  }

  /// The outcome of a point from its samples: the worst of its timed compiles, which decide censoring; an
  /// instrumented compile counts only when it failed (error, crash, bad data), since its instruments slow it down
  /// and its running into the timeout says nothing about the undisturbed compile. Nil when there are no samples.
  public static func pointOutcome(of samples: [TypeCheckSample]) -> Outcome? {
    let deciding = samples.filter { $0.givesTime || $0.outcome.isFailure }
    return Outcome.worst(of: deciding.isEmpty ? samples : deciding)
  }
}
