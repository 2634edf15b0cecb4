import Foundation

/// A family of synthetic cases, each scaling one axis of builder code. A family is its name; everything else about
/// it (axis, parameters, emitter, sweep defaults, report wording) is its `FamilyDescriptor`, found through
/// `FamilyRegistry`.
public struct CaseFamily: RawRepresentable, Hashable, Codable, Sendable, Comparable, CaseIterable,
  CustomStringConvertible
{
  public let rawValue: String

  /// The family named `rawValue`, or nil when no descriptor of that name is registered.
  public init?(rawValue: String) {
    guard FamilyRegistry.descriptor(named: rawValue) != nil else { return nil }
    self.rawValue = rawValue
  }

  /// A family name for a descriptor to register under (not checked against the registry).
  public init(named name: String) { rawValue = name }

  public init(from decoder: Decoder) throws {
    let name = try decoder.singleValueContainer().decode(String.self)
    guard let family = CaseFamily(rawValue: name) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "unknown case family '\(name)'"))
    }
    self = family
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  /// Every registered family offered on the command line (`--family`), in registration order.
  public static var allCases: [CaseFamily] { FamilyRegistry.all.filter(\.listed).map(\.family) }

  /// Registration order.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    let order = FamilyRegistry.all.map(\.family)
    return (order.firstIndex(of: lhs) ?? order.count) < (order.firstIndex(of: rhs) ?? order.count)
  }

  /// This family's descriptor. Every `CaseFamily` value comes from a registered descriptor.
  public var descriptor: FamilyDescriptor {
    guard let descriptor = FamilyRegistry.descriptor(named: rawValue) else {
      preconditionFailure("case family '\(rawValue)' is not registered")
    }
    return descriptor
  }

  public var description: String { rawValue }
}

/// What a family's series are compared by within one chart and table: the builder model for most families, the
/// chart variant for `chart`.
public struct FamilyContrast: Sendable {
  /// The parameter compared (`model`, `chart_variant`), left out of comparison titles.
  public var parameter: String
  /// Every value it takes, in the order reports list them.
  public var values: [String]
  /// The value of one case.
  public var value: @Sendable (CaseSpec) -> String
  /// The case with the contrast set to a fixed value, so that the cases it tells apart share one comparison key.
  public var neutralized: @Sendable (CaseSpec) -> CaseSpec

  public init(
    parameter: String, values: [String], value: @escaping @Sendable (CaseSpec) -> String,
    neutralized: @escaping @Sendable (CaseSpec) -> CaseSpec
  ) {
    self.parameter = parameter
    self.values = values
    self.value = value
    self.neutralized = neutralized
  }

  /// The builder model: per-kind against unified (or the real SDK's own, `sdk`).
  public static let model = FamilyContrast(
    parameter: "model", values: BuilderModel.allCases.map(\.rawValue) + [FrameworkSource.sdk.rawValue],
    value: { $0.modelLabel },
    neutralized: { spec in
      var spec = spec
      spec.model = .perKind
      return spec
    })
}

