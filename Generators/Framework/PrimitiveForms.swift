/// The initializer forms a framework declares on its shared primitives.
///
/// With the `swiftui` preset each primitive carries, per kind, the forms the SDK has (counts and labels from the
/// public SDK interfaces and Apple's documentation pages: Group 11, ForEach 25, Section 19 builder initializers; see
/// docs/swiftui-forms.md). The unified model keeps one builder initializer per primitive plus the same label forms,
/// all through `ContentBuilder`. Other overload sets (`--preset minimal`, `--kinds N`) keep the basic forms: one
/// content form per kind, plus a title and a header/footer form for view sections and the id and range forms of
/// `ForEach`.
enum PrimitiveForms {
  /// A form's identity, independent of its kind.
  enum Form: CaseIterable {
    // Group and Section
    case content
    // Group: the SDK's second TabContent initializer, for content whose tab value is optional.
    case contentOfOptionalTabValue
    // Section
    case contentHeader, contentFooter, contentHeaderFooter, plainTitle, titleKey, title, titleKeyExpanded
    case titleExpanded, expandedContentHeader, deprecatedHeader, deprecatedFooter, deprecatedHeaderFooter
    // ForEach
    case data, dataID, range, binding, bindingID, editActions, editActionsID, subviews, sections
    // ForEach over tabs: the SDK's disfavored variants for an optional tab value (`TabContentBuilder<V?>`).
    case dataOptionalValue, dataIDOptionalValue, rangeOptionalValue
    // Group's iOS 18 forms over a view's subviews and sections (a labelled first argument).
    case groupSubviews, groupSections
    // Section's iOS 26 titles given as a `LocalizedStringResource` (disfavored), plain and with `isExpanded:`.
    case titleResource, titleResourceExpanded
  }

  /// The SDK's forms per primitive and kind; a kind the table leaves out gets the basic forms.
  static let sdkSection: [String: [Form]] = [
    "View": [
      .content, .contentHeader, .contentFooter, .contentHeaderFooter, .titleKey, .title, .titleKeyExpanded,
      .titleExpanded, .expandedContentHeader, .deprecatedHeader, .deprecatedFooter, .deprecatedHeaderFooter,
    ],
    "TableRowContent": [
      .content, .contentHeader, .titleKey, .title, .expandedContentHeader, .titleKeyExpanded, .titleExpanded,
    ],
  ]
  static let sdkForEach: [String: [Form]] = [
    "View": [.data, .dataID, .range, .binding, .bindingID, .editActions, .editActionsID, .subviews, .sections],
    "AccessibilityRotorContent": [.data, .dataID],
    "TabContent": [.dataID, .dataIDOptionalValue, .data, .dataOptionalValue, .range, .rangeOptionalValue],
    "TableRowContent": [.data, .dataID, .range],
    "ChartContent": [.data, .dataID],
    "MapContent": [.data, .dataID, .range],
  ]
  static let sdkGroup: [String: [Form]] = ["TabContent": [.content, .contentOfOptionalTabValue]]

  static let basicSectionOfViews: [Form] = [.content, .contentHeaderFooter, .plainTitle]
  static let basicForEach: [Form] = [.data, .dataID, .range]

  /// Every form `surface` declares, in emission order (primitive, then kind, then form).
  static func forms(of surface: FrameworkSurface) -> [InitializerForm] {
    var result: [InitializerForm] = []
    for primitive in [Primitive.group, .section, .foreach] {
      if surface.model == .unified {
        let context = Context(primitive: primitive, kind: nil)
        result += formIDs(primitive, kindName: "View", sdk: surface.sdkForms).map { context.form($0) }
        continue
      }
      for kind in surface.primitiveKinds[primitive] ?? [] {
        let context = Context(primitive: primitive, kind: kind)
        result += formIDs(primitive, kindName: kind.protocolName, sdk: surface.sdkForms).map { context.form($0) }
      }
    }
    return result
  }

