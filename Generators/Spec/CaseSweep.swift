/// A sweep: the families, the builder models, the values given for each parameter, and the cases they expand to. The
/// command line fills one in (`bench run`/`bench generate` options); each family crosses the values of the parameters
/// it reads, taking its own default for a parameter not given.
public struct CaseSweep: Sendable, Equatable {
  public var families: [CaseFamily] = [.nesting]
  public var models: [BuilderModel] = BuilderModel.allCases
  /// The values given for each parameter, by its name; a parameter not given takes each family's default.
  public var values: [String: [ParameterValue]] = [:]
  /// Where each case's miniature framework lives: an imported module (the default) or inline in the case file.
  public var framework: FrameworkForm = .module
  /// `--framework sdk`: the real SDK imported instead of the miniature (then `framework` does not apply).
  public var source: FrameworkSource = .miniature

  public init() {}

  /// The values given for `parameter`, or nil when it takes each family's default.
  public subscript(_ parameter: ParameterSpec) -> [ParameterValue]? {
    get { values[parameter.name] }
    set { values[parameter.name] = newValue }
  }

  /// The values a case of a family takes for `parameter` (as the family declares it): the ones given, else the
  /// family's default; nil stands for "no value" (`--kinds` not given: the preset's count).
  public func values(of parameter: ParameterSpec) -> [ParameterValue?] {
    let given = values[parameter.name] ?? parameter.defaults
    return given.isEmpty ? [nil] : given
  }

  /// The parameters a family crosses, in loop order: its own order with the axis moved after the others and the
  /// compared parameter (a chart variant) after the axis, so that the cases a report compares at one axis value are
  /// adjacent, as the models of one axis value are.
  /// A per-model parameter (`surface`) is crossed after the models instead (`perModelParameters`).
  static func loopOrder(_ descriptor: FamilyDescriptor) -> [ParameterSpec] {
    let crossed = descriptor.valueParameters.filter { $0.perModel == nil }
    let compared = crossed.filter { $0.name == descriptor.contrast.parameter }
    let others = crossed.filter { $0 != descriptor.axis && !compared.contains($0) }
    return others + [descriptor.axis] + compared
  }

  /// The family's parameters whose values belong to one model each, crossed once the model is set.
  static func perModelParameters(_ descriptor: FamilyDescriptor) -> [ParameterSpec] {
    descriptor.valueParameters.filter { $0.perModel != nil }
  }

  /// The values of per-model `parameter` a case of `model` takes: those given (or the default) that apply to it. With
  /// the real SDK the miniature's surface does not apply: its cases keep the neutral value.
  public func values(of parameter: ParameterSpec, for model: BuilderModel) -> [ParameterValue?] {
    guard source == .miniature else { return [nil] }
    return values(of: parameter).filter { value in value.map { parameter.applies($0, to: model) } ?? true }
  }

  /// Every case of the sweep, in a stable order: family, series parameters, then the axis value ascending, with the
  /// models of one axis value adjacent so that a run can interleave them. Each case appears once.
  public var cases: [CaseSpec] {
    var result: [CaseSpec] = []
    var seen: Set<CaseSpec> = []
    for family in families {
      let descriptor = family.descriptor
      var specs = [CaseSpec(family: family)]
      for parameter in Self.loopOrder(descriptor) {
        let choices = values(of: parameter)
        specs = specs.flatMap { base in
          choices.map { value in
            var spec = base
            spec[parameter] = value
            return spec
          }
        }
      }
      var modeled = specs.flatMap(forEachModel)
      for parameter in Self.perModelParameters(descriptor) {
        modeled = modeled.flatMap { base in
          values(of: parameter, for: base.model).map { value in
            var spec = base
            spec[parameter] = value
            return spec
          }
        }
      }
      for var spec in modeled where !descriptor.excludes(spec) {
        spec.framework = source
        if seen.insert(spec).inserted { result.append(spec) }
      }
    }
    return result
  }

  /// How many cases `cases` lists at most, computed from the value counts without listing them (sweeps can be
  /// products of huge ranges); Int.max when it overflows.
  public var caseCountBound: Int {
    var total = 0
    for family in families {
      // Each model counts the per-model values that apply to it.
      let perModel = Self.perModelParameters(family.descriptor)
      let modelCount = models.reduce(0) { sum, model in
        sum + Self.product(perModel.map { values(of: $0, for: model).count })
      }
      let counts = Self.loopOrder(family.descriptor).map { values(of: $0).count } + [modelCount]
      let (sum, overflow) = total.addingReportingOverflow(Self.product(counts))
      total = overflow ? Int.max : sum
    }
    return total
  }

  /// The largest cases of the sweep: every parameter that grows a source (`ParameterSpec.growsSource`) at its
  /// largest value, for every combination of the others.
  public var largestCases: [CaseSpec] { extremeCases(largest: true) }

  /// The smallest cases: every parameter that grows a source at its smallest value.
  public var smallestCases: [CaseSpec] { extremeCases(largest: false) }

  private func extremeCases(largest: Bool) -> [CaseSpec] {
    var top = self
    top.families = []
    var result: [CaseSpec] = []
    for family in families {
      top.families = [family]
      for parameter in family.descriptor.valueParameters where parameter.growsSource {
        let given = values(of: parameter).compactMap { $0 }
        if let extreme = largest ? given.max() : given.min() { top[parameter] = [extreme] }
      }
      result += top.cases
      top.values = values
    }
    return result
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

extension CaseSweep {
  /// The sweep that spans `specs` (of one framework source): their families and models, and for each parameter every
  /// value they take. Its largest cases bound the sources of a recorded plan (`--resume`) the way a new sweep's are
  /// bounded.
  public init(spanning specs: [CaseSpec]) {
    self.init()
    families = []
    models = []
    for spec in specs {
      if !families.contains(spec.family) { families.append(spec.family) }
      if !models.contains(spec.model) { models.append(spec.model) }
      for parameter in spec.family.descriptor.valueParameters {
        guard let value = spec[parameter] else { continue }
        if !(values[parameter.name]?.contains(value) ?? false) { values[parameter.name, default: []].append(value) }
      }
    }
    for name in values.keys { values[name]?.sort() }
    source = specs.first?.framework ?? .miniature
  }
}
