extension TemplateCase {
  /// The compared value of a template that imports neither SwiftUI nor Charts: it has no builder model, one series.
  public static let unmodeledContrast = "template"
}

extension FamilyDescriptor {
  /// The name every template's family has (`template-…` ids, the report's Template section).
  public static let templateName = "template"

  /// The family of one template (`bench run --template FILE --param N=1...12`): an ordinary family whose parameters
  /// are the template's own placeholders, built when the template is read (from the file, or from a record's case).
  /// - Parameters:
  ///   - name: The template's file-name-safe name (`arithmetic-chain`).
  ///   - hash: 16 hex digits of the text's FNV-1a hash; ids spell the first 8.
  ///   - parameters: The placeholders given values, in the order given.
  ///   - axis: The placeholder charts and fits put on the x axis, one of `parameters`.
  public static func template(
    name: String, text: String, hash: String, parameters: [String], axis: String
  ) -> FamilyDescriptor {
    let imports = TemplateImports(text)
    let own = parameters.map(ParameterSpec.templatePlaceholder)
    let contrast = FamilyContrast(
      parameter: "model",
      values: BuilderModel.allCases.map(\.rawValue) + [TemplateCase.unmodeledContrast, FrameworkSource.sdk.rawValue],
      value: { spec in imports.any ? spec.modelLabel : TemplateCase.unmodeledContrast },
      neutralized: FamilyContrast.model.neutralized)
    return FamilyDescriptor(
      name: templateName, title: "Template",
      // The id: `template-<name>-<hash>`, the model when the template has builder models, then each placeholder.
      parameters: [.family, .templateFile(name), .templateHash(hash)] + (imports.any ? [.model] : []) + own
        + (imports.any ? [.surface] : []),
      axis: own.first { $0.label == axis } ?? own[0], contrast: contrast,
      seriesLabel: { spec in imports.any ? spec.surfaceLabel : name },
      importsFramework: imports.any, includesCharts: imports.charts, sdkImports: [],
      emit: { spec, out in
        let values = own.map { TemplateParameter(name: $0.label, value: spec[$0]?.integer ?? 0) }
        var body: String
        do throws(TemplateError) {
          body = try Template(text).render(Dictionary(values.map { ($0.name, $0.value) }) { first, _ in first })
        } catch {
          // The command line renders the largest instance before any compile, so this is not reached in a run; were
          // it, the compile fails with the reason instead of measuring a wrong file.
          body = "#error(\(error.description.swiftLiteral))\n"
        }
        // With the miniature, bench's framework (imported or inline above) stands in for SwiftUI and Charts; with
        // the SDK the template imports them itself, as written.
        if spec.framework == .miniature { body = TemplateImports.commentingOutFrameworkImports(body) }
        var lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        for line in lines { out.line(String(line)) }
      },
      mayExceedSolverLimits: { _ in true },
      wording: FamilyWording(
        axisValue: { "size \($0)" }, axisPreposition: "at", axisUnit: "step",
        seriesName: { spec in imports.any ? FamilyWording.builderDesign(spec) : "the template \(name)" },
        growthHeadline: "Template \(name)"),
      recordedText: text)
  }
}

extension ParameterSpec {
  /// The template's file name: every case of one template holds it.
  static func templateFile(_ name: String) -> ParameterSpec {
    ParameterSpec(
      "template", flag: "--template", help: "The template's file name.", form: .choice([name]),
      defaults: [.name(name)], hasNeutral: false, alwaysSpelled: true)
  }

  /// The template's hash (16 hex digits), which ids spell by its first 8.
  static func templateHash(_ hash: String) -> ParameterSpec {
    ParameterSpec(
      "hash", flag: nil, help: "The template text's FNV-1a hash.", form: .choice([hash]), defaults: [.name(hash)],
      hasNeutral: false, alwaysSpelled: true, spelling: { _ in String(hash.prefix(8)) })
  }

  /// The largest value a placeholder takes: beyond it instances are megabytes of source.
  public static let templatePlaceholderLimit = 0...100_000

  /// A template's placeholder `{{N}}` as a parameter (`param:N`, given by `--param N=…`): a whole number, spelled `N5`
  /// in ids (`K2_5` for a name ending in a digit).
  public static func templatePlaceholder(_ name: String) -> ParameterSpec {
    ParameterSpec(
      "param:" + name, flag: "--param \(name)", help: "The template's {{\(name)}}.",
      form: .integers(templatePlaceholderLimit), defaults: [],
      idPrefix: name + (name.last?.isNumber == true ? "_" : ""),
      growsSource: true, label: name, alwaysSpelled: true)
  }
}

extension TemplateCase {
  /// The record of a template's case: nil for a case of a family declared in code.
  init?(_ spec: CaseSpec) {
    let descriptor = spec.family.descriptor
    guard let text = descriptor.recordedText else { return nil }
    let own = descriptor.valueParameters.filter { $0.name.hasPrefix("param:") }
    self.init(
      name: spec[.templateFile("")]?.text ?? "", text: text, hash: spec[.templateHash("")]?.text ?? "",
      parameters: own.map { TemplateParameter(name: $0.label, value: spec[$0]?.integer ?? 0) },
      axis: descriptor.axis.label)
  }

  /// The case this record describes, with its template's family.
  func spec(model: BuilderModel, framework: FrameworkSource) -> CaseSpec {
    let family = CaseFamily(
      .template(name: name, text: text, hash: hash, parameters: parameters.map(\.name), axis: axis))
    var spec = CaseSpec(family: family, model: model, framework: framework)
    for parameter in family.descriptor.valueParameters {
      switch parameter.name {
      case "template": spec[parameter] = .name(name)
      case "hash": spec[parameter] = .name(hash)
      default: spec[parameter] = value(of: parameter.label).map(ParameterValue.integer)
      }
    }
    return spec
  }
}
