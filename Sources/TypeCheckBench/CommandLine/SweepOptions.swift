import Generators
import TypeCheckBenchCore

/// The sweep selected on the command line: the core's `CaseSweep`, read from `bench run`/`bench generate` options.
public typealias SweepOptions = CaseSweep

extension CaseSweep {
  /// The options shared by `generate` and `run`. Their defaults are printed from `CaseSweep()`'s, which the sweep
  /// keeps for an option not given; depths, branches and states default per family (its descriptor's).
  public static let optionSpecs: [OptionSpec] = {
    let declared = CaseSweep()
    func names<T: RawRepresentable>(_ values: [T]) -> String where T.RawValue == String {
      values.map(\.rawValue).joined(separator: ",")
    }
    // A list of an enumeration's values: the form lists them all, the default is the declared sweep's.
    func list<T: RawRepresentable & CaseIterable>(_ name: String, _ defaults: [T], _ help: String) -> OptionSpec
    where T.RawValue == String {
      OptionSpec(name, value: names(Array(T.allCases)), default: names(defaults), help: help)
    }
    func integers(_ name: String, default value: [Int]? = nil, _ help: String) -> OptionSpec {
      OptionSpec(
        name, value: ValueParsers.integerListForm, default: value?.map(String.init).joined(separator: ","),
        help: help)
    }
    return [
      OptionSpec(
        "--family", value: CaseFamily.allCases.map(\.rawValue).joined(separator: ","),
        default: declared.families.map(\.rawValue).joined(separator: ","), help: "Case families to sweep."),
      list("--model", declared.models, "Builder models."),
      OptionSpec(
        "--preset", value: "swiftui|minimal", default: declared.preset.rawValue,
        help: "Overload-set preset (swiftui: SwiftUI's counts)."),
      integers("--kinds", "Kinds sharing every primitive (1 or more); replaces the preset."),
      list("--block-style", declared.blockStyles, "Per-kind buildBlock style."),
      integers("--depth", "Nesting depths (default: 1...8 for nesting, 1 otherwise)."),
      integers("--width", default: declared.widths, "Children per builder block."),
      list("--primitives", declared.primitives, "Primitives by nesting level, cycled."),
      integers("--branches", "Branch counts for branches/chart (default: 1...16)."),
      list("--branch-form", declared.branchForms, "Branching statement."),
      list("--chart-variant", declared.chartVariants, "Chart variants."),
      integers("--states", "State properties per view for state (default: 1,2,4,8,16,32)."),
      list("--state-form", declared.stateForms, "How state is spelled."),
      OptionSpec(
        "--framework", value: "module|inline|sdk", default: declared.framework.rawValue,
        help: "Miniature as a module or inline, or the SDK (macOS)."),
    ] + TemplateSweep.optionSpecs
  }()

  /// The options that shape built-in families, which a template sweep does not take.
  static let familyOnlyOptions = [
    "--family", "--preset", "--kinds", "--block-style", "--depth", "--width", "--primitives", "--branches",
    "--branch-form", "--chart-variant", "--states", "--state-form",
  ]

  /// Reads the sweep options from parsed arguments.
  public init(_ arguments: ParsedArguments) throws {
    self.init()
    if let text = arguments.value("--framework") {
      if text == FrameworkSource.sdk.rawValue {
        source = .sdk
      } else {
        guard let value = FrameworkForm(rawValue: text) else {
          throw BenchError.usage("--framework: unknown form '\(text)'; expected module, inline or sdk")
        }
        framework = value
      }
    }
    if source == .sdk && arguments.has("--model") {
      throw BenchError.usage(
        "--model: with --framework sdk the builder model is the SDK's own (Xcode 26 per-kind, Xcode 27 unified); "
          + "compare SDKs with --toolchain and --sdk instead")
    }
    defer {
      if source == .sdk {
        // One series: the source does not depend on the model, and `modern` differs from `compat` only by the
        // deployment target, which --target sets.
        models = [.perKind]
        chartVariants = chartVariants.filter { $0 != .modern }
      }
    }
    if let template = try TemplateSweep.read(arguments) {
      if let conflicting = Self.familyOnlyOptions.first(where: arguments.has) {
        throw BenchError.usage("\(conflicting) shapes the built-in families; a --template sweep takes only --param")
      }
      let requested: [BuilderModel]? = try arguments.value("--model").map { try ValueParsers.list($0, flag: "--model") }
      self.template = template
      families = [.template]
      models = try template.models(requested)
      return
    }
    if let text = arguments.value("--family") {
      families = try ValueParsers.list(text, flag: "--family")
      if let family = families.first(where: { $0.descriptor.selectedBy != nil }),
        let selection = family.descriptor.selectedBy
      {
        throw BenchError.usage("--family \(family): give it with \(selection) instead")
      }
    }
    if let text = arguments.value("--model") { models = try ValueParsers.list(text, flag: "--model") }
    if let text = arguments.value("--preset") {
      guard let value = KindPreset(rawValue: text) else {
        throw BenchError.usage("--preset: unknown preset '\(text)'; expected swiftui or minimal")
      }
      preset = value
    }
    if let text = arguments.value("--kinds") {
      kinds = try ValueParsers.integers(text, limit: SweepLimits.kinds)
    }
    if let text = arguments.value("--block-style") { blockStyles = try ValueParsers.list(text, flag: "--block-style") }
    if let text = arguments.value("--depth") {
      depths = try ValueParsers.integers(text, limit: SweepLimits.depth)
    }
    if let text = arguments.value("--width") {
      widths = try ValueParsers.integers(text, limit: SweepLimits.width)
    }
    if let text = arguments.value("--primitives") {
      primitives = try ValueParsers.primitives(text, flag: "--primitives")
      guard SweepLimits.primitives.range.contains(primitives.count) else {
        throw BenchError.usage("--primitives: a cycle of \(primitives.count) is outside \(SweepLimits.primitives.text)")
      }
    }
    if let text = arguments.value("--branches") {
      branches = try ValueParsers.integers(text, limit: SweepLimits.branches)
    }
    if let text = arguments.value("--branch-form") { branchForms = try ValueParsers.list(text, flag: "--branch-form") }
    if let text = arguments.value("--chart-variant") {
      chartVariants = try ValueParsers.list(text, flag: "--chart-variant")
    }
    if let text = arguments.value("--states") {
      states = try ValueParsers.integers(text, limit: SweepLimits.states)
    }
    if let text = arguments.value("--state-form") { stateForms = try ValueParsers.list(text, flag: "--state-form") }
  }
}
