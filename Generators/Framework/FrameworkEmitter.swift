/// Emits the miniature SwiftUI framework at the top of every generated file.
struct FrameworkEmitter {
  var surface: FrameworkSurface

  /// Writes the whole framework.
  func emit(into out: inout SourceWriter) {
    out.line("// MARK: - Miniature framework (\(surface.model.rawValue) model)")
    out.line()
    for kind in surface.kinds { emitProtocol(kind, into: &out) }
    emitNever(into: &out)
    emitSharedContainers(into: &out)
    for kind in surface.kinds { emitKindTypes(kind, into: &out) }
    if surface.model == .unified { emitContentBuilder(into: &out) }
    for builder in builderGroups(surface.kindsWithOwnBuilder) { emitBuilder(builder, into: &out) }
    emitPrimitives(into: &out)
    if surface.includesCharts { ChartsEmitter(surface: surface).emit(into: &out) }
    if surface.includesState {
      CompatDeclarations.emitState(into: &out)
      out.line()
    }
  }

  // MARK: Protocols and shared types

  private func builderAttribute(for kind: ContentKind) -> String? {
    if surface.model == .unified && kind.unifiedByContentBuilder { return "@ContentBuilder" }
    return kind.isGeneric ? nil : "@\(kind.builderName)"
  }

  private func emitProtocol(_ kind: ContentKind, into out: inout SourceWriter) {
    Self.emitProtocol(kind, bodyAttribute: builderAttribute(for: kind), into: &out)
  }

  /// A kind's protocol; a refining kind's only states what it refines. `bodyAttribute` is the builder of `body`.
  static func emitProtocol(_ kind: ContentKind, bodyAttribute: String?, into out: inout SourceWriter) {
    let inheritance = kind.refines.map { ": \($0) where Body: \(kind.protocolName)" } ?? ""
    out.block("public protocol \(kind.protocolName)\(inheritance)") { out in
      if kind.refines == nil {
        if let value = kind.valueAssociatedType { out.line("associatedtype \(value)") }
        out.line("associatedtype Body: \(kind.protocolName)")
        out.line("\(bodyAttribute.map { $0 + " " } ?? "")var body: Body { get }")
      }
    }
    out.line()
  }

  /// The members every leaf, container and primitive carries: SwiftUI's primitives have `Body == Never`.
  static let neverBody = ["public typealias Body = Never", "public var body: Never { fatalError() }"]

  private func emitNever(into out: inout SourceWriter) {
    // The witness lives apart from the conformances: a `body` declared beside several conformances would have its
    // result builder inferred from each protocol, ambiguously.
    out.block("extension Never") { out in out.lines(Self.neverBody) }
    out.block("extension Never: \(surface.kinds.map(\.protocolName).joined(separator: ", "))") { out in
      for kind in surface.kinds {
        if let value = kind.valueAssociatedType { out.line("public typealias \(value) = Never") }
      }
    }
    out.line()
  }

  /// `_ConditionalContent` and `Optional`, with one conditional conformance per kind that uses them.
  private func emitSharedContainers(into out: inout SourceWriter) {
    out.block("public struct _ConditionalContent<TrueContent, FalseContent>") { out in
      out.lines(Self.neverBody)
      out.line("public enum Storage { case trueContent(TrueContent), falseContent(FalseContent) }")
      out.line("public var storage: Storage")
      out.line("public init(storage: Storage) { self.storage = storage }")
    }
    out.line()
    out.block("extension Optional") { out in out.lines(Self.neverBody) }
    out.line()
    for kind in surface.kinds {
      let usesConditional =
        (surface.model == .unified && kind.unifiedByContentBuilder) || kind.conditionalType == "_ConditionalContent"
      if usesConditional {
        Self.conformance("_ConditionalContent", kind, ["TrueContent", "FalseContent"], into: &out)
      }
      Self.conformance("Optional", kind, ["Wrapped"], into: &out)
    }
    out.line()
  }

