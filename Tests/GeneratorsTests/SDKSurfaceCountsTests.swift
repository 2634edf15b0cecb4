import Testing

@testable import Generators

/// Every surface's builder initializers pinned, per primitive, kind and declaring module: how many, how many
/// disfavored, and (for the SDK surfaces) where the public interfaces declare them. Read by hand from the mirrors
/// `BuilderSurface.interfaces` names, files `iPhoneOS<version>.sdk/System/Library/Frameworks/<Module>.framework/
/// Modules/<Module>.swiftmodule/arm64e-apple-ios.swiftinterface`; offsets are approximate character positions in
/// those files. A count that changes fails here until someone reads the interfaces again and records it.
@Suite struct SDKSurfaceCountsTests {
  struct Count: Sendable {
    var surface: BuilderSurface
    var primitive: Primitive
    /// The kind whose builder the closures use, or `ContentBuilder` for the unconstrained forms.
    var kind: String
    var module: MiniatureModule?
    var forms: Int
    var disfavored: Int
    /// Where the interface declares them, or why the count is not the interface's own reading.
    var found: String
  }

  static let counts: [Count] = ios18 + ios26 + idealised + ios27

  /// iOS 18.0, the miniature's first surface (docs/fidelity.md, "The surface, against the iOS 18.0 SDK").
  static let ios18: [Count] = [
    Count(surface: .ios18, primitive: .group, kind: "View", forms: 1, disfavored: 0, found: "18.0 reading"),
    Count(surface: .ios18, primitive: .group, kind: "ToolbarContent", forms: 1, disfavored: 0, found: "18.0 reading"),
    Count(
      surface: .ios18, primitive: .group, kind: "CustomizableToolbarContent", forms: 1, disfavored: 0,
      found: "18.0 reading"),
    Count(surface: .ios18, primitive: .group, kind: "Commands", forms: 1, disfavored: 0, found: "18.0 reading"),
    Count(surface: .ios18, primitive: .group, kind: "Scene", forms: 1, disfavored: 0, found: "18.0 reading"),
    Count(surface: .ios18, primitive: .group, kind: "TableRowContent", forms: 1, disfavored: 0, found: "18.0 reading"),
    Count(
      surface: .ios18, primitive: .group, kind: "TableColumnContent", forms: 1, disfavored: 0, found: "18.0 reading"),
    Count(surface: .ios18, primitive: .group, kind: "TabContent", forms: 2, disfavored: 0, found: "18.0 reading"),
    Count(
      surface: .ios18, primitive: .group, kind: "AccessibilityRotorContent", forms: 1, disfavored: 0,
      found: "18.0 reading"),
    Count(surface: .ios18, primitive: .group, kind: "MapContent", forms: 1, disfavored: 0, found: "18.0 reading"),
    Count(surface: .ios18, primitive: .section, kind: "View", forms: 12, disfavored: 2, found: "18.0 reading"),
    Count(
      surface: .ios18, primitive: .section, kind: "TableRowContent", forms: 7, disfavored: 2, found: "18.0 reading"),
    Count(surface: .ios18, primitive: .foreach, kind: "View", forms: 9, disfavored: 2, found: "18.0 reading"),
    Count(
      surface: .ios18, primitive: .foreach, kind: "AccessibilityRotorContent", forms: 2, disfavored: 0,
      found: "18.0 reading"),
    Count(surface: .ios18, primitive: .foreach, kind: "TabContent", forms: 6, disfavored: 3, found: "18.0 reading"),
    Count(
      surface: .ios18, primitive: .foreach, kind: "TableRowContent", forms: 3, disfavored: 0, found: "18.0 reading"),
    Count(surface: .ios18, primitive: .foreach, kind: "ChartContent", forms: 2, disfavored: 0, found: "18.0 reading"),
    Count(surface: .ios18, primitive: .foreach, kind: "MapContent", forms: 3, disfavored: 0, found: "18.0 reading"),
  ]