  private static func formIDs(_ primitive: Primitive, kindName: String, sdk: Bool) -> [Form] {
    switch primitive {
    case .group: return sdk ? sdkGroup[kindName] ?? [.content] : [.content]
    case .section:
      if sdk, let forms = sdkSection[kindName] { return forms }
      return kindName == "View" ? basicSectionOfViews : [.content]
    case .foreach: return sdk ? sdkForEach[kindName] ?? basicForEach : basicForEach
    case .list: return []
    }
  }

  /// How one primitive spells its forms for one kind (nil: the unified model's `ContentBuilder`).
  struct Context {
    var primitive: Primitive
    var kind: ContentKind?

    var kindName: String { kind?.protocolName ?? "ContentBuilder" }
    /// The builder attribute of a content closure; generic kinds take the initializer's `V`.
    var attribute: String { kind.map { $0.builderAttribute(value: "V") } ?? "@ContentBuilder" }
    /// The header closure's attribute: headers are views.
    var viewAttribute: String { kind == nil ? "@ContentBuilder" : "@ViewBuilder" }
    var value: String? { kind?.valueAssociatedType }
    /// The empty content of a section without header or footer.
    var empty: String {
      guard let kind else { return "EmptyContent" }
      return kind.isGeneric ? "\(kind.emptyType)<V>" : kind.emptyType
    }
    /// The kind requirement on the closure's result, `Content: View`, or none in the unified model.
    func conforms(_ type: String) -> [String] { kind.map { ["\(type): \($0.protocolName)"] } ?? [] }
    /// A generic kind ties the builder's `V` to the content's associated type.
    func valueTie(_ type: String) -> (generics: [String], requirements: [String]) {
      value.map { (["V"], ["V == \(type).\($0)"]) } ?? ([], [])
    }

    func form(_ form: Form) -> InitializerForm {
      switch primitive {
      case .group: return groupForm(form)
      case .section: return kind?.isGeneric == true ? tableRowSectionForm(form) : sectionForm(form)
      default: return forEachForm(form)
      }
    }

    private func make(
      _ name: String, extensionRequirements: [String], generics: [String] = [], parameters: String,
      requirements: [String] = [], attributes: String = ""
    ) -> InitializerForm {
      let genericClause = generics.isEmpty ? "" : "<\(generics.joined(separator: ", "))>"
      let whereClause = requirements.isEmpty ? "" : " where " + requirements.joined(separator: ", ")
      return InitializerForm(
        primitive: primitive, kind: kindName, name: name, extensionRequirements: extensionRequirements,
        declaration: "\(attributes)public init\(genericClause)(\(parameters))\(whereClause) { fatalError() }")
    }

    private func groupForm(_ form: Form) -> InitializerForm {
      if form == .groupSubviews || form == .groupSections {
        // SwiftUICore: `Group(subviews: view) { collection in … }`, unconstrained extension, views only.
        let (label, collection, result) =
          form == .groupSubviews
          ? ("subviews", "SubviewsCollection", "GroupElementsOfContent")
          : ("sections", "SectionCollection", "GroupSectionsOfContent")
        return make(
          "init(\(label):transform:)", extensionRequirements: [], generics: ["Base: View", "Result: View"],
          parameters: "\(label) view: Base, \(viewAttribute) transform: @escaping (\(collection)) -> Result",
          requirements: ["Content == \(result)<Base, Result>"])
      }
      if form == .contentOfOptionalTabValue, let kind {
        // The second TabContent form builds `TabContentBuilder<V?>` content; unlike ForEach's, it is not disfavored.
        return make(
          "init(content:) [optional tab value]", extensionRequirements: conforms("Content"), generics: ["V"],
          parameters: "\(kind.builderAttribute(value: "V?")) content: () -> Content",
          requirements: ["V: Hashable", "Content.\(value ?? "TabValue") == V?"])
      }
      let tie = valueTie("Content")
      return make(
        "init(content:)", extensionRequirements: conforms("Content"), generics: tie.generics,
        parameters: "\(attribute) content: () -> Content", requirements: tie.requirements)
    }

