/// Every parameter that determines one generated source file: its family, builder model and framework, and a value
/// for each parameter its family reads (`FamilyDescriptor.parameters`). A parameter the case does not set holds its
/// neutral value (`ParameterSpec.neutral`), so that two cases differ exactly when some parameter's value does.
public struct CaseSpec: Hashable, Sendable {
  public var family: CaseFamily
  public var model: BuilderModel {
    // A per-model parameter's value of the old model is meaningless in the new one: it returns to the new model's
    // neutral value (a sweep sets surfaces after the model).
    didSet {
      guard model != oldValue else { return }
      for name in perModelNames { values[name] = nil }
      perModelNames = []
    }
  }
  /// The miniature framework in the file, or the real SDK imported.
  public var framework: FrameworkSource
  /// The values set, by parameter name; none equals its parameter's neutral value.
  public private(set) var values: [String: ParameterValue] = [:]
  /// The names in `values` of per-model parameters (`ParameterSpec.perModel`), which a change of model clears. Kept
  /// as the subscript sets them, so the case needs no list of parameters (the built-in list is a family's layer's).
  private var perModelNames: Set<String> = []

  /// A case of `family` with every parameter at its neutral value.
  public init(family: CaseFamily, model: BuilderModel = .perKind, framework: FrameworkSource = .miniature) {
    self.family = family
    self.model = model
    self.framework = framework
  }

  /// A case of `family` with `values` set.
  public init(
    family: CaseFamily, model: BuilderModel = .perKind, framework: FrameworkSource = .miniature,
    values: [ParameterSpec: ParameterValue]
  ) {
    self.init(family: family, model: model, framework: framework)
    for (parameter, value) in values { self[parameter] = value }
  }

  /// The value of `parameter`: the one set, else its neutral value for the case's model (nil for a parameter
  /// without one, such as `kinds` left to the preset). Setting the neutral value (or nil) clears it.
  public subscript(_ parameter: ParameterSpec) -> ParameterValue? {
    get { values[parameter.name] ?? parameter.neutral(for: model) }
    set {
      let value = newValue == parameter.neutral(for: model) ? nil : newValue
      values[parameter.name] = value
      if parameter.perModel != nil {
        if value == nil { perModelNames.remove(parameter.name) } else { perModelNames.insert(parameter.name) }
      }
    }
  }

  /// Whether the case holds another value of `parameter` than its neutral one (a value it sets).
  public func sets(_ parameter: ParameterSpec) -> Bool { values[parameter.name] != nil }
}
