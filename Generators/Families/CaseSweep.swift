/// A sweep: the values of every parameter to cross, and the cases they expand to. The command line fills one in
/// (`bench run`/`bench generate` options); each family's descriptor expands it, using the parameters that apply to
/// it and its own defaults for those left nil.
public struct CaseSweep: Sendable, Equatable {
  public var families: [CaseFamily] = [.nesting]
  public var models: [BuilderModel] = BuilderModel.allCases
  public var preset: KindPreset = .swiftui
  public var kinds: [Int]? = nil
  public var blockStyles: [BlockStyle] = [.pack]
  public var depths: [Int]? = nil
  public var widths: [Int] = [1]
  public var primitives: [Primitive] = [.group]
  public var branches: [Int]? = nil
  public var branchForms: [BranchForm] = [.ifElse]
  public var chartVariants: [ChartVariant] = ChartVariant.allCases
  public var states: [Int]? = nil
  public var stateForms: [StateForm] = StateForm.allCases
  /// Where each case's miniature framework lives: an imported module (the default) or inline in the case file.
  public var framework: FrameworkForm = .module
  /// `--framework sdk`: the real SDK imported instead of the miniature (then `framework` does not apply).
  public var source: FrameworkSource = .miniature
  /// `--template FILE` with its `--param`s: the template family's cases (it replaces the other families).
  public var template: TemplateSweep? = nil

  public init() {}

  /// Every case of the sweep, in a stable order: family, series parameters, then the axis value ascending, with the
  /// models of one axis value adjacent so that a run can interleave them. Each case appears once.
  public var cases: [CaseSpec] {
    var result: [CaseSpec] = []
    var seen: Set<CaseSpec> = []
    for family in families {
      for var spec in family.descriptor.cases(self) {
        spec.framework = source
        if seen.insert(spec).inserted { result.append(spec) }
      }
    }
    return result
  }

  /// How many cases `cases` lists at most, computed from the option counts without listing them (sweeps can be
  /// products of huge ranges); Int.max when it overflows.
  public var caseCountBound: Int {
    var total = 0
    for family in families {
      let (sum, overflow) = total.addingReportingOverflow(family.descriptor.caseCount(self))
      total = overflow ? Int.max : sum
    }
    return total
  }

  /// The largest cases of the sweep: every scaled parameter at its maximum (generated sources grow with each), for
  /// every other combination. Parameters left to a family's default keep the default, which is small.
  public var largestCases: [CaseSpec] {
    var top = self
    top.kinds = kinds?.max().map { [$0] }
    top.depths = depths?.max().map { [$0] }
    top.widths = widths.max().map { [$0] } ?? widths
    top.branches = branches?.max().map { [$0] }
    top.states = states?.max().map { [$0] }
    top.template = template?.largest
    return top.cases
  }

  /// The product of `factors`, or Int.max when it overflows.
  public static func product(_ factors: [Int]) -> Int {
    var result = 1
    for factor in factors {
      let (value, overflow) = result.multipliedReportingOverflow(by: max(0, factor))
      if overflow { return Int.max }
      result = value
    }
    return result
  }

  /// `kinds` as the optional values a spec takes (nil: the preset's own count).
  public var kindValues: [Int?] { kinds.map { $0.map { Optional($0) } } ?? [nil] }

  /// `spec` once per model, in `models` order; a unified case always takes pack blocks (block style is a per-kind
  /// setting).
  public func forEachModel(_ spec: CaseSpec) -> [CaseSpec] {
    models.map { model in
      var spec = spec
      spec.model = model
      if model == .unified { spec.blockStyle = .pack }
      return spec
    }
  }
}
