/// Every exit status bench returns and what it means: the one table that `bench --help`, the docs and every command
/// read (a command returns one of these, never a bare number).
public enum ExitStatus: Int32, CaseIterable, Sendable {
  case success = 0
  /// `bench corpus`: a selected test failed or errored (as lit); `bench compat`: a compile did not do what the corpus
  /// expects.
  case expectationFailed = 1
  /// `bench compare`: a point got slower; `bench analyze`, `bench parse --stats-dir`: an expression is over the
  /// `--fail-over` share of the solver's budget.
  case regression = 2
  /// `bench compare`: something got faster and nothing slower.
  case improvementsOnly = 4
  case usage = 64
  case badData = 65
  case software = 70
  case cannotCreate = 73
  case io = 74
  case interrupted = 130

  /// What the status means, as help and docs say it.
  public var meaning: String {
    switch self {
    case .success: "success"
    case .expectationFailed: "a failed test or expectation (corpus, compat)"
    case .regression: "regression (or over --fail-over)"
    case .improvementsOnly: "improvements only"
    case .usage: "bad usage"
    case .badData: "bad data"
    case .software: "compiler or case failure"
    case .cannotCreate: "output folder not bench's (not new, empty or marked)"
    case .io: "file system error"
    case .interrupted: "interrupted"
    }
  }

  /// `0 success, 2 regression, …` for `statuses`, in the table's order.
  public static func list(_ statuses: [ExitStatus] = allCases) -> String {
    allCases.filter(statuses.contains).map { "\($0.rawValue) \($0.meaning)" }.joined(separator: ", ")
  }
}