  /// `primitive`'s initializer forms among `forms`, one extension per set of requirements, in order of appearance.
  static func emitExtensions(of primitive: Primitive, _ forms: [InitializerForm], into out: inout SourceWriter) {
    var extensions: [(requirements: [String], declarations: [String])] = []
    for form in forms where form.primitive == primitive {
      if let index = extensions.firstIndex(where: { $0.requirements == form.extensionRequirements }) {
        extensions[index].declarations.append(form.declaration)
      } else {
        extensions.append((form.extensionRequirements, [form.declaration]))
      }
    }
    for (requirements, declarations) in extensions {
      let whereClause = requirements.isEmpty ? "" : " where " + requirements.joined(separator: ", ")
      out.block("extension \(primitive.typeName)\(whereClause)") { out in out.lines(declarations) }
    }
  }

  /// `extension Type: Kind where P1: Kind, P2: Kind [, same value] { typealias Value = P1.Value }`.
  static func conformance(
    _ type: String, _ kind: ContentKind, _ parameters: [String], pack: Bool = false, into out: inout SourceWriter
  ) {
    var requirements = parameters.map {
      pack ? "repeat each \($0): \(kind.protocolName)" : "\($0): \(kind.protocolName)"
    }
    if let value = kind.valueAssociatedType, !pack {
      requirements += parameters.dropFirst().map { "\($0).\(value) == \(parameters[0]).\(value)" }
    }
    let header = "extension \(type): \(kind.protocolName) where \(requirements.joined(separator: ", "))"
    if let value = kind.valueAssociatedType {
      out.block(header) { out in out.line("public typealias \(value) = \(parameters[0]).\(value)") }
    } else {
      out.line(header + " {}")
    }
  }

  /// A struct with `Body == Never`, optional generic parameters, conformances and extra members.
  static func emitStruct(
    _ name: String, generics: String = "", conformsTo: String? = nil, members: [String] = [],
    into out: inout SourceWriter
  ) {
    let conformance = conformsTo.map { ": " + $0 } ?? ""
    out.block("public struct \(name)\(generics)\(conformance)") { out in
      out.lines(neverBody)
      out.lines(members)
    }
  }

  /// Leaf, empty, tuple, erased and conditional types of one kind.
  private func emitKindTypes(_ kind: ContentKind, into out: inout SourceWriter) {
    Self.emitKindTypes(kind, ownBuilder: surface.kindsWithOwnBuilder.contains(kind), into: &out)
  }

  /// Leaf, empty, tuple, erased and conditional types of one kind; all but the leaf only for a kind with its own
  /// builder, the conditional type only when `declaresConditional` (one Charts type serves two kinds).
  static func emitKindTypes(
    _ kind: ContentKind, ownBuilder: Bool, declaresConditional: Bool = true, into out: inout SourceWriter
  ) {
    let proto = kind.protocolName
    let valueAlias = kind.valueAssociatedType.map { ["public typealias \($0) = Value"] } ?? []
    out.line("// \(proto)")
    if kind.isGeneric {
      Self.emitStruct(
        kind.leafType, generics: "<Value>", conformsTo: proto,
        members: valueAlias + ["public init(_ title: String, value: Value) {}"], into: &out)
    } else {
      Self.emitStruct(kind.leafType, conformsTo: proto, members: ["public init(_ title: String) {}"], into: &out)
    }
    guard ownBuilder else {
      out.line()
      return
    }
    if kind.refines == nil {
      Self.emitStruct(
        kind.emptyType, generics: kind.valueParameter, conformsTo: proto, members: valueAlias + ["public init() {}"],
        into: &out)
    }
    Self.emitStruct(
      kind.tupleType, generics: kind.isGeneric ? "<Value, T>" : "<T>", conformsTo: proto,
      members: valueAlias + ["public var value: T", "public init(_ value: T) { self.value = value }"], into: &out)
    let erasedInit =
      kind.valueAssociatedType.map { "public init<C: \(proto)>(_ content: C) where C.\($0) == Value {}" }
      ?? "public init<C: \(proto)>(_ content: C) {}"
    Self.emitStruct(
      kind.erasedType, generics: kind.valueParameter, conformsTo: proto, members: valueAlias + [erasedInit],
      into: &out)
    if let conditional = kind.conditionalType, conditional != "_ConditionalContent" {
      if declaresConditional {
        Self.emitStruct(
          conditional, generics: "<TrueContent, FalseContent>",
          members: [
            "public enum Storage { case trueContent(TrueContent), falseContent(FalseContent) }",
            "public var storage: Storage", "public init(storage: Storage) { self.storage = storage }",
          ], into: &out)
      }
      Self.conformance(conditional, kind, ["TrueContent", "FalseContent"], into: &out)
    }
    out.line()
  }

