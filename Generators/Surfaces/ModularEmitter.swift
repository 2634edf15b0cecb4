/// Emits one module of an SDK surface's miniature (`ModularSurface`): `SwiftUICore` (views, the view builder, Group
/// and ForEach with their view forms), `SwiftUI` (the other kinds, Section, List, the kinds' Group and ForEach forms),
/// `Charts` and `_MapKit_SwiftUI`. Each module declares what the SDK module of the same name declares, as far as the
/// cases can reach it; `imports` names the miniature modules it imports (by their built names).
struct ModularEmitter {
  var surface: ModularSurface
  var module: MiniatureModule

  private var kinds: [ContentKind] { surface.kinds(in: module) }
  private var unified: Bool { surface.model == .unified }

  /// Writes the module's declarations after its `import` lines (`imports`, the dependencies' module names).
  func emit(imports: [String], into out: inout SourceWriter) {
    let title = "\(module.rawValue), \(surface.surface.title) SDK (\(surface.model.rawValue) model)"
    out.line("// MARK: - Miniature \(title)")
    for name in imports { out.line(module == .swiftUI ? "@_exported import \(name)" : "import \(name)") }
    out.line()
    for kind in kinds { emitProtocol(kind, into: &out) }
    if module == .swiftUICore { emitCoreShared(into: &out) }
    emitNeverAndContainers(into: &out)
    for kind in kinds {
      // Charts declares `BuilderConditional` once, with `ChartContent`.
      FrameworkEmitter.emitKindTypes(
        kind, ownBuilder: surface.keepsOwnBuilder(kind), declaresConditional: kind != .chart3D, into: &out)
    }
    if module == .swiftUICore && unified { emitContentBuilder(into: &out) }
    emitContentBuilderConformances(into: &out)
    for group in FrameworkEmitter.builderGroups(kinds.filter(surface.keepsOwnBuilder)) {
      FrameworkEmitter.emitBuilder(group, blockStyle: surface.blockStyle, into: &out)
    }
    switch module {
    case .swiftUICore: emitCoreSupport(into: &out)
    case .swiftUI: emitSwiftUISupport(into: &out)
    case .charts: emitCharts(into: &out)
    case .mapKit: break
    }
    emitPrimitives(into: &out)
  }

  // MARK: Kinds

  /// The body's builder attribute: the kind's own builder, `ContentBuilder` for a kind it builds (charts too, on
  /// iOS 27.0), none for a generic kind.
  private func bodyAttribute(_ kind: ContentKind) -> String? {
    if surface.isBuiltByContentBuilder(kind) { return "@ContentBuilder" }
    return kind.isGeneric ? nil : "@\(kind.builderName)"
  }

  private func emitProtocol(_ kind: ContentKind, into out: inout SourceWriter) {
    FrameworkEmitter.emitProtocol(kind, bodyAttribute: bodyAttribute(kind), into: &out)
  }

  /// SwiftUICore: `Never`'s body and `_ConditionalContent`, which every module's kinds conform.
  private func emitCoreShared(into out: inout SourceWriter) {
    out.block("extension Never") { out in out.lines(FrameworkEmitter.neverBody) }
    out.block("public struct _ConditionalContent<TrueContent, FalseContent>") { out in
      out.lines(FrameworkEmitter.neverBody)
      out.line("public enum Storage { case trueContent(TrueContent), falseContent(FalseContent) }")
      out.line("public var storage: Storage")
      out.line("public init(storage: Storage) { self.storage = storage }")
    }
    out.block("extension Optional") { out in out.lines(FrameworkEmitter.neverBody) }
    out.line()
  }

  /// `Never`, `_ConditionalContent` and `Optional` conforming to this module's kinds.
  private func emitNeverAndContainers(into out: inout SourceWriter) {
    guard !kinds.isEmpty else { return }
    out.block("extension Never: \(kinds.map(\.protocolName).joined(separator: ", "))") { out in
      for kind in kinds {
        if let value = kind.valueAssociatedType { out.line("public typealias \(value) = Never") }
      }
    }
    for kind in kinds {
      if surface.isBuiltByContentBuilder(kind) || kind.conditionalType == "_ConditionalContent" {
        FrameworkEmitter.conformance("_ConditionalContent", kind, ["TrueContent", "FalseContent"], into: &out)
      }
      FrameworkEmitter.conformance("Optional", kind, ["Wrapped"], into: &out)
    }
    out.line()
  }

