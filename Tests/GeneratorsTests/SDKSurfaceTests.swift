import Testing

@testable import Generators

/// The built-in cases use only the SwiftUI and Charts names listed in `SDKSurface`, so `--framework sdk` compiles
/// them against the real SDK; and every listed name is used, so the list stays exact.
@Suite struct SDKSurfaceTests {
  /// One case of every family, form and variant, both models, small sizes: every spelling a case body can have.
  static var everyShape: [CaseSpec] {
    var specs: [CaseSpec] = []
    for model in BuilderModel.allCases {
      // Every primitive alone, and the `list` shape (a settings screen).
      for primitives in Primitive.allCases.map({ [$0] }) + [[.list, .section, .foreach]] {
        specs.append(CaseSpec(family: .nesting, model: model, depth: 2, width: 2, primitives: primitives))
        for form in BranchForm.allCases {
          specs.append(
            CaseSpec(family: .branches, model: model, depth: 1, primitives: primitives, branches: 3, branchForm: form))
        }
      }
      for variant in ChartVariant.allCases {
        for form in BranchForm.allCases {
          specs.append(CaseSpec(family: .chart, model: model, branches: 3, branchForm: form, chartVariant: variant))
        }
      }
      for form in StateForm.allCases {
        specs.append(CaseSpec(family: .state, model: model, states: 2, stateForm: form))
      }
    }
    return specs.map { spec in
      var spec = spec
      spec.framework = .sdk
      return spec
    }
  }

  /// Swift's own words and the standard library names the cases use.
  static let swift: Set<String> = [
    "case", "default", "else", "for", "func", "get", "if", "in", "init", "nonmutating", "private", "public", "self",
    "set", "some", "struct", "switch", "var", "let", "return", "newValue", "Int", "Double", "String", "Identifiable",
  ]

  /// The identifiers of a case body (after `// MARK: - Case`), without string literals and comments.
  static func identifiers(_ source: String) -> [String] {
    var body = Substring(source)
    if let mark = source.range(of: "// MARK: - Case\n") { body = source[mark.upperBound...] }
    var names: [String] = []
    var current = ""
    var inString = false
    var previous: Character = " "
    var inComment = false
    for character in body {
      if inComment {
        if character == "\n" { inComment = false }
        previous = character
        continue
      }
      if inString {
        if character == "\"" && previous != "\\" { inString = false }
        previous = character
        continue
      }
      if character == "\"" {
        inString = true
      } else if character == "/" && previous == "/" {
        inComment = true
      }
      if character.isLetter || character == "_" || (character.isNumber && !current.isEmpty) {
        current.append(character)
      } else if !current.isEmpty {
        names.append(current)
        current = ""
      }
      previous = character
    }
    if !current.isEmpty { names.append(current) }
    return names
  }

  /// Names the case declares itself: types, properties, functions, closure parameters, backing storage.
  static func declared(_ source: String) -> Set<String> {
    let words = identifiers(source)
    var result: Set<String> = []
    for (index, word) in words.enumerated() where index + 1 < words.count {
      if ["struct", "var", "let", "func"].contains(word) { result.insert(words[index + 1]) }
      // `{ row0 in`, `{ dataPoint in`: a closure's parameter.
      if words[index + 1] == "in" { result.insert(word) }
    }
    for name in result where name.hasPrefix("_") { result.insert(String(name.dropFirst())) }
    return result.union(result.map { "_" + $0 })
  }

  @Test func caseBodiesUseOnlyListedSDKNamesAndEveryListedNameIsUsed() {
    let listed = SDKSurface.swiftUI.union(SDKSurface.charts)
    var used: Set<String> = []
    for spec in Self.everyShape {
      let source = CaseGenerator.generate(spec).source
      let own = Self.declared(source)
      for name in Self.identifiers(source) where !Self.swift.contains(name) && !own.contains(name) {
        #expect(listed.contains(name), "\(spec.id) uses \(name), which is not in SDKSurface")
        used.insert(name)
      }
    }
    #expect(listed.subtracting(used).isEmpty, "listed but unused: \(listed.subtracting(used).sorted())")
  }

  @Test func sdkCasesImportTheFrameworksInsteadOfTheMiniature() {
    for spec in Self.everyShape {
      let source = CaseGenerator.generate(spec).source
      #expect(source.contains("\nimport SwiftUI\n"), "\(spec.id)")
      #expect(source.contains("\nimport Charts\n") == (spec.family == .chart), "\(spec.id)")
      #expect(!source.contains("protocol View"), "\(spec.id)")
      #expect(spec.id.hasSuffix("-sdk"))
    }
  }
}