  /// iOS 26.2 (Xcode 26), the per-kind model: 18.0's forms plus Group's `subviews:`/`sections:` (which the 18.0
  /// reading left out, label matching removing them), Section's four `LocalizedStringResource` titles (disfavored),
  /// and Charts' two disfavored 3D `ForEach` forms.
  static let ios26: [Count] = [
    Count(
      surface: .ios26, primitive: .group, kind: "View", module: .swiftUICore, forms: 3, disfavored: 0,
      found:
        "SwiftUICore ~141,300: extension Group: View where Content: View, init(@ViewBuilder content:); ~835,300 "
        + "init(subviews:transform:); ~971,200 init(sections:transform:)"),
    Count(
      surface: .ios26, primitive: .group, kind: "ToolbarContent", module: .swiftUI, forms: 1, disfavored: 0,
      found: "SwiftUI ~968,900: extension Group: ToolbarContent, init(@ToolbarContentBuilder content:)"),
    Count(
      surface: .ios26, primitive: .group, kind: "CustomizableToolbarContent", module: .swiftUI, forms: 1,
      disfavored: 0, found: "SwiftUI ~969,500: extension Group: CustomizableToolbarContent"),
    Count(
      surface: .ios26, primitive: .group, kind: "Commands", module: .swiftUI, forms: 1, disfavored: 0,
      found: "SwiftUI ~1,247,400: extension Group: Commands, init(@CommandsBuilder content:)"),
    Count(
      surface: .ios26, primitive: .group, kind: "Scene", module: .swiftUI, forms: 1, disfavored: 0,
      found: "SwiftUI ~815,900: extension Group: Scene, init(@SceneBuilder content:)"),
    Count(
      surface: .ios26, primitive: .group, kind: "TableRowContent", module: .swiftUI, forms: 1, disfavored: 0,
      found: "SwiftUI ~1,258,400: extension Group: TableRowContent, init<R>(@TableRowBuilder<R> content:)"),
    Count(
      surface: .ios26, primitive: .group, kind: "TableColumnContent", module: .swiftUI, forms: 1, disfavored: 0,
      found: "SwiftUI ~1,136,500: extension Group: TableColumnContent, init<R, C>(@TableColumnBuilder<R, C>)"),
    Count(
      surface: .ios26, primitive: .group, kind: "TabContent", module: .swiftUI, forms: 2, disfavored: 0,
      found: "SwiftUI ~583,400: init<V>(@TabContentBuilder<V>), init<V>(@TabContentBuilder<V?>), neither disfavored"),
    Count(
      surface: .ios26, primitive: .group, kind: "AccessibilityRotorContent", module: .swiftUI, forms: 1,
      disfavored: 0, found: "SwiftUI ~490,400: init(@AccessibilityRotorContentBuilder content:)"),
    Count(
      surface: .ios26, primitive: .group, kind: "MapContent", module: .mapKit, forms: 1, disfavored: 0,
      found: "_MapKit_SwiftUI ~43,900: extension Group: MapContent, init(@MapContentBuilder content:)"),
    Count(
      surface: .ios26, primitive: .section, kind: "View", module: .swiftUI, forms: 14, disfavored: 4,
      found:
        "SwiftUI ~630,700-636,000: 12 of 18.0 and two LocalizedStringResource titles (plain, isExpanded:), "
        + "@_disfavoredOverload like the two StringProtocol ones"),
    Count(
      surface: .ios26, primitive: .section, kind: "TableRowContent", module: .swiftUI, forms: 9, disfavored: 4,
      found: "SwiftUI ~236,000-239,000: 7 of 18.0 and two disfavored LocalizedStringResource titles"),
    Count(
      surface: .ios26, primitive: .foreach, kind: "View", module: .swiftUICore, forms: 7, disfavored: 2,
      found:
        "SwiftUICore ~870,600-873,200: Identifiable, id:, Range<Int>, two disfavored Binding forms; ~74,600 "
        + "sections:, ~456,000 subviews:"),
    Count(
      surface: .ios26, primitive: .foreach, kind: "View", module: .swiftUI, forms: 2, disfavored: 0,
      found: "SwiftUI ~334,800: editActions: with and without id:"),
    Count(
      surface: .ios26, primitive: .foreach, kind: "AccessibilityRotorContent", module: .swiftUI, forms: 2,
      disfavored: 0, found: "SwiftUI ~487,900: Identifiable, id:"),
    Count(
      surface: .ios26, primitive: .foreach, kind: "TabContent", module: .swiftUI, forms: 6, disfavored: 3,
      found: "SwiftUI ~580,000-583,000: id:, Identifiable, Range<Int>, each for V and (disfavored) V?"),
    Count(
      surface: .ios26, primitive: .foreach, kind: "TableRowContent", module: .swiftUI, forms: 3, disfavored: 0,
      found: "SwiftUI ~1,227,300-1,228,500: Identifiable, id:, Range<Int>"),
    Count(
      surface: .ios26, primitive: .foreach, kind: "ChartContent", module: .charts, forms: 2, disfavored: 0,
      found: "Charts ~109,400: Identifiable, id:, @ChartContentBuilder"),
    Count(
      surface: .ios26, primitive: .foreach, kind: "Chart3DContent", module: .charts, forms: 2, disfavored: 2,
      found: "Charts ~4,200: Identifiable, id:, @Chart3DContentBuilder, both @_disfavoredOverload"),
    Count(
      surface: .ios26, primitive: .foreach, kind: "MapContent", module: .mapKit, forms: 3, disfavored: 0,
      found: "_MapKit_SwiftUI ~6,400: Identifiable, id:, Range<Int>, @MainActor"),
  ]

