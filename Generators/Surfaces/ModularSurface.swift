/// What an SDK surface's miniature declares, module by module: which kinds each module declares, which builder
/// initializers each primitive carries per kind (with their attributes and declaring module), and which kinds keep
/// their own builder. The legacy surfaces are `FrameworkSurface`'s single module; this is the iOS 26.2 per-kind and
/// iOS 27.0 unified SDKs as their public interfaces declare them (docs/fidelity.md says where each was read).
struct ModularSurface: Sendable {
  var surface: BuilderSurface
  var blockStyle: BlockStyle
  var preset: KindPreset
  /// Kinds sharing every primitive (`--kinds N`), replacing the preset's table with basic forms.
  var uniformKinds: Int?
  /// iOS 27.0: Charts' back-deployment overloads on `ViewBuilder` that a deployment target of 27 obsoletes.
  var chartBackDeployment: Bool
  /// The modules a case imports, as an app would (`SwiftUI`, plus `Charts` for a chart).
  var imports: [MiniatureModule]
  /// Emit `State` (the state family).
  var includesState: Bool

  var model: BuilderModel { surface.model }

  init(
    surface: BuilderSurface, preset: KindPreset = .swiftui, uniformKinds: Int? = nil, blockStyle: BlockStyle = .pack,
    chartBackDeployment: Bool = true, imports: [MiniatureModule] = [.swiftUI], includesState: Bool = true
  ) {
    precondition(!surface.isLegacy, "\(surface) is a single-module surface (FrameworkSurface)")
    self.surface = surface
    self.preset = preset
    self.uniformKinds = uniformKinds
    // Block style is a per-kind setting; the unified builders keep the SDK's pack form.
    self.blockStyle = surface.model == .unified ? .pack : blockStyle
    self.chartBackDeployment = chartBackDeployment
    self.imports = imports
    self.includesState = includesState
  }

  /// The miniature of `spec`'s case, normalized as `FrameworkSurface` normalizes it: a family whose id leaves out
  /// kinds, preset or block style gets the SwiftUI preset with pack blocks.
  init(spec: CaseSpec) {
    let family = spec.family.descriptor
    self.init(
      surface: spec.surface, preset: family.has(.preset) ? spec.preset : .swiftui,
      uniformKinds: family.has(.kinds) ? spec.kinds : nil,
      blockStyle: family.has(.blockStyle) ? spec.blockStyle : .pack,
      chartBackDeployment: spec.chartVariant != .modern,
      imports: family.includesCharts ? [.swiftUI, .charts] : [.swiftUI], includesState: true)
  }

  /// The same surface as a case importing every module sees it (for listings and validity checks).
  var importingEveryModule: ModularSurface {
    var copy = self
    copy.imports = [.swiftUI, .charts, .mapKit]
    return copy
  }

  /// Every module a case of this surface builds, dependencies first.
  var modulesToBuild: [MiniatureModule] {
    var result: [MiniatureModule] = []
    for module in imports {
      for needed in module.closure where !result.contains(needed) { result.append(needed) }
    }
    return result
  }

  // MARK: Kinds

  /// The kinds sharing SwiftUI's primitives: the preset's, or the first `uniformKinds`.
  private var sharedKinds: [ContentKind] {
    if let count = uniformKinds { return ContentKind.first(count) }
    switch preset {
    case .swiftui:
      return [
        .view, .toolbar, .customizableToolbar, .commands, .scene, .tableRow, .tableColumn, .tab, .accessibilityRotor,
      ]
    case .minimal: return [.view, .toolbar]
    }
  }

  /// The kinds whose protocols `module` declares.
  func kinds(in module: MiniatureModule) -> [ContentKind] {
    let shared = sharedKinds
    switch module {
    case .swiftUICore: return [.view]
    case .swiftUI: return shared.filter { $0 != .view }
    case .charts: return [.chart, .chart3D].filter { !shared.contains($0) }
    case .mapKit: return shared.contains(.map) ? [] : [.map]
    }
  }