    /// Section's view forms (and the content form of non-generic kinds): the SDK's constrained extensions.
    private func sectionForm(_ form: Form) -> InitializerForm {
      let content = "\(attribute) content: () -> Content"
      let header = "\(viewAttribute) header: () -> Parent"
      let footer = "\(viewAttribute) footer: () -> Footer"
      let bothViews = conforms("Parent") + conforms("Content") + conforms("Footer")
      let headerOnly = conforms("Parent") + conforms("Content") + ["Footer == \(empty)"]
      let footerOnly = ["Parent == \(empty)"] + conforms("Content") + conforms("Footer")
      let neither = ["Parent == \(empty)"] + conforms("Content") + ["Footer == \(empty)"]
      let titled = ["Parent == Text"] + conforms("Content") + ["Footer == \(empty)"]
      let deprecated = "@available(*, deprecated) "
      let disfavored = "@_disfavoredOverload "
      switch form {
      case .content: return make("init(content:)", extensionRequirements: neither, parameters: content)
      case .contentHeader:
        return make("init(content:header:)", extensionRequirements: headerOnly, parameters: "\(content), \(header)")
      case .contentFooter:
        return make("init(content:footer:)", extensionRequirements: footerOnly, parameters: "\(content), \(footer)")
      case .contentHeaderFooter:
        return make(
          "init(content:header:footer:)", extensionRequirements: bothViews,
          parameters: "\(content), \(header), \(footer)")
      case .plainTitle:
        return make(
          "init(_:content:) [String]", extensionRequirements: titled, parameters: "_ title: String, \(content)")
      case .titleKey:
        return make(
          "init(_:content:) [LocalizedStringKey]", extensionRequirements: titled,
          parameters: "_ titleKey: LocalizedStringKey, \(content)")
      case .title:
        return make(
          "init(_:content:) [StringProtocol]", extensionRequirements: titled, generics: ["S: StringProtocol"],
          parameters: "_ title: S, \(content)", attributes: disfavored)
      case .titleKeyExpanded:
        return make(
          "init(_:isExpanded:content:) [LocalizedStringKey]", extensionRequirements: titled,
          parameters: "_ titleKey: LocalizedStringKey, isExpanded: Binding<Bool>, \(content)")
      case .titleExpanded:
        return make(
          "init(_:isExpanded:content:) [StringProtocol]", extensionRequirements: titled,
          generics: ["S: StringProtocol"],
          parameters: "_ title: S, isExpanded: Binding<Bool>, \(content)", attributes: disfavored)
      case .titleResource:
        return make(
          "init(_:content:) [LocalizedStringResource]", extensionRequirements: titled,
          parameters: "_ titleResource: LocalizedStringResource, \(content)", attributes: disfavored)
      case .titleResourceExpanded:
        return make(
          "init(_:isExpanded:content:) [LocalizedStringResource]", extensionRequirements: titled,
          parameters: "_ titleResource: LocalizedStringResource, isExpanded: Binding<Bool>, \(content)",
          attributes: disfavored)
      case .expandedContentHeader:
        return make(
          "init(isExpanded:content:header:)", extensionRequirements: headerOnly,
          parameters: "isExpanded: Binding<Bool>, \(content), \(header)")
      case .deprecatedHeader:
        return make(
          "init(header:content:) [deprecated]", extensionRequirements: headerOnly,
          parameters: "header: Parent, \(content)", attributes: deprecated)
      case .deprecatedFooter:
        return make(
          "init(footer:content:) [deprecated]", extensionRequirements: footerOnly,
          parameters: "footer: Footer, \(content)", attributes: deprecated)
      case .deprecatedHeaderFooter:
        return make(
          "init(header:footer:content:) [deprecated]", extensionRequirements: bothViews,
          parameters: "header: Parent, footer: Footer, \(content)", attributes: deprecated)
      default: preconditionFailure("not a Section form: \(form)")
      }
    }

