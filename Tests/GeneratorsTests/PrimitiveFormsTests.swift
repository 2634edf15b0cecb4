import Foundation
import TestSupport
import Testing

@testable import Generators

/// The `swiftui` preset declares SwiftUI's initializer forms: as many per primitive and kind as docs/swiftui-forms.md
/// counts from the SDK, each one callable with its labels against the compiled miniature.
@Suite struct PrimitiveFormsTests {
  /// `primitive|kind` → count, from the tables of docs/swiftui-forms.md (rows `| Group | View | 1 | … |`).
  static func documentedCounts() throws -> (perKind: [String: Int], unified: [String: Int]) {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let text = try String(contentsOf: root.appendingPathComponent("docs/swiftui-forms.md"), encoding: .utf8)
    var perKind: [String: Int] = [:]
    var unified: [String: Int] = [:]
    for line in text.split(separator: "\n") where line.hasPrefix("| ") {
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count >= 3, ["Group", "Section", "ForEach"].contains(cells[0]), let count = Int(cells[2]) else {
        continue
      }
      let key = cells[0] + "|" + cells[1]
      if cells[1] == "ContentBuilder" { unified[key] = count } else { perKind[key] = count }
    }
    return (perKind, unified)
  }

  /// The generator's forms of `model`'s SwiftUI preset, counted per `primitive|kind`.
  static func generatedCounts(_ model: BuilderModel) -> [String: Int] {
    var counts: [String: Int] = [:]
    for form in InitializerForm.forms(for: CaseSpec(model: model)) {
      counts[form.primitive.typeName + "|" + form.kind, default: 0] += 1
    }
    return counts
  }

  @Test func perKindFormsMatchTheDocumentedSDKCounts() throws {
    let documented = try Self.documentedCounts()
    #expect(documented.perKind.count == 18, "the doc's table lost rows: \(documented.perKind)")
    #expect(Self.generatedCounts(.perKind) == documented.perKind)
    // The totals the surface doc gives: Group 11, Section 19, ForEach 25.
    let totals = Dictionary(grouping: documented.perKind, by: { $0.key.split(separator: "|")[0] })
      .mapValues { $0.map(\.value).reduce(0, +) }
    #expect(totals == ["Group": 11, "Section": 19, "ForEach": 25])
  }