  /// The module declaring `kind`.
  func module(of kind: ContentKind) -> MiniatureModule {
    MiniatureModule.allCases.first { kinds(in: $0).contains(kind) } ?? .swiftUI
  }

  /// True when `kind` keeps its own result builder. Per-kind: every kind. iOS 27.0: the kinds whose shared
  /// initializers stay public (tabs, scenes, table rows and columns; every kind of a uniform set but views), map
  /// content (MapKit's own builder), charts (Charts keeps `ChartContentBuilder` for `@ChartContentBuilder`) and 3D
  /// charts; the others build through `ContentBuilder`.
  func keepsOwnBuilder(_ kind: ContentKind) -> Bool {
    guard model == .unified else { return true }
    if kind == .view { return false }
    // A uniform or minimal set keeps every other kind's initializers, disfavored, with their builders.
    if uniformKinds != nil || preset == .minimal { return true }
    return [.scene, .tableRow, .tableColumn, .tab, .map, .chart, .chart3D].contains(kind)
  }

  /// Kinds whose content `ContentBuilder`'s types conform to (unified model): the unified kinds, and charts.
  func isBuiltByContentBuilder(_ kind: ContentKind) -> Bool {
    model == .unified && (kind == .chart || !keepsOwnBuilder(kind))
  }

  // MARK: Forms

  /// Every builder initializer of Group, Section and ForEach the surface declares, in module order, each marked with
  /// the module that declares it.
  var forms: [InitializerForm] {
    MiniatureModule.allCases.flatMap { forms(in: $0) }
  }

  /// The initializers `module` declares.
  func forms(in module: MiniatureModule) -> [InitializerForm] {
    allForms.filter { $0.module == module }
  }

  private var allForms: [InitializerForm] {
    var result: [InitializerForm] = []
    for primitive in [Primitive.group, .section, .foreach] {
      for (kind, ids) in table(for: primitive) {
        let context = PrimitiveForms.Context(primitive: primitive, kind: kind)
        for id in ids {
          var form = context.form(id)
          form.module = declaringModule(primitive, kind: kind, form: id)
          if disfavors(primitive, kind: kind, form: id) { form = form.disfavored }
          result.append(form)
        }
      }
    }
    return result
  }

  /// The module that declares a form: views' Group and ForEach forms are SwiftUICore's (ForEach's `editActions:`
  /// and every Section are SwiftUI's), map content's `_MapKit_SwiftUI`'s, charts' Charts', the rest SwiftUI's.
  private func declaringModule(_ primitive: Primitive, kind: ContentKind?, form: PrimitiveForms.Form)
    -> MiniatureModule
  {
    guard let kind, kind != .view else {
      if primitive == .section || form == .editActions || form == .editActionsID { return .swiftUI }
      return .swiftUICore
    }
    return module(of: kind)
  }

  /// iOS 27.0 ranks every kind-specific form it keeps public below `ContentBuilder`'s, except map content's (MapKit
  /// is unchanged) and the deprecated Section forms; its table-row Section keeps two titles favored. iOS 26.2's
  /// disfavored forms are the table's own (`PrimitiveForms.Context`), and 3D charts' ForEach forms.
  private func disfavors(_ primitive: Primitive, kind: ContentKind?, form: PrimitiveForms.Form) -> Bool {
    guard let kind else { return false }
    if kind == .chart3D { return true }
    guard model == .unified, kind != .view, kind != .map else { return false }
    if primitive == .section && kind == .tableRow { return form == .content }
    return true
  }

