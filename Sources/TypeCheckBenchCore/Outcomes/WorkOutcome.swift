/// What a command's work came to: the one table of outcome kinds every command's exit status is decided from
/// (`bench --help` prints it). A run in which nothing was measured is never a success, and `bench corpus` exits as
/// lit does.
public enum WorkOutcome: CaseIterable, Sendable {
  /// Everything selected was done: every point measured (a censored value is a finding), every test passed or
  /// unsupported, every comparison made with nothing changed.
  case completed
  /// A selected test failed or errored (`bench corpus`, as lit), or a compile did not do what the corpus expects
  /// (`bench compat`).
  case testsFailed
  /// `bench compare`: a point got slower; `bench analyze`, `bench parse --stats-dir`: an expression is over the
  /// `--fail-over` share of the solver's budget.
  case regression
  /// `bench compare`: something got faster and nothing slower.
  case improvementsOnly
  /// Nothing was selected: no test matched (a `--filter` typo, an empty folder), or two runs have nothing in common.
  case nothingSelected
  /// Nothing was measured: every compile crashed or reported bad data, or a build timed no body.
  case nothingMeasured
  /// A generated case did not type-check with any toolchain measuring it, an analyzed build did not type-check (an
  /// error, an expression the solver gave up on, a toolchain past the timeout), or the compiler could not run.
  case caseFailed
  /// Stopped by Ctrl-C, SIGTERM or SIGHUP (resumable).
  case interrupted

  /// The exit status this outcome gives, in every command.
  public var status: ExitStatus {
    switch self {
    case .completed: .success
    case .testsFailed: .expectationFailed
    case .regression: .regression
    case .improvementsOnly: .improvementsOnly
    case .nothingSelected: .badData
    case .nothingMeasured, .caseFailed: .software
    case .interrupted: .interrupted
    }
  }

  /// The outcome as `bench --help` names it.
  public var meaning: String {
    switch self {
    case .completed: "everything selected was measured, passed (or is unsupported) or compared unchanged"
    case .testsFailed: "a corpus test failed or errored (as lit) or a compat expectation failed"
    case .regression: "a comparison found a regression or an expression is over --fail-over"
    case .improvementsOnly: "it found improvements only"
    case .nothingSelected: "nothing was selected or in common"
    case .nothingMeasured: "nothing was measured (every compile crashed or gave bad data, or no body was timed)"
    case .caseFailed: "a case (or an analyzed build) did not type-check or the compiler could not run"
    case .interrupted: "interrupted (resumable)"
    }
  }

  /// What a sweep's samples come to: `nothingMeasured`, with the line that says why, when no compile gave a value
  /// (each crashed or reported bad data); else `completed`.
  public static func sweep(_ samples: [TypeCheckSample]) -> (outcome: WorkOutcome, reason: String?) {
    guard !samples.contains(where: { !$0.outcome.isFailure }) else { return (.completed, nil) }
    guard !samples.isEmpty else { return (.nothingMeasured, "Nothing was measured: no compile was recorded.") }
    var counts: [Outcome: Int] = [:]
    for sample in samples { counts[sample.outcome, default: 0] += 1 }
    let parts = Outcome.allCases.compactMap { outcome in
      counts[outcome].map { "\($0) \(outcome == .crash ? "crashed" : outcome.rawValue)" }
    }
    var reason =
      "Nothing was measured: every one of the \(samples.count) compiles failed (\(parts.joined(separator: ", ")))"
    if let detail = samples.first(where: { $0.detail?.isEmpty == false })?.detail {
      reason += "; the first: \(detail)"
    }
    return (.nothingMeasured, reason + ".")
  }

  /// What a corpus run's verdicts come to, as lit decides: `nothingSelected` without tests, `testsFailed` (with the
  /// count) when a test failed or errored with some toolchain, else `completed`.
  public static func corpus(_ verdicts: [CorpusVerdict]) -> (outcome: WorkOutcome, reason: String?) {
    guard !verdicts.isEmpty else { return (.nothingSelected, "No test was selected.") }
    let failed = verdicts.filter { $0.status == .fail || $0.status == .error }
    guard !failed.isEmpty else { return (.completed, nil) }
    let failures = failed.filter { $0.status == .fail }.count
    let errors = failed.count - failures
    return (
      .testsFailed,
      "\(failed.count) of \(verdicts.count) test verdicts did not pass: \(failures) failed, \(errors) in error (exit "
        + "\(ExitStatus.expectationFailed.rawValue), as lit)."
    )
  }
}