  // MARK: Builders

  /// Kinds grouped by the builder that serves them (toolbar content shares one), in kind order.
  private func builderGroups(_ kinds: [ContentKind]) -> [[ContentKind]] { Self.builderGroups(kinds) }

  static func builderGroups(_ kinds: [ContentKind]) -> [[ContentKind]] {
    var groups: [[ContentKind]] = []
    for kind in kinds {
      if let index = groups.firstIndex(where: { $0[0].builderName == kind.builderName }) {
        groups[index].append(kind)
      } else {
        groups.append([kind])
      }
    }
    return groups
  }

  /// A per-kind result builder: every operand constrained to the kind's protocol.
  private func emitBuilder(_ kinds: [ContentKind], into out: inout SourceWriter) {
    Self.emitBuilder(kinds, blockStyle: surface.blockStyle, into: &out)
  }

  static func emitBuilder(_ kinds: [ContentKind], blockStyle: BlockStyle, into out: inout SourceWriter) {
    let first = kinds[0]
    let declaration = first.isGeneric ? "public enum \(first.builderName)<Value>" : "public enum \(first.builderName)"
    out.line("@resultBuilder")
    out.block(declaration) { out in
      for kind in kinds { emitBuilderMethods(kind, blockStyle: blockStyle, into: &out) }
    }
    out.line()
  }

  private static func emitBuilderMethods(_ kind: ContentKind, blockStyle: BlockStyle, into out: inout SourceWriter) {
    let proto = kind.protocolName
    func requirement(_ parameter: String) -> String {
      let base = "\(parameter): \(proto)"
      return kind.valueAssociatedType.map { base + ", \(parameter).\($0) == Value" } ?? base
    }
    let empty = kind.isGeneric ? "\(kind.emptyType)<Value>" : kind.emptyType
    let erased = kind.isGeneric ? "\(kind.erasedType)<Value>" : kind.erasedType
    out.line(
      "public static func buildExpression<Content>(_ content: Content) -> Content where \(requirement("Content")) { content }"
    )
    if kind.refines == nil {
      out.line("public static func buildBlock() -> \(empty) { \(empty)() }")
    }
    out.line(
      "public static func buildBlock<Content>(_ content: Content) -> Content where \(requirement("Content")) { content }"
    )
    // Generic builders keep fixed arity: tying every pack element's associated type to the builder's parameter
    // needs same-element requirements, which Swift does not support yet.
    if blockStyle == .pack && !kind.alwaysFixedArity && !kind.isGeneric {
      var requirements = ["repeat each Content: \(proto)"]
      if let value = kind.valueAssociatedType { requirements.append("repeat (each Content).\(value) == Value") }
      let tuple = kind.tupleSpelling("(repeat each Content)")
      out.line(
        "@_disfavoredOverload public static func buildBlock<each Content>(_ content: repeat each Content) -> \(tuple) "
          + "where \(requirements.joined(separator: ", ")) { \(kind.tupleType)((repeat each content)) }")
    } else {
      for arity in 2...10 {
        let names = (0..<arity).map { "C\($0)" }
        let parameters = names.map { "_ \($0.lowercased()): \($0)" }.joined(separator: ", ")
        let values = names.map { $0.lowercased() }.joined(separator: ", ")
        let tuple = kind.tupleSpelling("(\(names.joined(separator: ", ")))")
        out.line(
          "public static func buildBlock<\(names.joined(separator: ", "))>(\(parameters)) -> \(tuple) "
            + "where \(names.map(requirement).joined(separator: ", ")) { \(kind.tupleType)((\(values))) }")
      }
    }
    out.line(
      "public static func buildIf<Content>(_ content: Content?) -> Content? where \(requirement("Content")) { content }"
    )
    if let conditional = kind.conditionalType {
      let constraints = "where \(requirement("TrueContent")), \(requirement("FalseContent"))"
      out.line(
        "public static func buildEither<TrueContent, FalseContent>(first: TrueContent) -> "
          + "\(conditional)<TrueContent, FalseContent> \(constraints) { .init(storage: .trueContent(first)) }")
      out.line(
        "public static func buildEither<TrueContent, FalseContent>(second: FalseContent) -> "
          + "\(conditional)<TrueContent, FalseContent> \(constraints) { .init(storage: .falseContent(second)) }")
    }
    out.line(
      "public static func buildLimitedAvailability<Content>(_ content: Content) -> \(erased) "
        + "where \(requirement("Content")) { \(erased)(content) }")
  }