  /// iOS 27.0's `ViewBuilder`, which `ContentBuilder` names: unconstrained blocks, `if` and `if`/`else`; a pack of
  /// views still builds a disfavored `TupleView`, any other pack a `TupleContent`; no `buildExpression`; limited
  /// availability still erases views only.
  private func emitContentBuilder(into out: inout SourceWriter) {
    out.line("// iOS 27.0: ContentBuilder is ViewBuilder; its content conforms where its elements do.")
    FrameworkEmitter.emitEmptyAndTupleContent(into: &out)
    FrameworkEmitter.emitStruct(
      "TupleView", generics: "<T>", conformsTo: "View",
      members: ["public var value: T", "public init(_ value: T) { self.value = value }"], into: &out)
    FrameworkEmitter.emitStruct(
      "AnyView", conformsTo: "View", members: ["public init<C: View>(_ content: C) {}"], into: &out)
    out.line("@resultBuilder")
    out.block("public enum ContentBuilder") { out in
      out.lines([
        "public static func buildBlock() -> EmptyContent { EmptyContent() }",
        "public static func buildBlock<Content>(_ content: Content) -> Content { content }",
        "@_disfavoredOverload public static func buildBlock<each Content: View>(_ content: repeat each Content) -> "
          + "TupleView<(repeat each Content)> { TupleView((repeat each content)) }",
        "public static func buildBlock<each Content>(_ content: repeat each Content) -> "
          + "TupleContent<repeat each Content> { TupleContent((repeat each content)) }",
        "public static func buildIf<Content>(_ content: Content?) -> Content? { content }",
        "public static func buildEither<TrueContent, FalseContent>(first: TrueContent) -> "
          + "_ConditionalContent<TrueContent, FalseContent> { .init(storage: .trueContent(first)) }",
        "public static func buildEither<TrueContent, FalseContent>(second: FalseContent) -> "
          + "_ConditionalContent<TrueContent, FalseContent> { .init(storage: .falseContent(second)) }",
        "public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }",
      ])
    }
    out.line("public typealias ViewBuilder = ContentBuilder")
    out.line()
  }

  /// The unified model's content types conforming to this module's kinds that `ContentBuilder` builds, and those
  /// kinds' builder names naming it.
  private func emitContentBuilderConformances(into out: inout SourceWriter) {
    guard unified else { return }
    let built = kinds.filter(surface.isBuiltByContentBuilder)
    for kind in built {
      out.line("extension EmptyContent: \(kind.protocolName) {}")
      FrameworkEmitter.conformance("TupleContent", kind, ["Content"], pack: true, into: &out)
    }
    for kind in built where !surface.keepsOwnBuilder(kind) && kind.refines == nil && kind != .view {
      out.line("public typealias \(kind.builderName) = ContentBuilder")
    }
    if !built.isEmpty { out.line() }
  }

  // MARK: Support types

  /// The types SwiftUICore's forms and the cases mention: `Binding`, the localized title types, the subview and
  /// section collections Group and ForEach iterate, and `State`.
  private func emitCoreSupport(into out: inout SourceWriter) {
    out.line("// Types the initializer forms and the cases mention")
    out.line("public struct Binding<Value> { public var wrappedValue: Value { fatalError() } }")
    FrameworkEmitter.emitLocalizedStringKey(into: &out)
    out.block("public struct LocalizedStringResource: ExpressibleByStringLiteral") { out in
      out.line("public init(stringLiteral value: String) {}")
    }
    FrameworkEmitter.emitForEachCollections(into: &out)
    for (collection, element, content) in [
      ("SubviewsCollection", "Subview", "GroupElementsOfContent"),
      ("SectionCollection", "SectionConfiguration", "GroupSectionsOfContent"),
    ] {
      out.block("public struct \(collection): RandomAccessCollection") { out in
        out.lines([
          "public var startIndex: Int { 0 }", "public var endIndex: Int { 0 }",
          "public subscript(position: Int) -> \(element) { \(element)(id: position) }",
        ])
      }
      FrameworkEmitter.emitStruct(
        content, generics: "<Subviews: View, Content: View>", conformsTo: "View", into: &out)
    }
    if surface.includesState { CompatDeclarations.emitState(into: &out) }
    out.line()
  }

  /// SwiftUI's: the edit-actions types (`ForEach(_:editActions:)`), table header rows and `List`.
  private func emitSwiftUISupport(into out: inout SourceWriter) {
    let forms = surface.forms(in: .swiftUI)
    if forms.contains(where: { $0.name.contains("editActions:") }) {
      FrameworkEmitter.emitEditActionTypes(into: &out)
      let edited =
        [ContentKind.view]
        + kinds.filter { kind in
          forms.contains { $0.kind == kind.protocolName && $0.name.contains("editActions:") }
        }
      for kind in edited {
        FrameworkEmitter.conformance("EditableCollectionContent", kind, ["Content"], into: &out)
      }
    }
    if forms.contains(where: { $0.declaration.contains("TableHeaderRowContent") }) {
      FrameworkEmitter.emitStruct(
        "TableHeaderRowContent", generics: "<Value, Content: View>", conformsTo: "TableRowContent",
        members: ["public typealias TableRowValue = Value"], into: &out)
    }
    FrameworkEmitter.emitList(into: &out)
    out.line()
  }

