/// A generated, self-contained Swift source file for one case.
public struct GeneratedCase: Hashable, Sendable {
  public var spec: CaseSpec
  /// The file's full text: the miniature framework first, then the case.
  public var source: String
  /// 1-based line range of the case's own code (after the framework); timings outside it are framework cost.
  public var caseLines: ClosedRange<Int>
  /// True when the case is designed to exceed the solver's limits (the chart case with the compatibility overload
  /// at high branch counts), so `too-complex` is an expected outcome rather than a generator bug.
  public var mayExceedSolverLimits: Bool

  public init(spec: CaseSpec, source: String, caseLines: ClosedRange<Int>, mayExceedSolverLimits: Bool) {
    self.spec = spec
    self.source = source
    self.caseLines = caseLines
    self.mayExceedSolverLimits = mayExceedSolverLimits
  }

  /// A file name for the case: its id plus `.swift`.
  public var fileName: String { spec.id + ".swift" }
}