  /// The idealised unified design: one builder initializer per primitive plus the view label forms.
  static let idealised: [Count] = [
    Count(surface: .idealised, primitive: .group, kind: "ContentBuilder", forms: 1, disfavored: 0, found: "design"),
    Count(surface: .idealised, primitive: .section, kind: "ContentBuilder", forms: 12, disfavored: 2, found: "design"),
    Count(surface: .idealised, primitive: .foreach, kind: "ContentBuilder", forms: 9, disfavored: 2, found: "design"),
  ]

  /// iOS 27.0 (Xcode 27), the unified model as the SDK declares it.
  static let ios27: [Count] = [
    Count(
      surface: .ios27, primitive: .group, kind: "ContentBuilder", module: .swiftUICore, forms: 1, disfavored: 0,
      found:
        "SwiftUICore ~170,500: extension Group { init(@ContentBuilder content:) }, unconstrained; the View form "
        + "~171,500 is @usableFromInline internal"),
    Count(
      surface: .ios27, primitive: .group, kind: "View", module: .swiftUICore, forms: 2, disfavored: 0,
      found:
        "SwiftUICore ~1,117,000 init(subviews:transform:); sections: not located in 27.0, counted as in 26.2"),
    Count(
      surface: .ios27, primitive: .group, kind: "TabContent", module: .swiftUI, forms: 2, disfavored: 2,
      found: "SwiftUI ~729,500: both @_disfavoredOverload"),
    Count(
      surface: .ios27, primitive: .group, kind: "Scene", module: .swiftUI, forms: 1, disfavored: 1,
      found: "not located in 27.0: issue 32's reading (public, disfavored)"),
    Count(
      surface: .ios27, primitive: .group, kind: "TableColumnContent", module: .swiftUI, forms: 1, disfavored: 1,
      found: "not located in 27.0: issue 32's reading (public, disfavored)"),
    Count(
      surface: .ios27, primitive: .group, kind: "TableRowContent", module: .swiftUI, forms: 1, disfavored: 1,
      found: "not located in 27.0: issue 32's reading (public, disfavored)"),
    Count(
      surface: .ios27, primitive: .group, kind: "MapContent", module: .mapKit, forms: 1, disfavored: 0,
      found: "_MapKit_SwiftUI ~43,000: unchanged"),
    Count(
      surface: .ios27, primitive: .section, kind: "ContentBuilder", module: .swiftUI, forms: 11, disfavored: 4,
      found:
        "SwiftUI ~797,700-802,500: content/header/footer, footer, header, content, three titles, isExpanded: "
        + "with a header and three titles, all @ContentBuilder without Content: View"),
    Count(
      surface: .ios27, primitive: .section, kind: "View", module: .swiftUI, forms: 3, disfavored: 0,
      found: "SwiftUI ~803,000-805,000: the three deprecated header:/footer: value forms keep Content: View"),
    Count(
      surface: .ios27, primitive: .section, kind: "TableRowContent", module: .swiftUI, forms: 9, disfavored: 5,
      found: "SwiftUI ~298,000-301,000: as 26.2, and the content-only form is @_disfavoredOverload"),
    Count(
      surface: .ios27, primitive: .foreach, kind: "ContentBuilder", module: .swiftUICore, forms: 5, disfavored: 2,
      found:
        "SwiftUICore ~1,160,000-1,163,000: Identifiable, id:, Range<Int>, two disfavored Binding forms, "
        + "unconstrained; the View forms are @usableFromInline internal"),
    Count(
      surface: .ios27, primitive: .foreach, kind: "View", module: .swiftUICore, forms: 2, disfavored: 0,
      found: "SwiftUICore ~88,500 sections:, ~604,500 subviews:, both Content: View"),
    Count(
      surface: .ios27, primitive: .foreach, kind: "View", module: .swiftUI, forms: 2, disfavored: 0,
      found: "not located in 27.0: editActions: counted as in 26.2"),
    Count(
      surface: .ios27, primitive: .foreach, kind: "TabContent", module: .swiftUI, forms: 6, disfavored: 6,
      found: "SwiftUI ~727,000-729,000: all six @_disfavoredOverload"),
    Count(
      surface: .ios27, primitive: .foreach, kind: "TableRowContent", module: .swiftUI, forms: 3, disfavored: 3,
      found: "not located in 27.0: issue 32's reading (public, disfavored)"),
    Count(
      surface: .ios27, primitive: .foreach, kind: "Chart3DContent", module: .charts, forms: 2, disfavored: 2,
      found: "Charts ~4,000: unchanged; the ChartContent forms ~112,500 are @usableFromInline internal"),
    Count(
      surface: .ios27, primitive: .foreach, kind: "MapContent", module: .mapKit, forms: 3, disfavored: 0,
      found: "_MapKit_SwiftUI ~5,700: unchanged"),
  ]

