extension CaseFamily {
  /// The parameter this family scales, used as the x axis of its charts and fits.
  public var axis: String { descriptor.axis }
}

extension CaseSpec {
  /// The kind count actually generated: `kinds` when set, otherwise the preset's.
  public var effectiveKinds: Int { kinds ?? preset.defaultKindCount }

  /// The value of this case on its family's axis.
  public var axisValue: Int { family.descriptor.axisValue(self) }

  /// The name of the axis as this case names it: the family's, or the template parameter swept along.
  public var axisName: String { family.descriptor.axisName(self) }

  /// The axis's name among `relevantParameters`.
  public var axisParameter: String { family.descriptor.axisParameter(self) }

  /// The builder model in labels and contrasts: `sdk` with the real SDK, whose builders are its own.
  public var modelLabel: String { framework == .sdk ? FrameworkSource.sdk.rawValue : model.rawValue }

  /// Every parameter as an ordered list of names and values (stable column order for CSV and JSON).
  public var parameters: [(name: String, value: String)] {
    [
      ("family", family.rawValue),
      ("model", model.rawValue),
      // Explicit kinds replace the preset's table with one uniform overload set, so the preset no longer applies;
      // spelling it would give `--kinds 11` the default preset's id (`swiftui-k11`) for a different source.
      ("preset", kinds == nil ? preset.rawValue : "uniform"),
      ("kinds", String(effectiveKinds)),
      ("block_style", blockStyle.rawValue),
      ("depth", String(depth)),
      ("width", String(width)),
      ("primitives", primitives.map(\.rawValue).joined(separator: "+")),
      ("branches", String(branches)),
      ("branch_form", branchForm.rawValue),
      ("chart_variant", chartVariant.rawValue),
      ("states", String(states)),
      ("state_form", stateForm.rawValue),
    ]
  }

  /// The parameters that matter for this case's family, in a stable order.
  public var relevantParameters: [(name: String, value: String)] {
    let descriptor = family.descriptor
    if let caseParameters = descriptor.caseParameters { return caseParameters(self) }
    let names = descriptor.parameters
    return parameters.filter { names.contains($0.name) }
  }

  /// A stable, file-name-safe identifier, for example `nesting-per-kind-swiftui-k11-pack-d3-w1-group`.
  public var id: String { identifier(axisPlaceholder: false) }

  /// The identifier of the series this case belongs to: its id with `*` for the axis value
  /// (`nesting-per-kind-swiftui-k11-pack-d*-w1-group`).
  public var seriesID: String { identifier(axisPlaceholder: true) }

  private func identifier(axisPlaceholder: Bool) -> String {
    let base = miniatureIdentifier(axisPlaceholder: axisPlaceholder)
    return framework == .sdk ? base + "-sdk" : base
  }

  private func miniatureIdentifier(axisPlaceholder: Bool) -> String {
    if let identifier = family.descriptor.identifier { return identifier(self, axisPlaceholder) }
    return relevantParameters.map { parameter in
      if axisPlaceholder && parameter.name == family.axis {
        let prefix = ["depth": "d", "branches": "b", "states": "s"][parameter.name] ?? ""
        return prefix + "*"
      }
      return switch parameter.name {
      case "family", "model", "preset", "block_style", "primitives", "branch_form", "chart_variant", "state_form":
        parameter.value
      case "kinds": "k\(parameter.value)"
      case "depth": "d\(parameter.value)"
      case "width": "w\(parameter.value)"
      case "branches": "b\(parameter.value)"
      case "states": "s\(parameter.value)"
      default: parameter.value
      }
    }.joined(separator: "-")
  }

  /// The specs of `specs` by case id, the first of each id kept: the one way a case id (in a sample, a point or a
  /// history entry) is read back into its spec.
  public static func byID(_ specs: [CaseSpec]) -> [String: CaseSpec] {
    Dictionary(specs.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// A short human label for the series, naming what distinguishes it within a family.
  public var seriesLabel: String { family.descriptor.seriesLabel(self) }
}

extension KindPreset {
  /// The number of content kinds the preset shares between primitives.
  public var defaultKindCount: Int {
    switch self {
    case .swiftui: 11
    case .minimal: 2
    }
  }
}
