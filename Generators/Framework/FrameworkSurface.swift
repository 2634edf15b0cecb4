/// What a generated file's miniature framework declares: which kinds exist and which kinds each primitive serves.
struct FrameworkSurface: Sendable {
  var model: BuilderModel
  var blockStyle: BlockStyle
  /// Every kind whose protocol is declared, in canonical order.
  var kinds: [ContentKind]
  /// For each primitive, the kinds with a builder initializer on it (per-kind model).
  var primitiveKinds: [Primitive: [ContentKind]]
  /// Emit the Charts pieces (`Chart`, marks, `PlottableValue`, `foregroundStyle`).
  var includesCharts: Bool
  /// Emit Charts' back-deployment `buildEither` overload returning `BuilderConditional` on `ContentBuilder`.
  var chartCompatibilityOverload: Bool
  /// Emit `State` (a property wrapper usable as the `@State` macro's backing storage) for the `state` family.
  var includesState: Bool
  /// Emit `List` (the `list` shape's outer container, views only).
  var includesList: Bool
  /// The overload-set choice, as the module name spells it (`SwiftUI`, `Minimal`, `K4`).
  var kindChoice: String
  /// The primitives carry the SDK's initializer forms (the `swiftui` preset), not the basic ones.
  var sdkForms: Bool

  init(spec: CaseSpec) {
    // A family whose id leaves out kinds, preset or block style (chart) must not depend on them: it always gets the
    // SwiftUI preset with pack blocks, the technote's setting (otherwise two sources would share one id).
    var spec = spec
    let family = spec.family.descriptor
    if !family.has(.preset) { spec.preset = .swiftui }
    if !family.has(.kinds) { spec.kinds = nil }
    if !family.has(.blockStyle) { spec.blockStyle = .pack }
    // Block style is a per-kind setting: the unified model's remaining own builders (scenes, tables, tabs) always
    // take the pack form, so a unified case's source does not depend on it.
    if spec.model == .unified { spec.blockStyle = .pack }
    model = spec.model
    blockStyle = spec.blockStyle
    includesCharts = family.includesCharts
    chartCompatibilityOverload = family.includesCharts && spec.model == .unified && spec.chartVariant != .modern
    includesState = family.includesState
    // Only families whose cases nest primitives (their id spells them; the chart case's leaves them out) get `List`.
    includesList = family.has(.primitives) && spec.primitives.contains(.list)
    kindChoice = spec.kinds.map { "K\($0)" } ?? (spec.preset == .swiftui ? "SwiftUI" : "Minimal")
    sdkForms = spec.kinds == nil && spec.preset == .swiftui
    var shared: [ContentKind]
    if let count = spec.kinds {
      shared = ContentKind.first(count)
      primitiveKinds = Dictionary(uniqueKeysWithValues: Primitive.allCases.map { ($0, shared) })
    } else {
      switch spec.preset {
      case .swiftui:
        // The SDK's counts: Group serves every kind but charts; Section views and table rows; ForEach views,
        // rotors, tabs, table rows, charts and map content.
        shared = ContentKind.canonicalOrder
        primitiveKinds = [
          .group: ContentKind.canonicalOrder.filter { $0 != .chart },
          .section: [.view, .tableRow],
          .foreach: [.view, .accessibilityRotor, .tab, .tableRow, .chart, .map],
        ]
      case .minimal:
        shared = [.view, .toolbar]
        primitiveKinds = Dictionary(uniqueKeysWithValues: Primitive.allCases.map { ($0, shared) })
      }
    }
    // Views are always needed (every case is a view body); charts need their own kind and ForEach's chart form.
    var required: [ContentKind] = [.view]
    if includesCharts { required.append(.chart) }
    for kind in required where !shared.contains(kind) { shared.append(kind) }
    if includesCharts, !(primitiveKinds[.foreach] ?? []).contains(.chart) {
      primitiveKinds[.foreach, default: []].append(.chart)
    }
    for primitive in Primitive.allCases where !(primitiveKinds[primitive] ?? []).contains(.view) {
      primitiveKinds[primitive, default: []].insert(.view, at: 0)
    }
    // A refining kind needs the kind it refines.
    for kind in shared {
      if let base = kind.refines, !shared.contains(where: { $0.protocolName == base }) {
        shared.append(ContentKind.canonicalOrder.first { $0.protocolName == base }!)
      }
    }
    let order = ContentKind.canonicalOrder
    kinds = shared.sorted { lhs, rhs in
      (order.firstIndex(of: lhs) ?? order.count + Int(lhs.protocolName.filter(\.isNumber))!)
        < (order.firstIndex(of: rhs) ?? order.count + Int(rhs.protocolName.filter(\.isNumber))!)
    }
  }

  /// What this framework's surface is, spelled out from every property its source depends on
  /// (`MiniPerKindSwiftUIPack`, `MiniUnifiedSwiftUIChartsCompat`): the readable part of the module name. Within one
  /// generator it names one source; across bench versions only the hash `CaseGenerator.module(for:)` adds does.
  var surfaceName: String {
    var name = "Mini" + (model == .perKind ? "PerKind" : "Unified") + kindChoice
    if model == .perKind { name += blockStyle == .pack ? "Pack" : "FixedArity" }
    if includesCharts { name += chartCompatibilityOverload ? "ChartsCompat" : "Charts" }
    if includesState { name += "State" }
    if includesList { name += "List" }
    return name
  }

  /// Kinds that produce content through `ContentBuilder` in the unified model.
  var unifiedKinds: [ContentKind] { kinds.filter(\.unifiedByContentBuilder) }

  /// Kinds that keep a per-kind builder in this model.
  ///
  /// When Charts back-deploys the unified builder, `@ChartContentBuilder` still names Charts' own constrained builder
  /// (a separate framework cannot alias SwiftUI's); only `Chart { }` closures go through `ContentBuilder` and its
  /// compatibility overload. That is why the technote's remedy, an extracted `@ChartContentBuilder` function, helps.
  var kindsWithOwnBuilder: [ContentKind] {
    if model == .perKind { return kinds }
    return kinds.filter { !$0.unifiedByContentBuilder || ($0 == .chart && chartCompatibilityOverload) }
  }
}
