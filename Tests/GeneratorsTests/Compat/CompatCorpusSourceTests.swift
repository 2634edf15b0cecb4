import Testing

@testable import Generators

@Suite struct CompatCorpusSourceTests {
  @Test func everyCaseHasThreeReproducersWithDistinctFiles() {
    let reproducers = CompatCorpus.reproducers
    #expect(reproducers.count == CompatCorpus.cases.count * 3)
    #expect(Set(reproducers.map(\.fileName)).count == reproducers.count)
    #expect(Set(CompatCorpus.cases.map(\.id)).count == CompatCorpus.cases.count)
  }

  @Test func onlyTheUnifiedVariantExpectsADiagnostic() {
    for reproducer in CompatCorpus.reproducers {
      switch reproducer.variant {
      case .unified: #expect(reproducer.expectation != .compiles)
      case .perKind, .fix: #expect(reproducer.expectation == .compiles)
      }
    }
  }

  @Test func collidingModulesImportTheFrameworkAsItsOwnModule() {
    let reproducer = CompatCorpus.moduleColorClear.reproducer(.unified)
    #expect(reproducer.modules.map(\.name) == ["MiniSwiftUI", "MyPackage"])
    #expect(reproducer.source.contains("import MiniSwiftUI\nimport MyPackage"))
    #expect(!reproducer.source.contains("@resultBuilder"))
    #expect(reproducer.modules[0].source.contains("public enum ContentBuilder"))
  }

  @Test func perKindAndUnifiedDifferOnlyInTheirFramework() {
    let perKind = CompatCorpus.emptyNestedBlock.reproducer(.perKind).source
    let unified = CompatCorpus.emptyNestedBlock.reproducer(.unified).source
    #expect(perKind.contains("public enum ViewBuilder"))
    #expect(!unified.contains("public enum ViewBuilder"))
    #expect(perKind.hasSuffix(CompatCorpus.emptyNestedBlock.perKindCode + "\n"))
    #expect(unified.hasSuffix(CompatCorpus.emptyNestedBlock.unifiedCode + "\n"))
  }
}
