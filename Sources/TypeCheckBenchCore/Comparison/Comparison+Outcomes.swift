import Foundation

/// The points whose outcome changed between BASE and NEW, each in one sentence that calls the asymmetric case what it
/// is: "CASE solves in 40 scopes with BASE (a), where NEW (b) gives up (≥ 1,048,577 scopes)".
extension Comparison {
  /// One sentence per point decided by its outcome (one side failed or was censored, the other not), in display
  /// order; empty when no outcome changed.
  public var outcomeSentences: [String] {
    pointsForDisplay.compactMap { point in
      guard point.decidedBy == ["outcome"], point.verdict == .slower || point.verdict == .faster else { return nil }
      let (solved, unsolved, solvedSide, unsolvedSide) =
        point.verdict == .slower
        ? (point.base, point.new, "BASE (\(base.toolchain.name))", "NEW (\(new.toolchain.name))")
        : (point.new, point.base, "NEW (\(new.toolchain.name))", "BASE (\(base.toolchain.name))")
      let how =
        if let scopes = solved.scopes {
          "solves in \(NumberFormat.thousandsSeparated(String(Int64(scopes.rounded())))) scopes"
        } else if let median = solved.medianMilliseconds {
          "type-checks in \(NumberFormat.compact(median, digits: 3)) ms"
        } else {
          "type-checks"
        }
      return "\(point.caseID) \(how) with \(solvedSide), where \(unsolvedSide) \(Self.unsolvedClause(unsolved))"
    }
  }

  /// "gives up (≥ 1,048,577 scopes)", "runs past the 60 s timeout", "does not compile: “error: …”", "crashes (SIGSEGV)".
  static func unsolvedClause(_ point: MeasuredPoint) -> String {
    switch point.outcome {
    case .tooComplex:
      return "gives up"
        + (point.scopes.map { " (≥ \(NumberFormat.thousandsSeparated(String(Int64($0.rounded())))) scopes)" } ?? "")
    case .timeout:
      // A timed-out sample's time is the timeout: its lower bound.
      let seconds = (point.milliseconds.max() ?? 0) / 1000
      return seconds > 0 ? "runs past the \(NumberFormat.compact(seconds, digits: 6)) s timeout" : "times out"
    case .crash:
      return "crashes" + (point.detail.map { " (\($0))" } ?? "")
    case .badData:
      return "reports values out of range (bad data)"
    case .error:
      guard let detail = point.detail, !detail.isEmpty else { return "does not compile it" }
      let said = ["error: ", "fatal error: "].lazy.compactMap { detail.range(of: $0) }.first.map {
        String(detail[$0.lowerBound...])
      }
      return "does not compile it: “\(said ?? detail)”"
    case .ok:
      return "type-checks"
    }
  }
}
