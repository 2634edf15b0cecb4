import Generators

/// The clock a point's type-check time comes from.
public enum CaseTimer: String, Codable, Hashable, Sendable {
  /// The sum of the case's own top-level body times in `-debug-time-function-bodies` (`caseMilliseconds`).
  case caseBodies = "case-bodies"
  /// The `-stats-output-dir` timer of the whole file's type checking (`time.swift.Type checking and Semantic
  /// analysis.wall`), used when a sample printed no case body.
  case typeCheckTimer = "typecheck-timer"
  /// Some samples have only one clock and others only the other: the point's times mix the two.
  case mixed
}
