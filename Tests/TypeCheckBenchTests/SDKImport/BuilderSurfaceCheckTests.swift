import Foundation
import Generators
import Testing

@testable import TypeCheckBenchCore

/// How `bench sdk import` reads builder-taking initializers from an interface's text and compares them with a
/// miniature surface; every expectation is written by hand. The reading of whole SDKs is checked where one has been
/// imported (TYPECHECKBENCH_SDK_IOS26, TYPECHECKBENCH_SDK_IOS27: a module set's folder), against the counts
/// SDKSurfaceCountsTests pins from reading the interfaces by hand.
@Suite struct BuilderSurfaceCheckTests {
  @Test func eachBuilderNamesItsKind() {
    let kinds = [
      "ViewBuilder": "View", "SceneBuilder": "Scene", "CommandsBuilder": "Commands",
      "TableRowBuilder": "TableRowContent", "TableColumnBuilder": "TableColumnContent",
      "ToolbarContentBuilder": "ToolbarContent", "TabContentBuilder": "TabContent",
      "AccessibilityRotorContentBuilder": "AccessibilityRotorContent", "ChartContentBuilder": "ChartContent",
      "Chart3DContentBuilder": "Chart3DContent", "MapContentBuilder": "MapContent", "ContentBuilder": "ContentBuilder",
    ]
    for (builder, kind) in kinds { #expect(BuilderInitializer.kind(ofBuilder: builder) == kind, "\(builder)") }
  }

  @Test func builderAttributesWithTheirLabels() {
    let found = BuilderInitializer.builderAttributes(
      in: """
        @_disfavoredOverload nonisolated public init<V, H>(@SwiftUI.TableRowBuilder<V> content: () -> Content,
            @SwiftUICore::ViewBuilder header: () -> H, @escaping x: () -> Int, @TabContentBuilder<Swift.Optional<V>> rows: () -> R)
        """)
    #expect(found.map(\.name) == ["TableRowBuilder", "ViewBuilder", "TabContentBuilder"])
    #expect(found.map(\.label) == ["content", "header", "rows"])
    #expect(found.map(\.result) == ["Content", "H", "R"], "the first arrow after each label")
  }

  /// iOS 27.0's view-only forms take the unified builder but constrain what it builds to views.
  @Test func aResultConstrainedToViewsIsAViewForm() {
    let signature =
      "public init<Base, Result>(subviews view: Base, @SwiftUICore::ContentBuilder transform: @escaping "
      + "(SwiftUICore::SubviewsCollection) -> Result) where Content == X<Base, Result>, Base : SwiftUICore::View, "
      + "Result : SwiftUICore::View"
    #expect(BuilderInitializer.constrainsToView("Result", in: signature))
    #expect(!BuilderInitializer.constrainsToView("Content", in: signature))
    #expect(!BuilderInitializer.constrainsToView("Content", in: "where MyContent : SwiftUICore.View {"))
    #expect(BuilderInitializer.constrainsToView("Content", in: "where Parent : V, Content : SwiftUICore.View {"))
    #expect(!BuilderInitializer.constrainsToView("Content", in: "where Content : SwiftUI.TableRowContent {"))
  }

  @Test func conformancesOfAnExtensionHeader() {
    #expect(
      BuilderInitializer.conformances(
        in: "extension SwiftUICore.Group : SwiftUI.CustomizableToolbarContent where Content : SwiftUI.X {")
        == ["CustomizableToolbarContent"])
    #expect(BuilderInitializer.conformances(in: "extension SwiftUICore::ForEach : A, B.C {") == ["A", "C"])
    #expect(BuilderInitializer.conformances(in: "extension SwiftUICore.ForEach {") == [])
    // A where clause's requirements are no conformances (`EmptyView` would refine `View`).
    #expect(
      BuilderInitializer.conformances(
        in: "extension SwiftUI.Section where Parent == SwiftUICore.EmptyView, Content : SwiftUICore.View {") == [])
  }

  static func initializers(of surface: BuilderSurface) -> [BuilderInitializer] {
    var spec = CaseSpec(model: surface.model)
    spec.surface = surface
    return InitializerForm.forms(for: spec).enumerated().map { index, form in
      BuilderInitializer(
        primitive: form.primitive.typeName, kind: form.kind, module: form.module!.rawValue,
        name: String(form.name.split(separator: " ")[0]), isDisfavored: form.isDisfavored, line: index + 1)
    }
  }

  /// A set declared as the surface declares it matches; one form fewer, or one ranked otherwise, is exactly that
  /// difference.
  @Test(arguments: [BuilderSurface.ios26, .ios27])
  func theCheckFindsEachDifference(_ surface: BuilderSurface) throws {
    var same = Self.initializers(of: surface)
    #expect(BuilderSurfaceCheck.surface(for: same) == surface)
    #expect(BuilderSurfaceCheck.check(same, against: surface).differences.isEmpty)
    let removed = same.removeLast()
    same[0].isDisfavored.toggle()
    let check = BuilderSurfaceCheck.check(same, against: surface)
    let described = check.differences.map { "\($0.key.name) \($0.key.isDisfavored) \($0.imported)/\($0.miniature)" }
    #expect(check.differences.count == 3, "\(described)")
    #expect(
      check.differences.contains {
        $0.key.name == removed.name && $0.key.primitive == removed.primitive && $0.imported + 1 == $0.miniature
      }, "\(described)")
    #expect(check.lines.count == 4 && check.lines[0].contains("3 differ from the miniature's \(surface.rawValue)"))
  }

  /// An imported SDK's module set against its surface, where one has been imported on this machine.
  static let importedSets = [("TYPECHECKBENCH_SDK_IOS26", BuilderSurface.ios26), ("TYPECHECKBENCH_SDK_IOS27", .ios27)]
    .filter { ProcessInfo.processInfo.environment[$0.0] != nil }

  @Test(.enabled(if: !importedSets.isEmpty), arguments: importedSets)
  func anImportedSDKMatchesItsSurface(_ variable: String, _ surface: BuilderSurface) throws {
    let folder = try #require(ProcessInfo.processInfo.environment[variable])
    let manifest = try JSONDecoder().decode(
      SDKImportManifest.self,
      from: Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent("manifest.json")))
    let found = try #require(manifest.builderInitializers, "imported by an importer older than version 2")
    let check = BuilderSurfaceCheck.check(found, against: surface)
    #expect(check.differences.isEmpty, "\(check.lines.joined(separator: "\n"))")
  }
}
