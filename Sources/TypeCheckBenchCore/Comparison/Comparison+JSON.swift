import Escaping
import Foundation

/// The comparison as JSON, for tools.
extension Comparison {
  /// Pretty-printed JSON with sorted keys: the summary, the exit status and every field of the comparison.
  public var json: String {
    // Encoding plain values and arrays of them cannot fail.
    try! JSONFormat.document(Report(comparison: self))
  }

  /// The JSON document: the comparison plus the figures a reader would otherwise recompute.
  struct Report: Encodable {
    var summary: String
    var exitStatus: Int32
    var slower: Int
    var faster: Int
    var unchanged: Int
    var undecided: Int
    var comparison: Comparison

    init(comparison: Comparison) {
      summary = comparison.summaryLine
      exitStatus = comparison.exitStatus.rawValue
      slower = comparison.count(.slower)
      faster = comparison.count(.faster)
      unchanged = comparison.count(.unchanged)
      undecided = comparison.count(.undecided)
      self.comparison = comparison
    }
  }
}
