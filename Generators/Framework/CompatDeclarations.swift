/// Declarations a compatibility reproducer needs beyond the miniature builders, written after the framework.
///
/// They are the same in both models on purpose: only the builders differ, so a reproducer that compiles against the
/// per-kind framework and fails against the unified one fails because of the builder.
public enum CompatDeclarations: String, CaseIterable, Sendable {
  /// `ShapeStyle`, `Color`, `opacity`/`blendMode` on both `ShapeStyle` and `View`, and `overlay`/`background` in
  /// three forms: the deprecated non-builder form (an unconstrained argument, its result a `View` only when the
  /// argument is one), the `ShapeStyle` form and the closure form.
  case shapeStyles
  /// A MapKit-like second builder family: `MapContent`, `@MapContentBuilder` (whose empty block is
  /// `EmptyMapContent`) and `Group`'s map-content initializer.
  case mapKit
  /// `VStack`, and in the unified model the legacy `TupleView` (the per-kind framework declares its own).
  case stacks
  /// A `State` type usable both as a property wrapper and as the macro's backing storage.
  case state

  func emit(model: BuilderModel, into out: inout SourceWriter) {
    out.line("// MARK: - \(rawValue)")
    switch self {
    case .shapeStyles: emitShapeStyles(into: &out)
    case .mapKit: emitMapKit(into: &out)
    case .stacks:
      FrameworkEmitter.emitStruct(
        "VStack", generics: "<Content>",
        members: [
          "public var content: Content",
          "public init(@ViewBuilder content: () -> Content) { self.content = content() }",
        ], into: &out)
      out.line("extension VStack: View where Content: View {}")
      if model == .unified {
        // The unified builder makes TupleContent; TupleView survives for code that spells it.
        FrameworkEmitter.emitStruct(
          "TupleView", generics: "<T>", conformsTo: "View",
          members: ["public var value: T", "public init(_ value: T) { self.value = value }"], into: &out)
      }
    case .state: Self.emitState(into: &out)
    }
    out.line()
  }

  private func emitShapeStyles(into out: inout SourceWriter) {
    out.line("public protocol ShapeStyle {}")
    FrameworkEmitter.emitStruct(
      "Color", conformsTo: "View, ShapeStyle",
      members: ["public init() {}", "public static let blue = Color()", "public static let clear = Color()"],
      into: &out)
    out.line("public enum BlendMode { case normal, overlay, multiply }")
    out.line("public enum Alignment { case center, leading, trailing }")
    out.line("public struct Edge { public struct Set { public static let all = Set() } }")
    out.block("public struct _ShapeStyleModifier<Base: ShapeStyle>: ShapeStyle") { out in
      out.line("public init(_ base: Base) {}")
    }
    FrameworkEmitter.emitStruct(
      "ModifiedView", generics: "<Base>", conformsTo: "View",
      members: ["public init(_ base: Base) {}"], into: &out)
    FrameworkEmitter.emitStruct(
      "_DecoratedContent", generics: "<Base, Decoration>",
      members: ["public init() {}"], into: &out)
    out.line("extension _DecoratedContent: View where Base: View, Decoration: View {}")
    FrameworkEmitter.emitStruct("Rectangle", conformsTo: "View", members: ["public init() {}"], into: &out)
    out.block("extension ShapeStyle") { out in
      out.line("public func opacity(_ opacity: Double) -> _ShapeStyleModifier<Self> { .init(self) }")
      out.line("public func blendMode(_ mode: BlendMode) -> _ShapeStyleModifier<Self> { .init(self) }")
    }
    out.block("extension View") { out in
      out.line("public func opacity(_ opacity: Double) -> ModifiedView<Self> { .init(self) }")
      out.line("public func blendMode(_ mode: BlendMode) -> ModifiedView<Self> { .init(self) }")
      for name in ["overlay", "background"] {
        out.line(
          "public func \(name)<Decoration>(_ \(name): Decoration, alignment: Alignment = .center) "
            + "-> _DecoratedContent<Self, Decoration> { .init() }")
        out.line(
          "public func \(name)<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) "
            + "-> some View { ModifiedView(self) }")
        out.line(
          "public func \(name)<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) "
            + "-> some View { ModifiedView(self) }")
      }
    }
  }

  private func emitMapKit(into out: inout SourceWriter) {
    out.block("public protocol MapContent") { out in
      out.line("associatedtype Body: MapContent")
      out.line("@MapContentBuilder var body: Body { get }")
    }
    out.line("extension Never: MapContent {}")
    FrameworkEmitter.emitStruct("EmptyMapContent", conformsTo: "MapContent", members: ["public init() {}"], into: &out)
    FrameworkEmitter.emitStruct(
      "Marker", conformsTo: "MapContent", members: ["public init(_ title: String) {}"], into: &out)
    FrameworkEmitter.emitStruct(
      "_ConditionalMapContent", generics: "<TrueContent, FalseContent>", conformsTo: "MapContent",
      members: ["public init() {}"], into: &out)
    FrameworkEmitter.emitStruct(
      "TupleMapContent", generics: "<T>", conformsTo: "MapContent", members: ["public init(_ value: T) {}"], into: &out)
    out.line("@resultBuilder")
    out.block("public enum MapContentBuilder") { out in
      out.lines([
        "public static func buildExpression<Content: MapContent>(_ content: Content) -> Content { content }",
        "public static func buildBlock() -> EmptyMapContent { EmptyMapContent() }",
        "public static func buildBlock<Content: MapContent>(_ content: Content) -> Content { content }",
        "@_disfavoredOverload public static func buildBlock<each Content: MapContent>(_ content: repeat each Content) "
          + "-> TupleMapContent<(repeat each Content)> { TupleMapContent((repeat each content)) }",
        "public static func buildIf<Content: MapContent>(_ content: Content?) -> Content? { content }",
        "public static func buildEither<T: MapContent, F: MapContent>(first: T) -> _ConditionalMapContent<T, F> { .init() }",
        "public static func buildEither<T: MapContent, F: MapContent>(second: F) -> _ConditionalMapContent<T, F> { .init() }",
      ])
    }
    out.line("extension Optional: MapContent where Wrapped: MapContent {}")
    out.block("extension Group: MapContent where Content: MapContent") { out in
      out.line("public init(@MapContentBuilder content: () -> Content) { fatalError() }")
    }
  }

  /// `State<Value>`: a property wrapper (Xcode 26's `@State`) that also serves as the storage type the macro's
  /// expansion declares (`private var _count: State<Int>`).
  static func emitState(into out: inout SourceWriter) {
    out.line("@propertyWrapper")
    out.block("public struct State<Value>") { out in
      out.block("private final class Box") { out in
        out.line("var value: Value")
        out.line("init(_ value: Value) { self.value = value }")
      }
      out.line("private let box: Box")
      out.line("public init(wrappedValue: Value) { box = Box(wrappedValue) }")
      out.line("public init(initialValue: Value) { box = Box(initialValue) }")
      out.block("public var wrappedValue: Value") { out in
        out.line("get { box.value }")
        out.line("nonmutating set { box.value = newValue }")
      }
      out.line("public var projectedValue: State<Value> { self }")
    }
  }
}