  /// The unified model's single unconstrained builder and its content types.
  private func emitContentBuilder(into out: inout SourceWriter) {
    out.line("// The unified builder: no protocol constraints; content conforms where its elements do.")
    Self.emitEmptyAndTupleContent(into: &out)
    for kind in surface.unifiedKinds {
      out.line("extension EmptyContent: \(kind.protocolName) {}")
      Self.conformance("TupleContent", kind, ["Content"], pack: true, into: &out)
    }
    out.line("@resultBuilder")
    out.block("public enum ContentBuilder") { out in
      out.lines([
        "public static func buildExpression<Content>(_ content: Content) -> Content { content }",
        "public static func buildBlock() -> EmptyContent { EmptyContent() }",
        "public static func buildBlock<Content>(_ content: Content) -> Content { content }",
        "@_disfavoredOverload public static func buildBlock<each Content>(_ content: repeat each Content) -> "
          + "TupleContent<repeat each Content> { TupleContent((repeat each content)) }",
        "public static func buildIf<Content>(_ content: Content?) -> Content? { content }",
        "public static func buildEither<TrueContent, FalseContent>(first: TrueContent) -> "
          + "_ConditionalContent<TrueContent, FalseContent> { .init(storage: .trueContent(first)) }",
        "public static func buildEither<TrueContent, FalseContent>(second: FalseContent) -> "
          + "_ConditionalContent<TrueContent, FalseContent> { .init(storage: .falseContent(second)) }",
        "public static func buildLimitedAvailability<Content>(_ content: Content) -> Content { content }",
      ])
    }
    for kind in surface.unifiedKinds where !surface.kindsWithOwnBuilder.contains(kind) {
      if kind.refines == nil { out.line("public typealias \(kind.builderName) = ContentBuilder") }
    }
    out.line()
  }

  // MARK: Primitives

  /// Group, Section and ForEach: their conformances, then their initializer forms (`PrimitiveForms`), each in the
  /// constrained extension the SDK declares it in.
  private func emitPrimitives(into out: inout SourceWriter) {
    out.line("// Shared primitives")
    // Computed properties: stored ones would give each primitive a memberwise `init(content:)` that, in the inline
    // form (one module), competes with the builder forms.
    Self.emitStruct(
      "Group", generics: "<Content>", members: ["public var content: Content { fatalError() }"], into: &out)
    Self.emitStruct(
      "Section", generics: "<Parent, Content, Footer>",
      members: [
        "public var header: Parent? { fatalError() }", "public var content: Content { fatalError() }",
        "public var footer: Footer? { fatalError() }",
      ], into: &out)
    Self.emitStruct(
      "ForEach", generics: "<Data: RandomAccessCollection, ID: Hashable, Content>",
      members: [
        "public var data: Data { fatalError() }", "public var content: (Data.Element) -> Content { fatalError() }",
      ], into: &out)
    let forms = PrimitiveForms.forms(of: surface)
    if surface.sdkForms { emitFormSupport(forms, into: &out) }
    for primitive in [Primitive.group, .section, .foreach] {
      let kinds = surface.model == .unified ? surface.unifiedKinds : surface.primitiveKinds[primitive] ?? []
      let parameters = primitive == .section ? ["Parent", "Content", "Footer"] : ["Content"]
      for kind in kinds { Self.conformance(primitive.typeName, kind, parameters, into: &out) }
      Self.emitExtensions(of: primitive, forms, into: &out)
    }
    if surface.includesList { Self.emitList(into: &out) }
    out.line()
  }