/// Everything bench knows about one case family, in one value: identity, sweep, source, and report wording.
/// Adding a family is one file declaring its descriptor plus one line in `FamilyRegistry.builtIn`
/// (docs/adding-a-family.md).
public struct FamilyDescriptor: Sendable {
  public var family: CaseFamily
  /// The heading reports give the family (`Nesting`).
  public var title: String
  /// The parameter the family scales: the x axis of its charts and fits (`depth`), a name in `CaseSpec.parameters`.
  public var axis: String
  /// The value of a case on the axis.
  public var axisValue: @Sendable (CaseSpec) -> Int
  /// The parameters that identify a case of this family, in `CaseSpec.parameters` order; the case id spells them.
  public var parameters: Set<String>
  /// What the family's charts compare.
  public var contrast: FamilyContrast
  /// A short label for a series, naming what distinguishes it within the family (`CaseSpec.modelLabel` for the
  /// model, which says `sdk` with the real SDK).
  public var seriesLabel: @Sendable (CaseSpec) -> String
  /// Every case of `sweep` for this family, in a stable order with the models of one axis value adjacent.
  public var cases: @Sendable (CaseSweep) -> [CaseSpec]
  /// An upper bound on `cases(sweep).count` computed without listing them (`CaseSweep.product` of the loop sizes).
  public var caseCount: @Sendable (CaseSweep) -> Int
  /// Whether the miniature framework includes Charts (`Chart`, marks, `@ChartContentBuilder`).
  public var includesCharts: Bool
  /// Whether the miniature framework includes `State` (a property wrapper usable as the `@State` macro's storage).
  public var includesState: Bool
  /// Writes the case's own code.
  public var emit: @Sendable (CaseSpec, inout SourceWriter) -> Void
  /// Whether a case may exceed the solver's limits by design (so `too-complex` is not a generator bug).
  public var mayExceedSolverLimits: @Sendable (CaseSpec) -> Bool
  /// The report's words for the family.
  public var wording: FamilyWording
  /// Whether `--family`'s list of values and its errors name the family (a family only tests use says no, so that
  /// the list other tests expect holds while it is registered); an unlisted family is still accepted by name.
  public var listed: Bool
  /// How the command line selects the family when not by `--family` (`--template FILE --param N=1...12`), or nil.
  /// `--family` refuses a family with one, pointing here.
  public var selectedBy: String?
  /// The axis as a case names it (a template's swept parameter, `N`); `axis` unless the family says otherwise.
  public var axisName: @Sendable (CaseSpec) -> String
  /// The name of the axis among a case's `relevantParameters` (`param:N` for a template); `axis` by default.
  public var axisParameter: @Sendable (CaseSpec) -> String
  /// The parameters identifying a case, in id order, for a family whose cases carry parameters of their own beyond
  /// `CaseSpec.parameters` (a template's); nil: `parameters` picks them from `CaseSpec.parameters`.
  public var caseParameters: (@Sendable (CaseSpec) -> [(name: String, value: String)])?
  /// The case id spelled by the family itself (`true`: the series id, `*` for the axis value); nil: the generic
  /// spelling of `CaseSpec+Identity`.
  public var identifier: (@Sendable (CaseSpec, _ axisPlaceholder: Bool) -> String)?
  /// The case whose miniature framework a case imports (the case itself by default; a template's stand-in for what
  /// it imports), or nil when it needs none. `includesCharts`/`includesState` of that case's family decide the surface.
  public var frameworkCase: @Sendable (CaseSpec) -> CaseSpec?
  /// The modules a case imports with `--framework sdk` (a template imports its own: none added).
  public var sdkImports: @Sendable (CaseSpec) -> [String]

  public init(
    family: CaseFamily, title: String, axis: String, axisValue: @escaping @Sendable (CaseSpec) -> Int,
    parameters: Set<String>, contrast: FamilyContrast = .model, seriesLabel: @escaping @Sendable (CaseSpec) -> String,
    cases: @escaping @Sendable (CaseSweep) -> [CaseSpec],
    caseCount: (@Sendable (CaseSweep) -> Int)? = nil, includesCharts: Bool = false, includesState: Bool = false,
    emit: @escaping @Sendable (CaseSpec, inout SourceWriter) -> Void,
    mayExceedSolverLimits: @escaping @Sendable (CaseSpec) -> Bool, wording: FamilyWording, listed: Bool = true,
    selectedBy: String? = nil, axisName: (@Sendable (CaseSpec) -> String)? = nil,
    axisParameter: (@Sendable (CaseSpec) -> String)? = nil,
    caseParameters: (@Sendable (CaseSpec) -> [(name: String, value: String)])? = nil,
    identifier: (@Sendable (CaseSpec, _ axisPlaceholder: Bool) -> String)? = nil,
    frameworkCase: @escaping @Sendable (CaseSpec) -> CaseSpec? = { $0 },
    sdkImports: (@Sendable (CaseSpec) -> [String])? = nil
  ) {
    self.family = family
    self.title = title
    self.axis = axis
    self.axisValue = axisValue
    self.parameters = parameters
    self.contrast = contrast
    self.seriesLabel = seriesLabel
    self.cases = cases
    // Without a bound of its own, a family's cases are listed to count them: fine for small families only.
    self.caseCount = caseCount ?? { cases($0).count }
    self.includesCharts = includesCharts
    self.includesState = includesState
    self.emit = emit
    self.mayExceedSolverLimits = mayExceedSolverLimits
    self.wording = wording
    self.listed = listed
    self.selectedBy = selectedBy
    self.axisName = axisName ?? { _ in axis }
    self.axisParameter = axisParameter ?? { _ in axis }
    self.caseParameters = caseParameters
    self.identifier = identifier
    self.frameworkCase = frameworkCase
    self.sdkImports = sdkImports ?? { _ in includesCharts ? ["SwiftUI", "Charts"] : ["SwiftUI"] }
  }
}

