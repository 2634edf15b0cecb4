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

  @Test func otherOverloadSetsKeepTheBasicForms() {
    let minimal = InitializerForm.forms(for: CaseSpec(model: .perKind, preset: .minimal))
    #expect(minimal.filter { $0.primitive == .group }.count == 2)
    #expect(minimal.filter { $0.primitive == .section }.map(\.name).count == 3 + 1)
    #expect(minimal.filter { $0.primitive == .foreach }.count == 3 * 2)
  }

  /// A view calling every view form of Section and ForEach (and Group's) by its labels type-checks cleanly against
  /// both compiled miniatures: the forms exist with the SDK's labels and resolve without ambiguity.
  @Test(.timeLimit(.minutes(2)), arguments: BuilderModel.allCases)
  func everyViewFormIsCallableByItsLabels(_ model: BuilderModel) async throws {
    let base = CaseGenerator.generate(CaseSpec(model: model, depth: 1))
    let module = try #require(base.module)
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
          }
        }
      }

      """
    var generated = base
    generated.source = probe
    let run = try await TypeCheckRun.typeCheck(generated)
    #expect(run.isClean, "\(run.summary)")
  }
}