    /// Section's forms for a generic kind (table rows): a view header becomes a header row.
    private func tableRowSectionForm(_ form: Form) -> InitializerForm {
      let kind = kind!
      let value = kind.valueAssociatedType!
      let content = "\(attribute) content: () -> Content"
      let header = "@ViewBuilder header: () -> H"
      let headerRow = "TableHeaderRowContent<V, H>"
      let textRow = "TableHeaderRowContent<V, Text>"
      let base = ["V == Content.\(value)", "Footer == \(empty)"]
      let disfavored = "@_disfavoredOverload "
      let extensionRequirements = conforms("Content")
      switch form {
      case .content:
        return make(
          "init(content:)", extensionRequirements: extensionRequirements, generics: ["V"], parameters: content,
          requirements: ["Parent == \(empty)"] + base)
      case .contentHeader:
        return make(
          "init(content:header:)", extensionRequirements: extensionRequirements, generics: ["V", "H: View"],
          parameters: "\(content), \(header)", requirements: ["Parent == \(headerRow)"] + base)
      case .titleKey:
        return make(
          "init(_:content:) [LocalizedStringKey]", extensionRequirements: extensionRequirements, generics: ["V"],
          parameters: "_ titleKey: LocalizedStringKey, \(content)", requirements: ["Parent == \(textRow)"] + base)
      case .title:
        return make(
          "init(_:content:) [StringProtocol]", extensionRequirements: extensionRequirements,
          generics: ["V", "S: StringProtocol"], parameters: "_ title: S, \(content)",
          requirements: ["Parent == \(textRow)"] + base, attributes: disfavored)
      case .expandedContentHeader:
        return make(
          "init(isExpanded:content:header:)", extensionRequirements: extensionRequirements, generics: ["V", "H: View"],
          parameters: "isExpanded: Binding<Bool>, \(content), \(header)",
          requirements: ["Parent == \(headerRow)"] + base)
      case .titleKeyExpanded:
        return make(
          "init(_:isExpanded:content:) [LocalizedStringKey]", extensionRequirements: extensionRequirements,
          generics: ["V"], parameters: "_ titleKey: LocalizedStringKey, isExpanded: Binding<Bool>, \(content)",
          requirements: ["Parent == \(textRow)"] + base)
      case .titleExpanded:
        return make(
          "init(_:isExpanded:content:) [StringProtocol]", extensionRequirements: extensionRequirements,
          generics: ["V", "S: StringProtocol"], parameters: "_ title: S, isExpanded: Binding<Bool>, \(content)",
          requirements: ["Parent == \(textRow)"] + base, attributes: disfavored)
      case .titleResource:
        return make(
          "init(_:content:) [LocalizedStringResource]", extensionRequirements: extensionRequirements,
          generics: ["V"], parameters: "_ titleResource: LocalizedStringResource, \(content)",
          requirements: ["Parent == \(textRow)"] + base, attributes: disfavored)
      case .titleResourceExpanded:
        return make(
          "init(_:isExpanded:content:) [LocalizedStringResource]", extensionRequirements: extensionRequirements,
          generics: ["V"],
          parameters: "_ titleResource: LocalizedStringResource, isExpanded: Binding<Bool>, \(content)",
          requirements: ["Parent == \(textRow)"] + base, attributes: disfavored)
      default: preconditionFailure("not a table-row Section form: \(form)")
      }
    }

