import Generators
import TypeCheckBenchCore

/// The sweep selected on the command line: the core's `CaseSweep`, read from `bench run`/`bench generate` options,
/// and the template it sweeps, if any.
public struct SweepOptions: Sendable {
  public var sweep: CaseSweep
  /// `--template FILE` with its `--param`s: the template's family replaces the built-in ones.
  public var template: TemplateSweep?

  /// The options shared by `generate` and `run` for `families`: `--family`, `--model`, one per parameter the
  /// families read (its flag, value form, help and default from its declaration), `--framework`, `--template` and
  /// `--param`.
  public static func optionSpecs(_ families: FamilySet) -> [OptionSpec] {
    let declared = CaseSweep()
    return [
      OptionSpec(
        "--family", value: families.families.map(\.rawValue).joined(separator: ","),
        default: declared.families.map(\.rawValue).joined(separator: ","), help: ParameterSpec.family.help),
      OptionSpec(
        "--model", value: BuilderModel.allCases.map(\.rawValue).joined(separator: ","),
        default: declared.models.map(\.rawValue).joined(separator: ","), help: ParameterSpec.model.help),
    ]
      + families.parameters.filter { !$0.isCaseField && $0.flag != nil }.map { option(for: $0, in: families) }
      + [
        OptionSpec(
          "--framework", value: "module|inline|sdk", default: declared.framework.rawValue,
          help: "Miniature as a module or inline, or the SDK (macOS).")
      ] + TemplateSweep.optionSpecs
  }

  /// A parameter's option: its value form and help from its declaration; the default is each family's, said once
  /// when they agree (`1...16`) and per family when they differ (`1...8 for nesting, 1 for branches/chart`).
  static func option(for parameter: ParameterSpec, in families: FamilySet) -> OptionSpec {
    let form =
      switch parameter.form {
      case .integers: ValueParsers.integerListForm
      case .choices(let names), .sequence(let names, _): names.joined(separator: ",")
      case .choice(let names): names.joined(separator: "|")
      }
    var defaults: [(text: String, families: [String])] = []
    for use in families.uses(of: parameter) where !use.parameter.defaults.isEmpty {
      let text = ParameterSpec.helpText(use.parameter.defaults)
      if let index = defaults.firstIndex(where: { $0.text == text }) {
        defaults[index].families.append(use.family.rawValue)
      } else {
        defaults.append((text, [use.family.rawValue]))
      }
    }
    let defaultText =
      defaults.count > 1
      ? defaults.map { "\($0.text) for \($0.families.joined(separator: "/"))" }.joined(separator: ", ")
      : defaults.first?.text
    return OptionSpec(parameter.flag ?? parameter.name, value: form, default: defaultText, help: parameter.help)
  }

  /// The options that shape the families' cases, which a template sweep does not take (`--surface` it takes: a
  /// template importing SwiftUI or Charts imports the surface's miniature).
  static func familyOnlyOptions(_ families: FamilySet) -> [String] {
    ["--family"] + families.parameters.filter { !$0.isCaseField && $0 != .surface }.compactMap(\.flag)
  }

  /// Reads the sweep options from parsed arguments; `--family` names one of `families`.
  public init(_ arguments: ParsedArguments, families: FamilySet) throws {
    var sweep = CaseSweep()
    if let text = arguments.value("--framework") {
      if text == FrameworkSource.sdk.rawValue {
        sweep.source = .sdk
      } else {
        guard let value = FrameworkForm(rawValue: text) else {
          throw BenchError.usage("--framework: unknown form '\(text)'; expected module, inline or sdk")
        }
        sweep.framework = value
      }
    }
    if sweep.source == .sdk && arguments.has("--model") {
      throw BenchError.usage(
        "--model: with --framework sdk the builder model is the SDK's own (Xcode 26 per-kind, Xcode 27 unified); "
          + "compare SDKs with --toolchain and --sdk instead")
    }
    if let template = try TemplateSweep.read(arguments) {
      if let conflicting = Self.familyOnlyOptions(families).first(where: arguments.has) {
        throw BenchError.usage("\(conflicting) shapes the built-in families; a --template sweep takes only --param")
      }
      let requested: [BuilderModel]? = try arguments.value("--model").map { try ValueParsers.list($0, flag: "--model") }
      sweep = template.applied(to: sweep)
      sweep.models = try template.models(requested)
      if let text = arguments.value("--surface") { sweep[.surface] = try ValueParsers.values(text, for: .surface) }
      self.template = template
    } else {
      if let text = arguments.value("--family") { sweep.families = try Self.families(text, among: families) }
      if let text = arguments.value("--model") { sweep.models = try ValueParsers.list(text, flag: "--model") }
      for parameter in families.parameters where !parameter.isCaseField {
        guard let flag = parameter.flag, let text = arguments.value(flag) else { continue }
        sweep[parameter] = try ValueParsers.values(text, for: parameter)
      }
    }
    if sweep.source == .miniature, let given = arguments.value("--surface") {
      // Each model the sweep crosses needs a surface of its own among those given.
      for model in sweep.models where sweep.values(of: .surface, for: model).isEmpty {
        let own = BuilderSurface.allCases.filter { $0.model == model }.map(\.rawValue)
        throw BenchError.usage(
          "--surface \(given): no surface of the \(model.rawValue) model (\(own.joined(separator: ", "))); add one, "
            + "or give --model " + BuilderModel.allCases.filter { $0 != model }.map(\.rawValue).joined(separator: ","))
      }
    }
    if sweep.source == .sdk {
      // One series: the source does not depend on the model, and `modern` differs from `compat` only by the
      // deployment target, which --target sets.
      sweep.models = [.perKind]
      sweep[.chartVariant] = sweep.values(of: .chartVariant).compactMap { $0 }.filter {
        $0 != ParameterValue(ChartVariant.modern)
      }
    }
    self.sweep = sweep
  }

  /// `--family`'s list: each name one of `families`, each once.
  static func families(_ text: String, among families: FamilySet) throws -> [CaseFamily] {
    var result: [CaseFamily] = []
    let names = families.families.map(\.rawValue)
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let name = part.trimmingCharacters(in: .whitespaces)
      if name == FamilyDescriptor.templateName {
        throw BenchError.usage("--family \(name): give it with --template FILE --param N=1...12 instead")
      }
      guard let family = families.family(named: name) else {
        throw BenchError.usage(
          "--family: unknown value '\(name)'; expected one or more of \(names.joined(separator: ", ")), "
            + "comma-separated" + ValueParsers.suggestion(for: name, among: names))
      }
      if !result.contains(family) { result.append(family) }
    }
    return result
  }
}
