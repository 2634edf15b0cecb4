import Foundation
import TypeCheckBenchCore

/// The options `bench analyze` and `bench parse --stats-dir` share for ranking expressions by constraint scopes, and
/// what both do with a ranking: its notes on the error stream, its exit status.
struct ScopeOptions: Sendable {
  var failOver = Option(
    "--fail-over", value: "SHARE", help: "Exit 2 when an expression uses more of the solver's budget (10% or 0.1)."
  ) { text, name in
    guard let value = ScopeBudget.parseShare(text) else {
      throw BenchError.usage("\(name): '\(text)' is not a share; expected a percentage such as 10% or 0.1")
    }
    return value
  }
  var threshold = Option<Int>.integer(
    "--solver-scope-threshold", default: String(ScopeBudget.defaultThreshold), minimum: 1,
    maximum: Int(Int32.max), help: "The solver's budget in scopes (-solver-scope-threshold).")

  /// The budget and gate the options give.
  static func parse<Options: ScopeCommandOptions>(_ parsed: ParsedArguments<Options>) throws -> (
    budget: ScopeBudget, failOver: Double?
  ) {
    let threshold = try parsed.valueOrDefault(\.scopes.threshold)
    return (ScopeBudget(threshold: Int64(threshold)), try parsed[\.scopes.failOver])
  }

  /// Says each note of `profile` on the error stream, one line each.
  static func warn(_ profile: ScopeProfile, context: CommandContext) {
    for note in profile.notes {
      context.warn("bench: \(note.source): \(note.message)")
    }
  }

  /// The exit status a ranking gives: 65 when trace rows could not be read (whatever else: an expression they held
  /// may be over the gate), 2 when the gate fails, 65 when some job's scopes are incomplete, else success.
  static func status(_ rankings: [ScopeRanking]) -> ExitStatus {
    if hasUnreadableRows(rankings) { return .badData }
    if rankings.contains(where: \.failsGate) { return .regression }
    if rankings.contains(where: { !$0.profile.isComplete }) { return .badData }
    return .success
  }

  /// True when some trace row of the rankings could not be read.
  static func hasUnreadableRows(_ rankings: [ScopeRanking]) -> Bool {
    rankings.contains { $0.profile.unreadableRows > 0 }
  }

  /// The lines that name the expressions over the gate, for the error stream.
  static func gateLines(_ ranking: ScopeRanking, toolchain: String? = nil) -> [String] {
    guard let failOver = ranking.failOver, !ranking.violations.isEmpty else { return [] }
    let prefix = toolchain.map { "\($0): " } ?? ""
    return ranking.violations.map { row in
      let what = row.atLimit ? "reached the solver's limit" : "uses \(ScopeBudget.percent(row.budgetShare))"
      return "bench: \(prefix)\(row.range.location): \(what) (\(row.expression.scopes) scopes; gate "
        + "\(ScopeBudget.percent(failOver)))"
    }
  }

  /// True for a file of the package's dependencies in a build folder (SwiftPM's `.build/checkouts/`, Xcode's
  /// `SourcePackages/checkouts/`).
  static func isDependency(_ path: String) -> Bool {
    path.contains("/checkouts/")
  }
}
