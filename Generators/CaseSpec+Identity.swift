extension CaseFamily {
  /// The parameter this family scales, used as the x axis of its charts and fits.
  public var axis: String {
    switch self {
    case .nesting: "depth"
    case .branches, .chart: "branches"
    case .state: "states"
    // Each template names its own axis (`CaseSpec.axisName`); this is the generic word for it.
    case .template: "size"
    }
  }
}

extension CaseSpec {
  /// The kind count actually generated: `kinds` when set, otherwise the preset's.
  public var effectiveKinds: Int { kinds ?? preset.defaultKindCount }

  /// The value of this case on its family's axis.
  public var axisValue: Int {
    switch family {
    case .nesting: depth
    case .branches, .chart: branches
    case .state: states
    case .template: template?.axisValue ?? 0
    }
  }

  /// The name of the axis: the family's, or the template parameter swept along.
  public var axisName: String { template?.axis ?? family.axis }

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
    if family == .template { return templateParameters }
    let names: Set<String> =
      switch family {
      case .nesting: ["family", "model", "preset", "kinds", "block_style", "depth", "width", "primitives"]
      case .branches:
        [
          "family", "model", "preset", "kinds", "block_style", "depth", "width", "primitives", "branches",
          "branch_form",
        ]
      case .chart: ["family", "model", "branches", "branch_form", "chart_variant"]
      case .state: ["family", "model", "preset", "kinds", "block_style", "states", "state_form"]
      case .template: []
      }
    return parameters.filter { names.contains($0.name) }
  }

  /// A stable, file-name-safe identifier, for example `nesting-per-kind-swiftui-k11-pack-d3-w1-group`.
  public var id: String { identifier(axisPlaceholder: false) }

  /// The identifier of the series this case belongs to: its id with `*` for the axis value
  /// (`nesting-per-kind-swiftui-k11-pack-d*-w1-group`).
  public var seriesID: String { identifier(axisPlaceholder: true) }

  /// A template case's parameters: the template's name and hash, the model when the template imports the builder
  /// framework, then the template's own parameters in the order given.
  public var templateParameters: [(name: String, value: String)] {
    guard let template else { return [("family", family.rawValue)] }
    var result: [(name: String, value: String)] = [
      ("family", family.rawValue), ("template", template.name), ("hash", String(template.hash.prefix(8))),
    ]
    if template.imports.any { result.append(("model", model.rawValue)) }
    return result + template.parameters.map { ("param:" + $0.name, String($0.value)) }
  }

  private func identifier(axisPlaceholder: Bool) -> String {
    let base = miniatureIdentifier(axisPlaceholder: axisPlaceholder)
    return framework == .sdk ? base + "-sdk" : base
  }

  private func miniatureIdentifier(axisPlaceholder: Bool) -> String {
    if family == .template {
      return relevantParameters.map { parameter in
        guard parameter.name.hasPrefix("param:") else { return parameter.value }
        let name = String(parameter.name.dropFirst("param:".count))
        // `N12` reads well; a name ending in a digit gets a separator (`K2_12`, not `K212`).
        let separator = name.last?.isNumber == true ? "_" : ""
        return name + separator + (axisPlaceholder && name == axisName ? "*" : parameter.value)
      }.joined(separator: "-")
    }
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

  /// A short human label for the series, naming what distinguishes it within a family.
  public var seriesLabel: String {
    // With the SDK the builder model is the SDK's own, whichever `model` says.
    let model = framework == .sdk ? "sdk" : self.model.rawValue
    return switch family {
    case .chart: "\(model), \(chartVariant.rawValue)"
    case .nesting, .branches: "\(model), K=\(effectiveKinds)"
    case .state: "\(model), \(stateForm.rawValue)"
    case .template: template.map { $0.imports.any ? model : $0.name } ?? "template"
    }
  }
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
