/// One kind of SwiftUI content: its protocol, its per-kind result builder and the types that builder produces.
///
/// The table follows the public SDK interfaces (see `shared/docs/swiftui-builder-surface.md`); differences are
/// noted on the entries.
struct ContentKind: Hashable, Sendable {
  /// The protocol, for example `View`.
  var protocolName: String
  /// The per-kind builder, for example `ViewBuilder`. Two kinds may share one (toolbar content).
  var builderName: String
  /// The protocol this kind refines (`CustomizableToolbarContent: ToolbarContent`).
  var refines: String?
  /// The associated type that ties content to its builder's generic parameter (`TableRowValue` for
  /// `TableRowBuilder<Value>`), or nil for a non-generic builder.
  var valueAssociatedType: String?
  /// `buildEither` result type, or nil for builders without `buildEither` (scenes, accessibility rotors).
  var conditionalType: String?
  /// Fixed-arity `buildBlock` overloads whatever the block style (toolbar content and commands never had packs).
  var alwaysFixedArity: Bool
  /// A leaf value of this kind and how to spell one in source.
  var leafType: String
  /// True when the unified design folds this kind into `ContentBuilder`; scenes, tables and tabs keep their own
  /// builders there.
  var unifiedByContentBuilder: Bool

  var isGeneric: Bool { valueAssociatedType != nil }
  /// `View` keeps its historical names (`EmptyView`, `TupleView`, `AnyView`); other kinds append the protocol name.
  private var stem: String { protocolName == "View" ? "View" : protocolName }
  /// A refining kind shares the empty type of the kind it refines (`EmptyToolbarContent`).
  var emptyType: String { "Empty" + (refines ?? stem) }
  var tupleType: String { "Tuple" + stem }
  var erasedType: String { "Any" + stem }
  /// The generic parameter list a kind-specific type carries (`<Value>` for generic kinds).
  var valueParameter: String { isGeneric ? "<Value>" : "" }
  /// `<Value, T>` spelled for a generic kind's tuple type, `<T>` otherwise.
  func tupleSpelling(_ elements: String) -> String {
    isGeneric ? "\(tupleType)<Value, \(elements)>" : "\(tupleType)<\(elements)>"
  }
  /// The builder attribute, with its generic argument for generic kinds.
  func builderAttribute(value: String) -> String {
    isGeneric ? "@\(builderName)<\(value)>" : "@\(builderName)"
  }
}

extension ContentKind {
  static let view = ContentKind(
    protocolName: "View", builderName: "ViewBuilder", conditionalType: "_ConditionalContent",
    alwaysFixedArity: false, leafType: "Text", unifiedByContentBuilder: true)
  static let toolbar = ContentKind(
    protocolName: "ToolbarContent", builderName: "ToolbarContentBuilder", conditionalType: "_ConditionalContent",
    alwaysFixedArity: true, leafType: "ToolbarItem", unifiedByContentBuilder: true)
  static let customizableToolbar = ContentKind(
    protocolName: "CustomizableToolbarContent", builderName: "ToolbarContentBuilder", refines: "ToolbarContent",
    conditionalType: "_ConditionalContent", alwaysFixedArity: true, leafType: "ToolbarSpacer",
    unifiedByContentBuilder: true)
  static let commands = ContentKind(
    protocolName: "Commands", builderName: "CommandsBuilder", conditionalType: "_ConditionalContent",
    alwaysFixedArity: true, leafType: "CommandMenu", unifiedByContentBuilder: true)
  static let scene = ContentKind(
    protocolName: "Scene", builderName: "SceneBuilder", conditionalType: nil, alwaysFixedArity: false,
    leafType: "Window", unifiedByContentBuilder: false)
  static let tableRow = ContentKind(
    protocolName: "TableRowContent", builderName: "TableRowBuilder", valueAssociatedType: "TableRowValue",
    conditionalType: "_ConditionalContent", alwaysFixedArity: false, leafType: "TableRow",
    unifiedByContentBuilder: false)
  // The SDK's TableColumnBuilder<RowValue, Sort> also carries a sort comparator and doubles every method for
  // `Sort == Never`; the miniature keeps one generic parameter, and renames the associated type so that it does not
  // collide with TableRowContent's on types conforming to both.
  static let tableColumn = ContentKind(
    protocolName: "TableColumnContent", builderName: "TableColumnBuilder", valueAssociatedType: "TableColumnRowValue",
    conditionalType: "_ConditionalContent", alwaysFixedArity: false, leafType: "TableColumn",
    unifiedByContentBuilder: false)
  static let tab = ContentKind(
    protocolName: "TabContent", builderName: "TabContentBuilder", valueAssociatedType: "TabValue",
    conditionalType: "_ConditionalContent", alwaysFixedArity: false, leafType: "Tab", unifiedByContentBuilder: false)
  static let accessibilityRotor = ContentKind(
    protocolName: "AccessibilityRotorContent", builderName: "AccessibilityRotorContentBuilder", conditionalType: nil,
    alwaysFixedArity: false, leafType: "AccessibilityRotorEntry", unifiedByContentBuilder: true)
  static let map = ContentKind(
    protocolName: "MapContent", builderName: "MapContentBuilder", conditionalType: "_ConditionalMapContent",
    alwaysFixedArity: false, leafType: "Marker", unifiedByContentBuilder: true)
  static let chart = ContentKind(
    protocolName: "ChartContent", builderName: "ChartContentBuilder", conditionalType: "BuilderConditional",
    alwaysFixedArity: false, leafType: "RuleMark", unifiedByContentBuilder: true)
  /// Charts' 3D content (iOS 26): its own builder in every SDK, whose `buildEither` returns Charts'
  /// `BuilderConditional` (declared with `ChartContent`'s). Only the SDK surfaces' Charts module declares it.
  static let chart3D = ContentKind(
    protocolName: "Chart3DContent", builderName: "Chart3DContentBuilder", conditionalType: "BuilderConditional",
    alwaysFixedArity: false, leafType: "SurfacePlot", unifiedByContentBuilder: false)

  /// Every kind in the order `--kinds N` takes them: the first N share the primitives.
  static let canonicalOrder: [ContentKind] = [
    .view, .toolbar, .customizableToolbar, .commands, .scene, .tableRow, .tableColumn, .tab, .accessibilityRotor,
    .map, .chart,
  ]

  /// A synthetic kind shaped like `View`, for overload sets beyond SwiftUI's (`--kinds` above 11).
  static func extra(_ number: Int) -> ContentKind {
    ContentKind(
      protocolName: "Extra\(number)Content", builderName: "Extra\(number)ContentBuilder",
      conditionalType: "_ConditionalContent", alwaysFixedArity: false, leafType: "Extra\(number)Leaf",
      unifiedByContentBuilder: true)
  }

  /// The first `count` kinds of the canonical order, then synthetic ones.
  static func first(_ count: Int) -> [ContentKind] {
    let real = Array(canonicalOrder.prefix(count))
    return real + (real.count..<max(real.count, count)).map { extra($0 + 1) }
  }
}
