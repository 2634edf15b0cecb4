/// Emits the miniature Charts: `Chart`, `LineMark`, `PlottableValue`, `ShapeStyle` colors and `foregroundStyle`.
struct ChartsEmitter {
  var surface: FrameworkSurface

  /// The colors the chart case cycles through, as in the technote's example.
  static let colors = [
    "blue", "green", "red", "orange", "purple", "cyan", "mint", "indigo", "brown", "teal", "pink", "gray", "yellow",
    "black", "white", "primary",
  ]

  func emit(into out: inout SourceWriter) {
    out.line("// Charts")
    Self.emitStyles(into: &out)
    FrameworkEmitter.emitLocalizedStringKey(into: &out)
    Self.emitMarks(into: &out)
    Self.emitChart(attribute: surface.model == .unified ? "@ContentBuilder" : "@ChartContentBuilder", into: &out)
    if surface.model == .unified && !surface.kindsWithOwnBuilder.contains(.chart) {
      // Charts' own conditional type (declared with its builder when Charts keeps one).
      FrameworkEmitter.emitStruct(
        "BuilderConditional", generics: "<TrueContent, FalseContent>",
        members: [
          "public enum Storage { case trueContent(TrueContent), falseContent(FalseContent) }",
          "public var storage: Storage", "public init(storage: Storage) { self.storage = storage }",
        ], into: &out)
      out.line(
        "extension BuilderConditional: ChartContent where TrueContent: ChartContent, FalseContent: ChartContent {}")
    }
    if surface.model == .unified && surface.chartCompatibilityOverload {
      out.line("// Back-deployment: Charts keeps a buildEither that returns its own BuilderConditional.")
      out.block("extension ContentBuilder") { out in
        out.lines([
          "public static func buildEither<TrueContent: ChartContent, FalseContent: ChartContent>(first: TrueContent) -> "
            + "BuilderConditional<TrueContent, FalseContent> { .init(storage: .trueContent(first)) }",
          "public static func buildEither<TrueContent: ChartContent, FalseContent: ChartContent>(second: FalseContent) -> "
            + "BuilderConditional<TrueContent, FalseContent> { .init(storage: .falseContent(second)) }",
        ])
      }
    }
    out.line()
  }

  /// `ShapeStyle`, `Color` with the case's colors, and `Plottable` with its standard conformances.
  static func emitStyles(into out: inout SourceWriter) {
    out.line("public protocol ShapeStyle {}")
    FrameworkEmitter.emitStruct(
      "Color", conformsTo: "View, ShapeStyle, Sendable",
      members: ["public init() {}"] + Self.colors.map { "public static let \($0) = Color()" }, into: &out)
    out.block("extension ShapeStyle where Self == Color") { out in
      for color in Self.colors { out.line("public static var \(color): Color { Color() }") }
    }
    out.line("public protocol Plottable {}")
    out.line("extension Int: Plottable {}")
    out.line("extension Double: Plottable {}")
    out.line("extension String: Plottable {}")
  }

  /// `PlottableValue`, `LineMark` and `foregroundStyle`.
  static func emitMarks(into out: inout SourceWriter) {
    out.block("public struct PlottableValue<Value: Plottable>") { out in
      out.lines([
        "public static func value(_ label: LocalizedStringKey, _ value: Value) -> PlottableValue<Value> { .init() }",
        "public static func value<S: StringProtocol>(_ label: S, _ value: Value) -> PlottableValue<Value> { .init() }",
        "public static func value(_ label: Text, _ value: Value) -> PlottableValue<Value> { .init() }",
      ])
    }
    FrameworkEmitter.emitStruct(
      "LineMark", conformsTo: "ChartContent",
      members: [
        "public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>) {}",
        "public init<X: Plottable, Y: Plottable, S: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>, "
          + "series: PlottableValue<S>) {}",
      ], into: &out)
    FrameworkEmitter.emitStruct(
      "_ForegroundStyleChartContent", generics: "<Base: ChartContent>", conformsTo: "ChartContent",
      members: ["public init(_ base: Base) {}"], into: &out)
    out.block("extension ChartContent") { out in
      out.lines([
        "public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some ChartContent { _ForegroundStyleChartContent(self) }",
        "public func foregroundStyle<D: Plottable>(by value: PlottableValue<D>) -> some ChartContent "
          + "{ _ForegroundStyleChartContent(self) }",
      ])
    }
  }

  /// `Chart`, whose content closures take `attribute`.
  static func emitChart(attribute: String, into out: inout SourceWriter) {
    FrameworkEmitter.emitStruct(
      "Chart", generics: "<Content: ChartContent>", conformsTo: "View",
      members: [
        "public init(\(attribute) content: () -> Content) {}",
        "public init<Data: RandomAccessCollection, ID: Hashable, C: ChartContent>(_ data: Data, "
          + "id: KeyPath<Data.Element, ID>, \(attribute) content: @escaping (Data.Element) -> C) "
          + "where Content == ForEach<Data, ID, C> {}",
        "public init<Data: RandomAccessCollection, C: ChartContent>(_ data: Data, "
          + "\(attribute) content: @escaping (Data.Element) -> C) "
          + "where Content == ForEach<Data, Data.Element.ID, C>, Data.Element: Identifiable {}",
      ], into: &out)
  }
}