  @Test func unifiedKeepsOneBuilderInitializerPlusTheLabelForms() throws {
    let documented = try Self.documentedCounts()
    #expect(Self.generatedCounts(.unified) == documented.unified)
    #expect(
      documented.unified == ["Group|ContentBuilder": 1, "Section|ContentBuilder": 12, "ForEach|ContentBuilder": 9])
    // Both models spell the view forms with the same labels.
    let names = { (model: BuilderModel, primitive: Primitive) in
      InitializerForm.forms(for: CaseSpec(model: model)).filter {
        $0.primitive == primitive && ($0.kind == "View" || $0.kind == "ContentBuilder")
      }.map(\.name)
    }
    for primitive in [Primitive.group, .section, .foreach] {
      #expect(names(.perKind, primitive) == names(.unified, primitive))
    }
  }

  @Test func everyFormIsDeclaredInTheModuleSource() {
    for model in BuilderModel.allCases {
      let spec = CaseSpec(model: model)
      let source = CaseGenerator.module(for: spec).source
      for form in InitializerForm.forms(for: spec) {
        #expect(source.contains(form.declaration), "\(form.primitive) \(form.kind) \(form.name)")
      }
    }
  }

  /// The forms the iOS 18.0 interfaces mark `@_disfavoredOverload` (docs/fidelity.md), and only those: Section's
  /// `StringProtocol` titles, ForEach's two `Binding` view forms (SwiftUICore) and its optional-tab-value forms
  /// (SwiftUI). Group's optional-tab-value form is not disfavored there.
  @Test func theDisfavoredFormsAreTheSDKs() {
    let disfavored = InitializerForm.forms(for: CaseSpec(model: .perKind))
      .filter(\.isDisfavored)
      .map { "\($0.primitive.typeName) \($0.kind) \($0.name)" }
    #expect(
      Set(disfavored) == [
        "Section View init(_:content:) [StringProtocol]", "Section View init(_:isExpanded:content:) [StringProtocol]",
        "Section TableRowContent init(_:content:) [StringProtocol]",
        "Section TableRowContent init(_:isExpanded:content:) [StringProtocol]",
        "ForEach View init(_:content:) [Binding<C>]", "ForEach View init(_:id:content:) [Binding<C>]",
        "ForEach TabContent init(_:id:content:) [optional tab value]",
        "ForEach TabContent init(_:content:) [Identifiable data, optional tab value]",
        "ForEach TabContent init(_:content:) [Range<Int>, optional tab value]",
      ])
    #expect(disfavored.count == 9, "a form listed twice: \(disfavored)")
  }

  @Test func otherOverloadSetsKeepTheBasicForms() {
    let minimal = InitializerForm.forms(for: CaseSpec(model: .perKind, preset: .minimal))
    #expect(minimal.filter { $0.primitive == .group }.count == 2)
    #expect(minimal.filter { $0.primitive == .section }.map(\.name).count == 3 + 1)
    #expect(minimal.filter { $0.primitive == .foreach }.count == 3 * 2)
  }

  /// A view calling every view form of Section and ForEach (and Group's) by its labels type-checks cleanly against
  /// every surface's compiled miniature: the forms exist with the SDK's labels and resolve without ambiguity (the
  /// SDK surfaces' iOS 18 and iOS 26 forms too).
  @Test(arguments: BuilderSurface.allCases)
  func everyViewFormIsCallableByItsLabels(_ surface: BuilderSurface) async throws {
    var spec = CaseSpec(model: surface.model, depth: 1)
    spec.surface = surface
    let base = CaseGenerator.generate(spec)
    let module = try #require(base.module)
    let sdkForms =
      surface.isLegacy
      ? ""
      : """
          Section(LocalizedStringResource(stringLiteral: "t")) { Text("a") }
          Section(LocalizedStringResource(stringLiteral: "t"), isExpanded: expanded) { Text("a") }
          Group(subviews: Text("s")) { subviews in Text("i") }
          Group(sections: Text("s")) { sections in Text("i") }

      """
    let probe = """
      import \(module.name)
      public struct Item: Identifiable { public var id: Int }
      public struct Probe: View {
        public var items: [Item]
        public var binding: Binding<[Item]>
        public var expanded: Binding<Bool>
        public var body: some View {
          Group {
            Section { Text("a") }
            Section { Text("a") } header: { Text("h") }
            Section { Text("a") } footer: { Text("f") }
            Section { Text("a") } header: { Text("h") } footer: { Text("f") }
            Section("title") { Text("a") }
            Section(String("title")) { Text("a") }
            Section("title", isExpanded: expanded) { Text("a") }
            Section(String("title"), isExpanded: expanded) { Text("a") }
            Section(isExpanded: expanded) { Text("a") } header: { Text("h") }
            ForEach(items) { item in Text("i") }
            ForEach(items, id: \\.id) { item in Text("i") }
            ForEach(0..<3) { index in Text("i") }
            ForEach(binding) { item in Text("i") }
            ForEach(binding, id: \\.id) { item in Text("i") }
            ForEach(binding, editActions: EditActions()) { item in Text("i") }
            ForEach(binding, id: \\.id, editActions: EditActions()) { item in Text("i") }
            ForEach(subviews: Text("s")) { subview in Text("i") }
            ForEach(sections: Text("s")) { section in Text("i") }
      \(sdkForms)    }
        }
      }

      """
    var generated = base
    generated.source = probe
    let run = try await TypeCheckRun.typeCheck(generated)
    #expect(run.isClean, "\(run.summary)")
  }

  /// Each ForEach form over tabs and table rows, and both Group forms over tabs, called with its labels inside a
  /// builder function of that kind, type-checks cleanly against the compiled miniatures that declare them (per-kind
  /// iOS 18.0 and 26.2, unified iOS 27.0, which keeps them disfavored): the SDK's forms exist with its labels, and a
  /// tab whose value is optional resolves without ambiguity.
  @Test(arguments: [BuilderSurface.ios18, .ios26, .ios27])
  func everyTabAndTableRowFormIsCallableByItsLabels(_ surface: BuilderSurface) async throws {
    var spec = CaseSpec(model: surface.model, depth: 1)
    spec.surface = surface
    let base = CaseGenerator.generate(spec)
    let module = try #require(base.module)
    let probe = """
      import \(module.name)
      public struct Item: Identifiable { public var id: Int }
      @TabContentBuilder<Int> public func tabs(_ items: [Item]) -> some TabContent {
        ForEach(items) { item in Tab("t", value: item.id) }
      }
      @TabContentBuilder<Int> public func tabsByID(_ items: [Item]) -> some TabContent {
        ForEach(items, id: \\.id) { item in Tab("t", value: item.id) }
      }
      @TabContentBuilder<Int> public func tabsInRange() -> some TabContent { ForEach(0..<3) { i in Tab("t", value: i) } }
      @TabContentBuilder<Int?> public func optionalTabs(_ items: [Item]) -> some TabContent {
        ForEach(items) { item in Tab("t", value: Optional(item.id)) }
      }
      @TabContentBuilder<Int?> public func optionalTabsByID(_ items: [Item]) -> some TabContent {
        ForEach(items, id: \\.id) { item in Tab("t", value: Optional(item.id)) }
      }
      @TabContentBuilder<Int?> public func optionalTabsInRange() -> some TabContent {
        ForEach(0..<3) { i in Tab("t", value: Optional(i)) }
      }
      @TabContentBuilder<Int> public func tabGroup() -> some TabContent { Group { Tab("t", value: 1) } }
      @TabContentBuilder<Int?> public func optionalTabGroup() -> some TabContent { Group { Tab("t", value: Optional(1)) } }
      @TableRowBuilder<Item> public func rows(_ items: [Item]) -> some TableRowContent {
        ForEach(items) { item in TableRow("r", value: item) }
      }
      @TableRowBuilder<Item> public func rowsByID(_ items: [Item]) -> some TableRowContent {
        ForEach(items, id: \\.id) { item in TableRow("r", value: item) }
      }
      @TableRowBuilder<Item> public func rowsInRange(_ items: [Item]) -> some TableRowContent {
        ForEach(0..<3) { i in TableRow("r", value: items[i]) }
      }

      """
    var generated = base
    generated.source = probe
    let run = try await TypeCheckRun.typeCheck(generated)
    #expect(run.isClean, "\(run.summary)")
  }
}
