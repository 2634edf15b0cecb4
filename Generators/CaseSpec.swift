/// Every parameter that determines one generated source file: its family, builder model and framework, and a value
/// for each parameter its family reads (`FamilyDescriptor.parameters`). A parameter the case does not set holds its
/// neutral value (`ParameterSpec.neutral`), so that two cases differ exactly when some parameter's value does.
public struct CaseSpec: Hashable, Sendable {
  public var family: CaseFamily
  public var model: BuilderModel
  /// The miniature framework in the file, or the real SDK imported.
  public var framework: FrameworkSource
  /// The values set, by parameter name; none equals its parameter's neutral value.
  public private(set) var values: [String: ParameterValue] = [:]

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

  /// The value of `parameter`: the one set, else its neutral value (nil for a parameter without one, such as
  /// `kinds` left to the preset). Setting the neutral value (or nil) clears it.
  public subscript(_ parameter: ParameterSpec) -> ParameterValue? {
    get { values[parameter.name] ?? parameter.neutral }
    set { values[parameter.name] = newValue == parameter.neutral ? nil : newValue }
  }
}
