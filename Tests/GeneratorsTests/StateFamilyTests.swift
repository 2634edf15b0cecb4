import Foundation
import Testing

@testable import Generators

@Suite struct StateFamilyTests {
  @Test func decodesARecordWrittenBeforeTheStateFamily() throws {
    let old = """
      {"family":"nesting","model":"per-kind","preset":"swiftui","blockStyle":"pack","depth":3,"width":1,
       "primitives":["group"],"branches":1,"branchForm":"if-else","chartVariant":"compat"}
      """
    let spec = try JSONDecoder().decode(CaseSpec.self, from: Data(old.utf8))
    #expect(spec.states == 1)
    #expect(spec.stateForm == .wrapper)
    #expect(spec == CaseSpec(depth: 3))
  }

  @Test func roundTripsStateFields() throws {
    let spec = CaseSpec(family: .state, model: .unified, states: 16, stateForm: .macroExpansion)
    let decoded = try JSONDecoder().decode(CaseSpec.self, from: JSONEncoder().encode(spec))
    #expect(decoded == spec)
  }

  @Test func namesTheStatesAxis() {
    let spec = CaseSpec(family: .state, model: .perKind, states: 8, stateForm: .macroExpansion)
    #expect(spec.id == "state-per-kind-swiftui-k11-pack-s8-macro-expansion")
    #expect(spec.seriesID == "state-per-kind-swiftui-k11-pack-s*-macro-expansion")
    #expect(spec.axisValue == 8)
    #expect(CaseFamily.state.axis == "states")
  }

  @Test func wrapperFormDeclaresWrappedProperties() {
    let source = CaseGenerator.generate(CaseSpec(family: .state, states: 3, stateForm: .wrapper)).source
    #expect(source.contains("@State private var s0 = 0"))
    #expect(source.contains("@State private var s1: Int"))
    #expect(source.contains("self.s1 = 1"))
    #expect(source.contains("Text(\"\\(s2)\")"))
    #expect(!source.contains("@storageRestrictions"))
  }

  @Test func macroExpansionFormWritesInitAccessors() {
    let generated = CaseGenerator.generate(CaseSpec(family: .state, states: 2, stateForm: .macroExpansion))
    #expect(generated.source.contains("private var _s1: State<Int>"))
    #expect(generated.source.contains("@storageRestrictions(initializes: _s1)"))
    #expect(!generated.source.contains("  @State private var"))
    #expect(!generated.mayExceedSolverLimits)
  }

  @Test func keepsEveryBuilderBlockWithinFixedArity() {
    let source = CaseGenerator.generate(CaseSpec(family: .state, states: 100)).source
    let body = source.components(separatedBy: "public var body: some View {").last!
    // Count each block's direct children: no block may exceed the ten fixed-arity buildBlock overloads.
    var children: [Int] = [0]
    for line in body.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
      if line == "}" {
        children.removeLast()
        if children.isEmpty { break }
        continue
      }
      children[children.count - 1] += 1
      #expect(children.last! <= 10)
      if line.hasSuffix("{") { children.append(0) }
    }
  }
}
