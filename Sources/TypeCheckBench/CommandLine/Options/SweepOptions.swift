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
  public struct Group: Sendable {
    public var family: Option<[CaseFamily]>
    public var model: Option<[BuilderModel]>
    /// One option per parameter the families read, in the families' order.
    public var parameters: [ParameterOption]
    /// `--framework module|inline|sdk`: the text, read by `SweepOptions.init` (sdk is a source, not a form).
    public var framework: Option<String>
    public var template: Option<String>
    public var param: Option<String>

    public init(_ families: FamilySet) {
      let declared = CaseSweep()
      family = Option(
        "--family", value: families.families.map(\.rawValue).joined(separator: ","),
        default: declared.families.map(\.rawValue).joined(separator: ","), help: ParameterSpec.family.help
      ) { text, _ in try SweepOptions.families(text, among: families) }
      model = Option(
        "--model", value: BuilderModel.allCases.map(\.rawValue).joined(separator: ","),
        default: declared.models.map(\.rawValue).joined(separator: ","), help: ParameterSpec.model.help
      ) { text, name in try ValueParsers.list(text, flag: name) }
      parameters = families.parameters.filter { !$0.isCaseField && $0.flag != nil }.map {
        ParameterOption(parameter: $0, option: SweepOptions.option(for: $0, in: families))
      }
      framework = Option(
        "--framework", value: "module|inline|sdk", default: declared.framework.rawValue,
        help: "The miniature, as a module or inline, or the real SDK.")
      template = Option(
        "--template", value: "FILE.swift", help: "Sweep your own file: {{N}}, {{#repeat N}} … {{i}} … {{/repeat}}.")
      param = Option(
        "--param", value: "NAME=VALUES", repeatable: true,
        help: "A template parameter's values (1...12 or 2,4,8); repeat for a grid.")
    }

    /// The index in `parameters` of `parameter`'s option, if the families read it.
    func index(of parameter: ParameterSpec) -> Int? { parameters.firstIndex { $0.parameter == parameter } }
  }

  /// A case parameter's option, with the parameter it sets.
  public struct ParameterOption: Sendable {
    public var parameter: ParameterSpec
    public var option: Option<[ParameterValue]>
  }

  /// A parameter's option: its value form and help from its declaration; the default is each family's, said once
  /// when they agree (`1...16`) and per family when they differ (`1...8 for nesting, 1 for branches/chart`).
  static func option(for parameter: ParameterSpec, in families: FamilySet) -> Option<[ParameterValue]> {
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
    return Option(parameter.flag ?? parameter.name, value: form, default: defaultText, help: parameter.help) {
      text, _ in try ValueParsers.values(text, for: parameter)
    }
  }

  /// Reads the sweep options from parsed arguments; `--family` names one of the families the options were declared
  /// for.
  public init<Options: SweepCommandOptions>(_ arguments: ParsedArguments<Options>) throws {
    let group = arguments.options.sweep
    func parameterKey(_ index: Int) -> KeyPath<Options, Option<[ParameterValue]>> {
      \Options.sweep.parameters[index].option
    }
    let surfaceKey = group.index(of: .surface).map(parameterKey)
    var sweep = CaseSweep()
    if let text = arguments.text(\.sweep.framework) {
      if text == FrameworkSource.sdk.rawValue {
        sweep.source = .sdk
      } else {
        guard let value = FrameworkForm(rawValue: text) else {
          throw BenchError.usage("--framework: unknown form '\(text)'; expected module, inline or sdk")
        }
        sweep.framework = value
      }
    }
    if sweep.source == .sdk && arguments.has(\.sweep.model) {
      throw BenchError.usage(
        "--model: with --framework sdk the builder model is the SDK's own (Xcode 26 per-kind, Xcode 27 unified); "
          + "compare SDKs with --toolchain and --sdk instead")
    }
    if let template = try TemplateSweep.read(arguments) {
      // The miniature stands in for `import SwiftUI` and `import Charts` lines only: any other import of the SDK's
      // modules would find no such module (a real SDK has them all).
      if sweep.source == .miniature, let found = TemplateImports.unreplacedFrameworkImport(template.text) {
        throw BenchError.usage(
          "\(template.path):\(found.line): `\(found.code)`: bench stands its miniature framework in for `import "
            + "SwiftUI` and `import Charts` lines only (its modules have names of their own), so this import of "
            + "\(found.module) would find no such module; write `import SwiftUI` (or `import Charts`) instead")
      }
      // The options that shape the families' cases, which a template sweep does not take (`--surface` it takes: a
      // template importing SwiftUI or Charts imports the surface's miniature).
      let familyOnly =
        [\Options.sweep.family as PartialKeyPath<Options>]
        + group.parameters.indices.filter { group.parameters[$0].parameter != .surface }.map(parameterKey)
      if let conflicting = familyOnly.first(where: { arguments.has($0) }) {
        throw BenchError.usage(
          "\(arguments.name(conflicting)) shapes the built-in families; a --template sweep takes only --param")
      }
      let requested = try arguments[\.sweep.model]
      sweep = template.applied(to: sweep)
      sweep.models = try template.models(requested)
      if let surfaceKey, let values = try arguments[surfaceKey] { sweep[.surface] = values }
      self.template = template
    } else {
      if let families = try arguments[\.sweep.family] { sweep.families = families }
      if let models = try arguments[\.sweep.model] { sweep.models = models }
      for index in group.parameters.indices {
        if let values = try arguments[parameterKey(index)] { sweep[group.parameters[index].parameter] = values }
      }
    }
    if sweep.source == .miniature, let surfaceKey, let given = arguments.text(surfaceKey) {
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
