/// One parameter of a case, declared once as a value: the flag that sets it, its help and default, the values it
/// accepts, how a case id spells it and whether it grows a case's source. Every place that needs a parameter reads
/// this declaration: the command line's flags, help and "does not apply" notes, case ids and CSV columns, record
/// validation, the sweep's cross product, its size bound and its largest case. A family lists the parameters it reads
/// (`FamilyDescriptor.parameters`); the built-in ones are in `BuiltInParameters.swift`, a family's own in its file.
public struct ParameterSpec: Sendable, Hashable {
  /// The values a parameter accepts.
  public enum Form: Sendable, Hashable {
    /// Whole numbers within a range; the flag takes a list or range (`1...8`, `1,2,4`) and the sweep crosses them.
    case integers(ClosedRange<Int>)
    /// Names from a closed set; the flag takes a comma-separated list and the sweep crosses them.
    case choices([String])
    /// One name from a closed set for the whole sweep (`--preset swiftui`).
    case choice([String])
    /// One ordered sequence of names for the whole sweep, its length within a range (`--primitives group,section`).
    case sequence([String], length: ClosedRange<Int>)
  }

  /// The name in `CaseSpec.parameters`, CSV headers and manifests (`depth`, `block_style`).
  public var name: String
  /// The key in run.json (`blockStyle`).
  public var recordKey: String
  /// The command-line flag (`--block-style`), or nil for a parameter no flag sets on its own (`family` and `model`,
  /// read by `--family` and `--model`; a template's hash).
  public var flag: String?
  /// The flag's help, without the default (help prints the default from `defaults`).
  public var help: String
  public var form: Form
  /// The values a sweep takes when the flag is not given; a family may declare its own (`defaulting(to:)`). Empty:
  /// no value (`--kinds` left to the preset).
  public var defaults: [ParameterValue]
  /// What a case id puts before the value (`d` for `d3`).
  public var idPrefix: String
  /// True when a larger value gives a larger source: a sweep's largest case takes its maximum.
  public var growsSource: Bool
  /// How a case spells its value in ids, CSV and manifests, when not the value's own text (a preset replaced by
  /// `--kinds` is `uniform`).
  public var spelling: (@Sendable (CaseSpec) -> String)?
  /// How headings and charts name the parameter (a template's `param:N` is `N`).
  public var label: String
  /// The value a case holds when its family does not set the parameter: the first of the declared defaults (a
  /// family's own defaults never change it), or none (a template's name, which every case of it holds). A record
  /// without the parameter reads as this value, so it never changes once records exist.
  public let neutral: ParameterValue?
  /// The neutral value per builder model, for a parameter whose values belong to one model each (`surface`): a case
  /// of that model holds it when nothing sets another, and only values listed for its model apply to it.
  public var perModel: PerModel?
  /// True for the parameters of bench's first case ids: an id, a case's header, a report's CSV columns spell them
  /// whatever their value. Every other parameter is spelled only where a case holds another value than its neutral
  /// one, so adding a parameter (with its neutral value as the default) renames no case and changes no report.
  public var alwaysSpelled: Bool

  /// The values of a per-model parameter: the neutral value and the values that apply, model by model.
  public struct PerModel: Sendable {
    public var neutral: [BuilderModel: ParameterValue]
    public var accepted: [BuilderModel: [ParameterValue]]

    public init(neutral: [BuilderModel: ParameterValue], accepted: [BuilderModel: [ParameterValue]]) {
      self.neutral = neutral
      self.accepted = accepted
    }
  }

  public init(
    _ name: String, recordKey: String? = nil, flag: String?, help: String, form: Form, defaults: [ParameterValue],
    idPrefix: String = "", growsSource: Bool = false, label: String? = nil, hasNeutral: Bool = true,
    alwaysSpelled: Bool = false, perModel: PerModel? = nil, spelling: (@Sendable (CaseSpec) -> String)? = nil
  ) {
    self.name = name
    self.flag = flag
    self.help = help
    self.recordKey = recordKey ?? ParameterSpec.camelCase(name)
    self.form = form
    self.defaults = defaults
    neutral = hasNeutral ? defaults.first : nil
    self.alwaysSpelled = alwaysSpelled
    self.perModel = perModel
    self.idPrefix = idPrefix
    self.label = label ?? name
    self.growsSource = growsSource
    self.spelling = spelling
  }

  /// The same parameter with another default (a family's own: `depth` sweeps 1...8 for `nesting`).
  public func defaulting(to values: [ParameterValue]) -> ParameterSpec {
    var copy = self
    copy.defaults = values
    return copy
  }

  /// The value a case of `model` holds when nothing sets the parameter.
  public func neutral(for model: BuilderModel) -> ParameterValue? {
    perModel?.neutral[model] ?? neutral
  }

  /// Whether `value` applies to a case of `model` (every value does, except for a per-model parameter).
  public func applies(_ value: ParameterValue, to model: BuilderModel) -> Bool {
    perModel.map { $0.accepted[model]?.contains(value) ?? false } ?? true
  }

  /// The accepted range of whole numbers, or nil for names.
  public var limit: ClosedRange<Int>? {
    if case .integers(let range) = form { return range }
    return nil
  }

  /// Why `value` is not one this parameter accepts, or nil.
  public func problem(with value: ParameterValue) -> String? {
    switch (form, value) {
    case (.integers(let range), .integer(let number)):
      return range.contains(number) ? nil : "\(number), outside the limit \(limitText)"
    case (.choices(let names), .name(let name)), (.choice(let names), .name(let name)):
      return names.contains(name) ? nil : "'\(name)', not one of \(names.joined(separator: ", "))"
    case (.sequence(let names, let length), .names(let sequence)):
      if let unknown = sequence.first(where: { !names.contains($0) }) {
        return "'\(unknown)', not one of \(names.joined(separator: ", "))"
      }
      return length.contains(sequence.count)
        ? nil
        : "a sequence of \(sequence.count), outside \(length.lowerBound)...\(length.upperBound) (as for \(flagText))"
    default:
      return "'\(value.text)', not a value of this kind"
    }
  }

  /// "1...64 (as for --depth)", for messages.
  public var limitText: String {
    guard let limit else { return "" }
    return "\(limit.lowerBound)...\(limit.upperBound) (as for \(flagText))"
  }

  /// The flag, or the name for a parameter without one.
  public var flagText: String { flag ?? name }

  /// How help prints `values`: a run of consecutive whole numbers as a range (`1...8`), otherwise a comma list.
  public static func helpText(_ values: [ParameterValue]) -> String {
    let numbers = values.compactMap(\.integer)
    if numbers.count == values.count, numbers.count >= 3, numbers == Array(numbers[0]...numbers[numbers.count - 1]) {
      return "\(numbers[0])...\(numbers[numbers.count - 1])"
    }
    return values.map { value in
      if case .names(let names) = value { return names.joined(separator: ",") }
      return value.text
    }.joined(separator: ",")
  }

  /// `block_style` as `blockStyle`.
  static func camelCase(_ name: String) -> String {
    let parts = name.split(separator: "_")
    return parts.enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.capitalized }.joined()
  }

  // One parameter by its name: a family reads the same declaration wherever it appears.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name }
  public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