  /// The types the SDK's forms mention: `Binding`, `LocalizedStringKey` (unless Charts declares it), edit actions,
  /// subview and section collections, table header rows.
  private func emitFormSupport(_ forms: [InitializerForm], into out: inout SourceWriter) {
    out.line("// Types the initializer forms mention")
    out.line("public struct Binding<Value> { public var wrappedValue: Value { fatalError() } }")
    if !surface.includesCharts { Self.emitLocalizedStringKey(into: &out) }
    Self.emitEditActionTypes(into: &out)
    for kind in surface.model == .unified ? surface.unifiedKinds : surface.kinds
    where forms.contains(where: { $0.kind == kind.protocolName && $0.name.contains("editActions:") })
      || (surface.model == .unified && kind == .view)
    {
      Self.conformance("EditableCollectionContent", kind, ["Content"], into: &out)
    }
    Self.emitForEachCollections(into: &out)
    if forms.contains(where: { $0.declaration.contains("TableHeaderRowContent") }) {
      Self.emitStruct(
        "TableHeaderRowContent", generics: "<Value, Content: View>", conformsTo: "TableRowContent",
        members: ["public typealias TableRowValue = Value"], into: &out)
    }
  }

  /// The unified builder's content types: `EmptyContent` (which `EmptyView` names) and `TupleContent`, a pack of any
  /// content; both conform to a kind where their elements do (the surface's extensions).
  static func emitEmptyAndTupleContent(into out: inout SourceWriter) {
    emitStruct("EmptyContent", members: ["public init() {}"], into: &out)
    out.line("public typealias EmptyView = EmptyContent")
    emitStruct(
      "TupleContent", generics: "<each Content>",
      members: [
        "public var value: (repeat each Content)", "public init(_ value: (repeat each Content)) { self.value = value }",
      ],
      into: &out)
  }

  /// The types `ForEach(_:editActions:)` mentions: `EditActions`, `EditableCollectionContent` (its conformances are
  /// the surface's), and the forms' data, an empty stand-in for SwiftUI's collection of indices and identifiers.
  static func emitEditActionTypes(into out: inout SourceWriter) {
    out.line("public struct EditActions<Data> { public init() {} }")
    emitStruct("EditableCollectionContent", generics: "<Content, Data>", members: ["public init() {}"], into: &out)
    out.block("public struct IndexedIdentifierCollection<Base: Collection, ID: Hashable>: RandomAccessCollection") {
      out in
      out.lines([
        "public var startIndex: Int { 0 }", "public var endIndex: Int { 0 }",
        "public subscript(position: Int) -> (Base.Index, ID) { fatalError() }",
      ])
    }
  }

  /// The collections `ForEach(subviews:)` and `ForEach(sections:)` iterate, with their elements (empty stand-ins).
  static func emitForEachCollections(into out: inout SourceWriter) {
    for (element, collection) in [
      ("Subview", "ForEachSubviewCollection"), ("SectionConfiguration", "ForEachSectionCollection"),
    ] {
      out.line("public struct \(element): Identifiable { public var id: Int }")
      out.block("public struct \(collection)<Content>: RandomAccessCollection") { out in
        out.lines([
          "public var startIndex: Int { 0 }", "public var endIndex: Int { 0 }",
          "public subscript(position: Int) -> \(element) { \(element)(id: position) }",
        ])
      }
    }
  }

  /// `LocalizedStringKey`: Section titles and Charts' plottable labels.
  static func emitLocalizedStringKey(into out: inout SourceWriter) {
    out.block("public struct LocalizedStringKey: ExpressibleByStringLiteral") { out in
      out.line("public init(stringLiteral value: String) {}")
    }
  }

  /// SwiftUI's `List`: views only, so one builder initializer in both models (`@ViewBuilder` is `ContentBuilder` in
  /// the unified one), plus the data form whose unlabeled argument label matching rules out for `List { … }`.
  static func emitList(into out: inout SourceWriter) {
    Self.emitStruct(
      "List", generics: "<SelectionValue: Hashable, Content: View>", conformsTo: "View",
      members: ["public var content: Content"], into: &out)
    out.block("extension List where SelectionValue == Never") { out in
      out.lines([
        "public init(@ViewBuilder content: () -> Content) { self.content = content() }",
        "public init<Data: RandomAccessCollection, RowContent: View>(_ data: Data, "
          + "@ViewBuilder rowContent: @escaping (Data.Element) -> RowContent) "
          + "where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable "
          + "{ self.content = ForEach(data, content: rowContent) }",
      ])
    }
  }
}
