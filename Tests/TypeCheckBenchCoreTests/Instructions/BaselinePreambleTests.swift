import Foundation
import Generators
import Testing
import TypeCheckBenchCore

/// A case's import-only preamble: what every case of one framework module shares, and nothing of the case.
@Suite struct BaselinePreambleTests {
  @Test func inModuleFormThePreambleIsTheImportAlone() throws {
    let perKind = CaseGenerator.generate(CaseSpec(family: .nesting, model: .perKind, depth: 2), form: .module)
    let preamble = BaselinePreamble(of: perKind)
    let module = try #require(perKind.module)
    #expect(preamble.source == "import \(module.name)\n")
    #expect(preamble.label == "import \(module.name)")
    // The case's own code is not in it: its source is the file's text before the case region.
    #expect(!preamble.source.contains("Group"))
  }

  @Test func casesOfOneModuleShareABaselineAndModelsDoNot() {
    func key(_ model: BuilderModel, _ depth: Int, _ form: FrameworkForm = .module) -> String {
      BaselinePreamble(of: CaseGenerator.generate(CaseSpec(family: .nesting, model: model, depth: depth), form: form))
        .key
    }
    #expect(key(.perKind, 1) == key(.perKind, 5))
    #expect(key(.unified, 1) == key(.unified, 3))
    #expect(key(.perKind, 1) != key(.unified, 1))
    #expect(key(.perKind, 1, .inline) != key(.perKind, 1))
  }

  @Test func inInlineFormThePreambleIsTheFramework() {
    let inline = CaseGenerator.generate(CaseSpec(family: .nesting, model: .unified, depth: 1), form: .inline)
    let preamble = BaselinePreamble(of: inline)
    #expect(preamble.label == "inline framework")
    #expect(preamble.module == nil)
    #expect(preamble.source.contains("ContentBuilder"))
    #expect(inline.source.hasSuffix(String(inline.source.dropFirst(inline.source.count / 2))))
  }
}