    private func forEachForm(_ form: Form) -> InitializerForm {
      let extensionRequirements = conforms("Content")
      let element = "(Data.Element) -> Content"
      let bindingElement = "@escaping (Binding<C.Element>) -> Content"
      let mutable = ["C: MutableCollection", "C: RandomAccessCollection", "C.Index: Hashable"]
      let indexed = "Data == LazyMapSequence<C.Indices, (C.Index, ID)>"
      // The SDK's tab forms come twice: for the builder's tab value `V`, and disfavored for an optional one, whose
      // closure builds `TabContentBuilder<V?>` content (a `ForEach` inside a `TabView` with an optional selection).
      let optionalValue = [.dataOptionalValue, .dataIDOptionalValue, .rangeOptionalValue].contains(form)
      let tie =
        optionalValue
        ? (generics: ["V"], requirements: ["V: Hashable", "Content.\(value ?? "TabValue") == V?"])
        : valueTie("Content")
      let attribute = optionalValue ? kind.map { $0.builderAttribute(value: "V?") } ?? self.attribute : self.attribute
      let attributes = optionalValue ? "@_disfavoredOverload " : ""
      func make(
        _ name: String, generics: [String] = [], _ parameters: String, _ requirements: [String] = [],
        attributes: String = attributes
      ) -> InitializerForm {
        self.make(
          name, extensionRequirements: extensionRequirements, generics: generics + tie.generics,
          parameters: parameters, requirements: requirements + tie.requirements, attributes: attributes)
      }
      let suffix = optionalValue ? ", optional tab value" : ""
      switch form {
      case .data, .dataOptionalValue:
        return make(
          "init(_:content:) [Identifiable data\(suffix)]", "_ data: Data, \(attribute) content: @escaping \(element)",
          ["ID == Data.Element.ID", "Data.Element: Identifiable"])
      case .dataID, .dataIDOptionalValue:
        return make(
          "init(_:id:content:)" + (optionalValue ? " [optional tab value]" : ""),
          "_ data: Data, id: KeyPath<Data.Element, ID>, \(attribute) content: @escaping \(element)")
      case .range, .rangeOptionalValue:
        return make(
          "init(_:content:) [Range<Int>\(suffix)]",
          "_ data: Range<Int>, \(attribute) content: @escaping (Int) -> Content", ["Data == Range<Int>", "ID == Int"])
      // SwiftUICore declares both binding forms disfavored (and always emitted into the client).
      case .binding:
        return make(
          "init(_:content:) [Binding<C>]", generics: ["C"],
          "_ data: Binding<C>, \(attribute) content: \(bindingElement)",
          [indexed, "ID == C.Element.ID"] + mutable + ["C.Element: Identifiable"], attributes: "@_disfavoredOverload ")
      case .bindingID:
        return make(
          "init(_:id:content:) [Binding<C>]", generics: ["C"],
          "_ data: Binding<C>, id: KeyPath<C.Element, ID>, \(attribute) content: \(bindingElement)",
          [indexed] + mutable,
          attributes: "@_disfavoredOverload ")
      case .editActions, .editActionsID:
        // The closure builds R; the ForEach's content wraps it.
        let rowTie = value.map { (["V"], ["V == R.\($0)"]) } ?? ([], [])
        let id = form == .editActionsID ? "id: KeyPath<C.Element, ID>, " : ""
        return self.make(
          form == .editActionsID ? "init(_:id:editActions:content:)" : "init(_:editActions:content:)",
          extensionRequirements: [], generics: ["C", "R"] + rowTie.0,
          parameters: "_ data: Binding<C>, \(id)editActions: EditActions<C>, "
            + "\(attribute) content: @escaping (Binding<C.Element>) -> R",
          requirements: ["Content == EditableCollectionContent<R, C>", "Data == IndexedIdentifierCollection<C, ID>"]
            + conforms("R") + mutable
            + (form == .editActions ? ["ID == C.Element.ID", "C.Element: Identifiable"] : []) + rowTie.1)
      case .subviews:
        return make(
          "init(subviews:content:)", generics: ["Root: View"],
          "subviews view: Root, \(attribute) content: @escaping (Subview) -> Content",
          ["Data == ForEachSubviewCollection<Content>", "ID == Subview.ID"])
      case .sections:
        return make(
          "init(sections:content:)", generics: ["Root: View"],
          "sections view: Root, \(attribute) content: @escaping (SectionConfiguration) -> Content",
          ["Data == ForEachSectionCollection<Content>", "ID == SectionConfiguration.ID"])
      default: preconditionFailure("not a ForEach form: \(form)")
      }
    }
  }
}