  /// Every surface's forms, with the SwiftUI preset.
  static func forms(_ surface: BuilderSurface) -> [InitializerForm] {
    var spec = CaseSpec(model: surface.model)
    spec.surface = surface
    return InitializerForm.forms(for: spec)
  }

  @Test(arguments: BuilderSurface.allCases)
  func everyCountIsPinned(_ surface: BuilderSurface) {
    let forms = Self.forms(surface)
    let pinned = Self.counts.filter { $0.surface == surface }
    for count in pinned {
      let matching = forms.filter {
        $0.primitive == count.primitive && $0.kind == count.kind && $0.module == count.module
      }
      #expect(
        matching.count == count.forms, "\(surface) \(count.primitive) \(count.kind) \(String(describing: count.module))"
      )
      #expect(
        matching.count(where: \.isDisfavored) == count.disfavored,
        "\(surface) \(count.primitive) \(count.kind): disfavored")
    }
    #expect(pinned.reduce(0) { $0 + $1.forms } == forms.count, "\(surface): a form no count pins")
  }

  /// The totals issue 32 gives for the SDKs, and the legacy surfaces' unchanged ones.
  @Test func totalsPerPrimitive() {
    func total(_ surface: BuilderSurface, _ primitive: Primitive) -> Int {
      Self.forms(surface).count { $0.primitive == primitive }
    }
    #expect([total(.ios18, .group), total(.ios18, .section), total(.ios18, .foreach)] == [11, 19, 25])
    #expect([total(.ios26, .group), total(.ios26, .section), total(.ios26, .foreach)] == [13, 23, 27])
    #expect([total(.idealised, .group), total(.idealised, .section), total(.idealised, .foreach)] == [1, 12, 9])
    #expect([total(.ios27, .group), total(.ios27, .section), total(.ios27, .foreach)] == [9, 23, 23])
  }

  /// What `Group { … }`, `Section { … }` and `ForEach(rows) { row in … }` reach after label matching, per primitive,
  /// in an app importing SwiftUI only: the candidates the solver multiplies through nested closures (a `ForEach`'s
  /// `Range<Int>` and `Binding` forms fail on an array later, in the solver).
  @Test func trailingClosureCandidates() {
    func reached(_ surface: BuilderSurface, _ primitive: Primitive) -> (all: Int, favored: Int) {
      let forms = Self.forms(surface).filter { form in
        form.primitive == primitive && form.module != .charts && form.module != .mapKit
          && (primitive == .foreach
            ? form.name.hasPrefix("init(_:content:)")  // Identifiable, Range<Int> and Binding data
            : form.name == "init(content:)" || form.name == "init(content:) [optional tab value]")
      }
      return (forms.count, forms.count { !$0.isDisfavored })
    }
    // iOS 26.2: Group's ten kind forms (MapKit not imported); one Section each for views and table rows.
    #expect(reached(.ios26, .group) == (10, 10))
    #expect(reached(.ios26, .section) == (2, 2))
    #expect(reached(.ios26, .foreach) == (10, 7))
    // iOS 27.0: ContentBuilder's form, and the kind forms it keeps public, disfavored.
    #expect(reached(.ios27, .group) == (6, 1))
    #expect(reached(.ios27, .section) == (2, 1))
    #expect(reached(.ios27, .foreach) == (9, 2))
  }

  /// Every SDK surface record says where it was read, and names its module.
  @Test func everySDKCountSaysWhereItWasRead() {
    for count in Self.counts where !count.surface.isLegacy {
      #expect(count.module != nil && !count.found.isEmpty, "\(count.surface) \(count.primitive) \(count.kind)")
    }
    #expect(BuilderSurface.allCases.filter { $0 != .idealised }.allSatisfy { $0.interfaces != nil })
  }
}
