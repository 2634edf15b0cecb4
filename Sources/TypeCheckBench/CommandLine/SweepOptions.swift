import Generators
import TypeCheckBenchCore

/// The sweep selected on the command line: the core's `CaseSweep`, read from `bench run`/`bench generate` options.
public typealias SweepOptions = CaseSweep

extension CaseSweep {
  /// The options shared by `generate` and `run`.
  public static let optionSpecs: [OptionSpec] = [
    OptionSpec(
      "--family", value: CaseFamily.allCases.map(\.rawValue).joined(separator: ","),
      help: "Case families to sweep (default: nesting)."),
    OptionSpec("--model", value: "per-kind,unified", help: "Builder models (default: both)."),
    OptionSpec("--preset", value: "swiftui|minimal", help: "Overload-set preset (default: swiftui, SwiftUI's counts)."),
    OptionSpec(
      "--kinds", value: ValueParsers.integerListForm,
      help: "Kinds sharing every primitive (1 or more); replaces the preset."),
    OptionSpec("--block-style", value: "pack,fixed-arity", help: "Per-kind buildBlock style (default: pack)."),
    OptionSpec(
      "--depth", value: ValueParsers.integerListForm, help: "Nesting depths (default: 1...8 for nesting, 1 otherwise)."),
    OptionSpec("--width", value: ValueParsers.integerListForm, help: "Children per builder block (default: 1)."),
    OptionSpec(
      "--primitives", value: "group,section,foreach,list",
      help: "Primitives by nesting level, cycled (default: group)."),
    OptionSpec(
      "--branches", value: ValueParsers.integerListForm, help: "Branch counts for branches/chart (default: 1...16)."),
    OptionSpec("--branch-form", value: "if-else,switch", help: "Branching statement (default: if-else)."),
    OptionSpec("--chart-variant", value: "compat,modern,extracted", help: "Chart variants (default: all three)."),
    OptionSpec(
      "--states", value: ValueParsers.integerListForm,
      help: "State properties per view for state (default: 1,2,4,8,16,32)."),
    OptionSpec("--state-form", value: "wrapper,macro-expansion", help: "How state is spelled (default: both)."),
    OptionSpec(
      "--framework", value: "module|inline",
      help: "Framework as an imported module (default) or inline in each case."),
  ]

  /// Reads the sweep options from parsed arguments.
  public init(_ arguments: ParsedArguments) throws {
    self.init()
    if let text = arguments.value("--family") { families = try ValueParsers.list(text, flag: "--family") }
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
    if let text = arguments.value("--framework") {
      guard let value = FrameworkForm(rawValue: text) else {
        throw BenchError.usage("--framework: unknown form '\(text)'; expected module or inline")
      }
      framework = value
    }
  }
}