  /// Charts: styles, plottable values, `LineMark`, `Chart` (`@ContentBuilder` on iOS 27.0, Charts' own builder on
  /// iOS 26.2), and on iOS 27.0 the overloads Charts adds to `ViewBuilder` (the two `buildEither` pairs a deployment
  /// target of 27 obsoletes only when `chartBackDeployment`).
  private func emitCharts(into out: inout SourceWriter) {
    out.line("// Charts")
    ChartsEmitter.emitStyles(into: &out)
    ChartsEmitter.emitMarks(into: &out)
    ChartsEmitter.emitChart(attribute: unified ? "@ContentBuilder" : "@ChartContentBuilder", into: &out)
    guard unified else { return }
    out.line("// Charts' overloads on ViewBuilder (ContentBuilder), as the iOS 27.0 Charts interface declares them.")
    out.block("extension ContentBuilder") { out in
      out.lines([
        "@_disfavoredOverload public static func buildBlock() -> some ChartContent { EmptyChartContent() }",
        "@_disfavoredOverload public static func buildBlock<each C: ChartContent>(_ content: repeat each C) -> "
          + "AnyChartContent { AnyChartContent(EmptyChartContent()) }",
        "@_disfavoredOverload public static func buildLimitedAvailability(_ content: some ChartContent) -> "
          + "AnyChartContent { AnyChartContent(content) }",
      ])
      if surface.chartBackDeployment {
        out.line("// Obsoleted from iOS 27: present when back-deploying (the chart case's compat and extracted).")
        out.lines([
          "public static func buildEither<T1: ChartContent, T2: ChartContent>(first: T1) -> BuilderConditional<T1, T2> "
            + "{ .init(storage: .trueContent(first)) }",
          "public static func buildEither<T1: ChartContent, T2: ChartContent>(second: T2) -> BuilderConditional<T1, T2> "
            + "{ .init(storage: .falseContent(second)) }",
          "public static func buildEither(first: Never) -> _ConditionalContent<Never, Never> { first }",
          "public static func buildEither(second: Never) -> _ConditionalContent<Never, Never> { second }",
        ])
      }
    }
    out.line()
  }

  // MARK: Primitives

  /// The primitives' structs (SwiftUICore's Group and ForEach, SwiftUI's Section), their conformances to this
  /// module's kinds, and the module's forms, each in the constrained extension the SDK declares it in.
  private func emitPrimitives(into out: inout SourceWriter) {
    out.line("// Shared primitives")
    if module == .swiftUICore {
      FrameworkEmitter.emitStruct(
        "Group", generics: "<Content>", members: ["public var content: Content { fatalError() }"], into: &out)
      FrameworkEmitter.emitStruct(
        "ForEach", generics: "<Data: RandomAccessCollection, ID: Hashable, Content>",
        members: [
          "public var data: Data { fatalError() }", "public var content: (Data.Element) -> Content { fatalError() }",
        ], into: &out)
    }
    if module == .swiftUI {
      FrameworkEmitter.emitStruct(
        "Section", generics: "<Parent, Content, Footer>",
        members: [
          "public var header: Parent? { fatalError() }", "public var content: Content { fatalError() }",
          "public var footer: Footer? { fatalError() }",
        ], into: &out)
    }
    let forms = surface.forms(in: module)
    for primitive in [Primitive.group, .section, .foreach] {
      let parameters = primitive == .section ? ["Parent", "Content", "Footer"] : ["Content"]
      for kind in conformingKinds(primitive) {
        FrameworkEmitter.conformance(primitive.typeName, kind, parameters, into: &out)
      }
      FrameworkEmitter.emitExtensions(of: primitive, forms, into: &out)
    }
    out.line()
  }

  /// The kinds of this module `primitive` conforms to: Group and ForEach to every kind (the SDK keeps each
  /// conformance, whether or not the initializers stay public), Section to views and table rows.
  private func conformingKinds(_ primitive: Primitive) -> [ContentKind] {
    switch primitive {
    case .section:
      guard module == .swiftUI else { return [] }
      return [ContentKind.view]
        + kinds.filter { kind in
          surface.forms(in: .swiftUI).contains { $0.primitive == .section && $0.kind == kind.protocolName }
        }
    case .group:
      return kinds.filter { $0 != .chart && $0 != .chart3D }
    default:
      return kinds.filter { $0 != .chart3D || surface.forms(in: module).contains { $0.kind == "Chart3DContent" } }
    }
  }
}
