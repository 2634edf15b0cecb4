extension CaseFamily {
  /// A user's own template (`bench run --template FILE --param N=1...12`), swept along one of its parameters.
  public static let template = CaseFamily(named: "template")
}

extension TemplateCase {
  /// The compared value of a template that imports neither SwiftUI nor Charts: it has no builder model, one series.
  public static let unmodeledContrast = "template"
}

extension FamilyDescriptor {
  static let template = FamilyDescriptor(
    family: .template, title: "Template", axis: "size", axisValue: { $0.template?.axisValue ?? 0 },
    // The generic spelling sees only `family`; `caseParameters` adds the template's own.
    parameters: ["family"],
    contrast: FamilyContrast(
      parameter: "model",
      values: BuilderModel.allCases.map(\.rawValue) + [TemplateCase.unmodeledContrast, FrameworkSource.sdk.rawValue],
      value: { spec in spec.template?.imports.any == true ? spec.modelLabel : TemplateCase.unmodeledContrast },
      neutralized: { spec in
        var spec = spec
        spec.model = .perKind
        return spec
      }),
    seriesLabel: { spec in spec.template.map { $0.imports.any ? spec.modelLabel : $0.name } ?? "template" },
    cases: { sweep in sweep.template?.cases(models: sweep.models) ?? [] },
    caseCount: { sweep in sweep.template?.caseCount(models: sweep.models) ?? 0 },
    emit: { spec, out in
      guard let template = spec.template else { return }
      var body: String
      do throws(TemplateError) {
        body = try template.rendered()
      } catch {
        // The command line renders the largest instance before any compile, so this is not reached in a run; were
        // it, the compile fails with the reason instead of measuring a wrong file.
        body = "#error(\(error.description.swiftLiteral))\n"
      }
      // With the miniature, bench's framework (imported or inline above) stands in for SwiftUI and Charts; with the
      // SDK the template imports them itself, as written.
      if spec.framework == .miniature { body = TemplateImports.commentingOutFrameworkImports(body) }
      var lines = body.split(separator: "\n", omittingEmptySubsequences: false)
      if lines.last == "" { lines.removeLast() }
      for line in lines { out.line(String(line)) }
    },
    mayExceedSolverLimits: { _ in true },
    wording: FamilyWording(
      axisValue: { "size \($0)" }, axisPreposition: "at", axisUnit: "step",
      seriesName: { spec in
        spec.template?.imports.any == true
          ? FamilyWording.builderDesign(spec) : "the template \(spec.template?.name ?? "")"
      },
      headlinesGrowth: true),
    listed: false, selectedBy: "--template FILE --param N=1...12",
    axisName: { $0.template?.axis ?? "size" },
    axisParameter: { "param:" + ($0.template?.axis ?? "size") },
    caseParameters: { $0.templateParameters },
    identifier: { spec, axisPlaceholder in
      spec.templateParameters.map { parameter in
        guard parameter.name.hasPrefix("param:") else { return parameter.value }
        let name = String(parameter.name.dropFirst("param:".count))
        // `N12` reads well; a name ending in a digit gets a separator (`K2_12`, not `K212`).
        let separator = name.last?.isNumber == true ? "_" : ""
        return name + separator + (axisPlaceholder && name == spec.template?.axis ? "*" : parameter.value)
      }.joined(separator: "-")
    },
    frameworkCase: { spec in
      // The miniature of the template's model, with Charts when it imports Charts; none when it imports neither.
      guard let imports = spec.template?.imports, imports.any else { return nil }
      return CaseSpec(family: imports.charts ? .chart : .nesting, model: spec.model, chartVariant: .compat)
    },
    sdkImports: { _ in [] })
}

extension CaseSpec {
  /// A template case's parameters: the template's name and hash, the model when the template imports the builder
  /// framework, then the template's own parameters (`param:N`) in the order given.
  public var templateParameters: [(name: String, value: String)] {
    guard let template else { return [("family", family.rawValue)] }
    var result: [(name: String, value: String)] = [
      ("family", family.rawValue), ("template", template.name), ("hash", String(template.hash.prefix(8))),
    ]
    if template.imports.any { result.append(("model", model.rawValue)) }
    return result + template.parameters.map { ("param:" + $0.name, String($0.value)) }
  }
}