  /// The forms per kind of `primitive` (nil kind: the unconstrained `ContentBuilder` forms).
  private func table(for primitive: Primitive) -> [(ContentKind?, [PrimitiveForms.Form])] {
    let shared = sharedKinds.filter { $0 != .view }
    let sdk = uniformKinds == nil && preset == .swiftui
    var rows: [(ContentKind?, [PrimitiveForms.Form])] = []
    switch (primitive, model) {
    case (.group, .perKind):
      rows.append((.view, sdk ? [.content, .groupSubviews, .groupSections] : [.content]))
      rows += shared.map { ($0, sdk ? PrimitiveForms.sdkGroup[$0.protocolName] ?? [.content] : [.content]) }
    case (.group, .unified):
      rows.append((nil, [.content]))
      if sdk { rows.append((.view, [.groupSubviews, .groupSections])) }
      let kept: [ContentKind] = sdk ? [.tab, .scene, .tableColumn, .tableRow] : shared
      rows += kept.map { ($0, sdk ? PrimitiveForms.sdkGroup[$0.protocolName] ?? [.content] : [.content]) }
    case (.section, .perKind):
      rows.append(
        (
          .view,
          sdk
            ? PrimitiveForms.sdkSection["View"]! + [.titleResource, .titleResourceExpanded]
            : PrimitiveForms.basicSectionOfViews
        ))
      if sdk {
        rows.append(
          (.tableRow, PrimitiveForms.sdkSection["TableRowContent"]! + [.titleResource, .titleResourceExpanded]))
      } else {
        rows += shared.map { ($0, [.content]) }
      }
    case (.section, .unified):
      if sdk {
        rows.append(
          (
            nil,
            [
              .contentHeaderFooter, .contentFooter, .contentHeader, .content, .titleKey, .title, .titleResource,
              .expandedContentHeader, .titleKeyExpanded, .titleResourceExpanded, .titleExpanded,
            ]
          ))
        rows.append((.view, [.deprecatedHeaderFooter, .deprecatedFooter, .deprecatedHeader]))
        rows.append(
          (
            .tableRow,
            [
              .contentHeader, .titleKey, .titleResource, .title, .content, .expandedContentHeader, .titleKeyExpanded,
              .titleResourceExpanded, .titleExpanded,
            ]
          ))
      } else {
        rows.append((nil, PrimitiveForms.basicSectionOfViews))
        rows += shared.map { ($0, [.content]) }
      }
    case (.foreach, .perKind):
      rows.append((.view, sdk ? PrimitiveForms.sdkForEach["View"]! : PrimitiveForms.basicForEach))
      // The SDK's ForEach serves rotors, tabs and table rows among SwiftUI's kinds (columns have their own type).
      rows += shared.compactMap { kind in
        sdk ? PrimitiveForms.sdkForEach[kind.protocolName].map { (kind, $0) } : (kind, PrimitiveForms.basicForEach)
      }
    case (.foreach, .unified):
      rows.append((nil, sdk ? [.data, .dataID, .binding, .bindingID, .range] : PrimitiveForms.basicForEach))
      if sdk {
        rows.append((.view, [.subviews, .sections, .editActions, .editActionsID]))
        rows.append((.tab, PrimitiveForms.sdkForEach["TabContent"]!))
        rows.append((.tableRow, PrimitiveForms.sdkForEach["TableRowContent"]!))
      } else {
        rows += shared.map { ($0, PrimitiveForms.basicForEach) }
      }
    default:
      break
    }
    // Charts' and MapKit's forms are their modules' own, whatever the preset.
    if primitive == .foreach {
      if kinds(in: .charts).contains(.chart) && model == .perKind { rows.append((.chart, [.data, .dataID])) }
      if kinds(in: .charts).contains(.chart3D) { rows.append((.chart3D, [.data, .dataID])) }
      if kinds(in: .mapKit).contains(.map) { rows.append((.map, [.data, .dataID, .range])) }
    }
    if primitive == .group && kinds(in: .mapKit).contains(.map) { rows.append((.map, [.content])) }
    return rows
  }

  // MARK: Names

  /// The readable part of `module`'s name: its prefix, the SDK, the overload set, the block style and the chart
  /// variant where they change its source (`MiniSwiftUI26`, `MiniSwiftUICore27K4`, `MiniCharts27Modern`).
  func surfaceName(of module: MiniatureModule) -> String {
    var name = module.namePrefix + (model == .perKind ? "26" : "27")
    if let count = uniformKinds { name += "K\(count)" } else if preset == .minimal { name += "Minimal" }
    if model == .perKind && blockStyle == .fixedArity { name += "FixedArity" }
    if module == .charts && model == .unified && !chartBackDeployment { name += "Modern" }
    return name
  }
}
