extension CaseFamily {
  /// The parameter this family scales as charts and tables label their x axis (`depth`, a template's `N`).
  public var axis: String { descriptor.axis.label }
}

extension CaseSpec {
  /// The value of this case on its family's axis.
  public var axisValue: Int { self[family.descriptor.axis]?.integer ?? 0 }

  /// The name of the axis as this case names it: `depth`, or a template's swept parameter (`N`).
  public var axisName: String { family.descriptor.axis.label }

  /// The axis's name among `relevantParameters` (`depth`, a template's `param:N`).
  public var axisParameter: String { family.descriptor.axis.name }

  /// The builder model in labels and contrasts: `sdk` with the real SDK, whose builders are its own.
  public var modelLabel: String { framework == .sdk ? FrameworkSource.sdk.rawValue : model.rawValue }

  /// The builder model in series labels, with the SDK whose miniature the case imports when it is not the legacy
  /// one (`per-kind iOS 26.2`).
  public var surfaceLabel: String { sets(.surface) ? "\(modelLabel) \(surface.title)" : modelLabel }

  /// How this case spells `parameter`'s value in ids, CSV and manifests.
  public func spelled(_ parameter: ParameterSpec) -> String {
    if let spelling = parameter.spelling { return spelling(self) }
    return self[parameter]?.text ?? ""
  }

  /// Every built-in parameter as an ordered list of names and values (stable column order for CSV and manifests);
  /// a parameter the case's family does not read shows its neutral value.
  public var parameters: [(name: String, value: String)] {
    ParameterSpec.builtIn.map { ($0.name, spelled($0)) }
  }

  /// The parameters that matter for this case's family, in the order its id spells them: those every id spells
  /// (`ParameterSpec.alwaysSpelled`), the axis, and any other the case sets to a value other than its neutral one.
  public var relevantParameters: [(name: String, value: String)] {
    spelledParameters.map { ($0.name, spelled($0)) }
  }

  /// The family's parameters this case's id spells, in order.
  var spelledParameters: [ParameterSpec] {
    let axis = family.descriptor.axis
    return family.descriptor.parameters.filter { $0.alwaysSpelled || $0 == axis || sets($0) }
  }

  /// A stable, file-name-safe identifier, for example `nesting-per-kind-swiftui-k11-pack-d3-w1-group`: the family,
  /// the model and the family's parameters, each spelled when it is one every id spells or the case holds another
  /// value than its neutral one (`-ios26` for a surface other than the legacy one). A parameter added later with its
  /// neutral value renames no case.
  public var id: String { identifier(axisPlaceholder: false) }

  /// The identifier of the series this case belongs to: its id with `*` for the axis value
  /// (`nesting-per-kind-swiftui-k11-pack-d*-w1-group`).
  public var seriesID: String { identifier(axisPlaceholder: true) }

  private func identifier(axisPlaceholder: Bool) -> String {
    let axis = family.descriptor.axis
    let base = spelledParameters.map { parameter in
      parameter.idPrefix + (axisPlaceholder && parameter == axis ? "*" : spelled(parameter))
    }.joined(separator: "-")
    return framework == .sdk ? base + "-sdk" : base
  }

  /// The specs of `specs` by case id, the first of each id kept: the one way a case id (in a sample, a point or a
  /// history entry) is read back into its spec.
  public static func byID(_ specs: [CaseSpec]) -> [String: CaseSpec] {
    Dictionary(specs.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// A short human label for the series, naming what distinguishes it within a family.
  public var seriesLabel: String { family.descriptor.seriesLabel(self) }
}
