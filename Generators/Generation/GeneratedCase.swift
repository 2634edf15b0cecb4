/// A generated Swift case file: the case itself, and either its framework inline or an import of its module.
public struct GeneratedCase: Hashable, Sendable {
  public var spec: CaseSpec
  public var form: FrameworkForm = .inline
  /// The case file's full text: in `.inline` form the miniature framework first, then the case; in `.module` form
  /// an `import` of the framework's module, then the case.
  public var source: String
  /// 1-based line range of the case's own code (after the framework or the import); timings outside it are
  /// framework cost.
  public var caseLines: ClosedRange<Int>
  /// True when the case is designed to exceed the solver's limits (the chart case with the compatibility overload
  /// at high branch counts), so `too-complex` is an expected outcome rather than a generator bug.
  public var mayExceedSolverLimits: Bool
  /// The framework module the case imports (`.module` form), nil in `.inline` form: on an SDK surface, the last of
  /// `modules`.
  public var module: FrameworkModule?
  /// Every miniature module the case needs, built in this order (`.module` form): `module` alone on a legacy
  /// surface; on an SDK surface `SwiftUICore`, `SwiftUI` and, for a chart, `Charts`.
  public var modules: [FrameworkModule] = []

  /// A file name for the case: its id plus `.swift`.
  public var fileName: String { spec.id + ".swift" }

  /// Everything the case's figures depend on: the case file, and the module source it imports.
  public var measuredSource: String {
    source
      + (modules.isEmpty ? module.map { [$0] } ?? [] : modules).map { "\n// module \($0.name)\n" + $0.source }.joined()
  }
}