/// How reports speak about a family: in the headline (in a SwiftUI developer's words) and next to its charts.
public struct FamilyWording: Sendable {
  /// "nesting depth 4", "8 branches".
  public var axisValue: @Sendable (Int) -> String
  /// "at" or "with", before `axisValue` in a sentence.
  public var axisPreposition: String
  /// The step along the axis a growth rate is quoted per ("level", "branch").
  public var axisUnit: String
  /// What a series is, as the subject of a sentence.
  public var seriesName: @Sendable (CaseSpec) -> String
  /// What the compared values of a comparison mean, given its cases, when their names alone could mislead.
  public var legend: @Sendable ([CaseSpec]) -> String?

  /// Whether the headline states each series' growth verdict (a template's question: how fast does my pattern
  /// grow?) rather than the largest effect between series.
  public var headlinesGrowth: Bool

  public init(
    axisValue: @escaping @Sendable (Int) -> String, axisPreposition: String = "with", axisUnit: String,
    seriesName: @escaping @Sendable (CaseSpec) -> String = FamilyWording.builderDesign,
    legend: @escaping @Sendable ([CaseSpec]) -> String? = { _ in nil }, headlinesGrowth: Bool = false
  ) {
    self.headlinesGrowth = headlinesGrowth
    self.axisValue = axisValue
    self.axisPreposition = axisPreposition
    self.axisUnit = axisUnit
    self.seriesName = seriesName
    self.legend = legend
  }

  /// The builder design a series measures, in SwiftUI's terms.
  public static let builderDesign: @Sendable (CaseSpec) -> String = { spec in
    if spec.framework == .sdk { return "the SDK's own builder" }
    return spec.model == .perKind ? "SwiftUI's per-kind builder design (Xcode 26)" : "Xcode 27's unified ContentBuilder"
  }
}

/// The one list of case families. Built-in families are registered here; a test (or a fork) may register more.
public enum FamilyRegistry {
  /// The built-in families, in the order reports list them.
  static let builtIn: [FamilyDescriptor] = [.nesting, .branches, .chart, .state, .template]

  /// The families bench generates itself, by name: the built-in ones `--family` lists (not `template`, which is the
  /// user's file).
  public static var builtInFamilies: [CaseFamily] { builtIn.filter(\.listed).map(\.family) }

  private static let storage = Storage()

  /// Every registered family, in registration order.
  public static var all: [FamilyDescriptor] { storage.read { $0 } }

  /// The descriptor named `name`, if registered.
  public static func descriptor(named name: String) -> FamilyDescriptor? {
    storage.read { $0.first { $0.family.rawValue == name } }
  }

  /// Registers `descriptor` after the built-in families, replacing one of the same name.
  public static func register(_ descriptor: FamilyDescriptor) {
    storage.update { all in
      if let index = all.firstIndex(where: { $0.family == descriptor.family }) {
        all[index] = descriptor
      } else {
        all.append(descriptor)
      }
    }
  }

  private final class Storage: @unchecked Sendable {
    private let lock = NSLock()
    private var descriptors = FamilyRegistry.builtIn

    func read<T>(_ body: ([FamilyDescriptor]) -> T) -> T {
      lock.lock()
      defer { lock.unlock() }
      return body(descriptors)
    }

    func update(_ body: (inout [FamilyDescriptor]) -> Void) {
      lock.lock()
      defer { lock.unlock() }
      body(&descriptors)
    }
  }
}
