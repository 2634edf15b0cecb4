import Generators
import Testing

/// The generator is a pure function of its spec, and a case's id names exactly one source.
@Suite struct GeneratorDeterminismTests {
  /// Specs with every parameter varied, the ones a family ignores included, from a fixed seed.
  static let sampledSpecs: [CaseSpec] = {
    var state: UInt64 = 0x5EED
    func pick<T>(_ values: [T]) -> T {
      // SplitMix64: a fixed, portable sequence.
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return values[Int((z ^ (z >> 31)) % UInt64(values.count))]
    }
    return (0..<240).map { _ in
      CaseSpec(
        family: pick(FamilySet.builtIn.families), model: pick(BuilderModel.allCases),
        preset: pick(KindPreset.allCases),
        kinds: pick([nil, nil, 1, 2, 4, 11, 12]), blockStyle: pick(BlockStyle.allCases), depth: pick([1, 2, 3]),
        width: pick([1, 2]), primitives: pick([[.group], [.section], [.foreach], [.section, .group, .foreach]]),
        branches: pick([1, 2, 3, 4]), branchForm: pick(BranchForm.allCases), chartVariant: pick(ChartVariant.allCases))
    }
  }()

  /// A per-model value (a surface) means nothing under another model: changing the model clears it, so the case
  /// equals one built with the new model, while the values of other parameters stay.
  @Test func changingTheModelClearsItsPerModelValuesOnly() {
    var spec = CaseSpec(family: .nesting, model: .perKind, depth: 3)
    spec.surface = .ios26
    #expect(spec.sets(.surface))
    spec.model = .unified
    #expect(!spec.sets(.surface) && spec.surface == BuilderSurface.legacy(for: .unified))
    #expect(spec == CaseSpec(family: .nesting, model: .unified, depth: 3))
    // Set back to its neutral value, a surface is no longer held, and a later change of model has nothing to clear.
    spec.surface = .ios27
    spec.surface = BuilderSurface.legacy(for: .unified)
    #expect(spec == CaseSpec(family: .nesting, model: .unified, depth: 3))
  }

  @Test func sameSpecGivesIdenticalSource() {
    for spec in Self.sampledSpecs.prefix(40) {
      let first = CaseGenerator.generate(spec)
      let second = CaseGenerator.generate(spec)
      let identical = Array(first.source.utf8) == Array(second.source.utf8) && first == second
      #expect(identical, "\(spec.id)")
    }
  }

  @Test func oneIDNamesOneSource() {
    var sourceByID: [String: (spec: CaseSpec, source: String)] = [:]
    for spec in Self.sampledSpecs {
      let source = CaseGenerator.generate(spec).measuredSource
      if let earlier = sourceByID[spec.id] {
        // A Bool, so that a failure prints the two specs rather than two whole files.
        let sameSource = earlier.source == source
        #expect(sameSource, "\(spec.id) names two sources: \(earlier.spec) and \(spec)")
      } else {
        sourceByID[spec.id] = (spec, source)
      }
    }
    // The sample must contain specs that share an id, or the loop above checked nothing.
    #expect(sourceByID.count < Self.sampledSpecs.count)
  }

  @Test func oneModuleNameNamesOneModuleSource() {
    var sourceByName: [String: (spec: CaseSpec, source: String)] = [:]
    for spec in Self.sampledSpecs {
      let module = CaseGenerator.module(for: spec)
      if let earlier = sourceByName[module.name] {
        let sameSource = earlier.source == module.source
        #expect(sameSource, "\(module.name) names two sources: \(earlier.spec) and \(spec)")
      } else {
        sourceByName[module.name] = (spec, module.source)
      }
      #expect(CaseGenerator.generate(spec).module == module)
    }
    #expect(sourceByName.count < Self.sampledSpecs.count && sourceByName.count > 4)
  }

  /// Across bench versions a module's name must still mean its bytes: its last 8 hex digits are the FNV-1a hash of
  /// the declarations below the header, and the header is spelled from the name alone.
  @Test func aModuleNameEndsWithTheHashOfItsDeclarations() throws {
    // Published FNV-1a 64 test vectors (the empty string is the offset basis).
    #expect(FNV1a.hex("") == "cbf29ce484222325")
    #expect(FNV1a.hex("a") == "af63dc4c8601ec8c")
    #expect(FNV1a.hex("foobar") == "85944171f73967e8")
    var names: Set<String> = []
    for spec in Self.sampledSpecs {
      let module = CaseGenerator.module(for: spec)
      let parts = module.name.split(separator: "_")
      try #require(parts.count == 2 && parts[1].count == 8, "\(module.name)")
      // The header is three comment lines and a blank one; everything after it is hashed.
      let lines = module.source.split(separator: "\n", maxSplits: 4, omittingEmptySubsequences: false)
      try #require(lines.count == 5 && lines[3].isEmpty, "\(module.name)")
      #expect(lines[1] == "// Module: \(module.name), the miniature SwiftUI framework (\(spec.model.rawValue) model).")
      #expect(FNV1a.hex(String(lines[4])).hasPrefix(parts[1]), "\(module.name)")
      names.insert(module.name)
    }
    // Within one generator a surface has one source, so one name.
    let surfaces = Set(names.map { $0.split(separator: "_")[0] })
    #expect(surfaces.count == names.count)
  }

  @Test func moduleFormCaseHoldsNoFrameworkDeclaration() throws {
    for spec in Self.sampledSpecs.prefix(60) {
      let generated = CaseGenerator.generate(spec)
      let module = try #require(generated.module)
      #expect(generated.source.contains("\nimport \(module.name)\n"), "\(spec.id)")
      for declaration in ["protocol View", "enum ViewBuilder", "struct Group", "@resultBuilder", "struct Text"] {
        #expect(!generated.source.contains(declaration), "\(spec.id) declares \(declaration)")
        let inlineHas = CaseGenerator.generate(spec, form: .inline).source.contains(declaration)
        #expect(inlineHas == module.source.contains(declaration), "\(spec.id): \(declaration)")
      }
      // The inline form is the module's framework followed by the same case.
      let inline = CaseGenerator.generate(spec, form: .inline)
      let caseText = generated.source.split(separator: "\n", omittingEmptySubsequences: false)[
        (generated.caseLines.lowerBound - 2)...]
      #expect(inline.source.hasSuffix(caseText.joined(separator: "\n")), "\(spec.id)")
    }
  }

  @Test func differentParametersGiveDifferentIDs() {
    var idByParameters: [String: String] = [:]
    for spec in Self.sampledSpecs {
      let parameters = spec.relevantParameters.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
      idByParameters[parameters] = spec.id
    }
    #expect(Set(idByParameters.values).count == idByParameters.count)
    let nesting = CaseSpec(family: .nesting, depth: 2)
    var deeper = nesting
    deeper[.depth] = 3
    var explicitKinds = nesting
    explicitKinds.kinds = 11
    #expect(Set([nesting.id, deeper.id, explicitKinds.id]).count == 3)
  }

  @Test func idIsFileNameSafe() {
    let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-+")
    for spec in Self.sampledSpecs {
      let id = spec.id
      #expect(!id.isEmpty && id.count <= 120, "\(id)")
      #expect(id.allSatisfy(allowed.contains), "\(id)")
      #expect(id.first!.isLetter, "\(id)")
      #expect(CaseGenerator.generate(spec).fileName == id + ".swift")
    }
  }

  @Test func fileStartsWithHeaderAndCaseLinesFollowTheCaseMark() {
    for spec in Self.sampledSpecs.prefix(60) {
      for form in FrameworkForm.allCases {
        checkHeaderAndCaseLines(CaseGenerator.generate(spec, form: form))
      }
    }
  }

  private func checkHeaderAndCaseLines(_ generated: GeneratedCase) {
    let spec = generated.spec
    do {
      let lines = generated.source.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(lines.first.map(String.init) == CaseGenerator.header, "\(spec.id)")
      #expect(generated.source.hasSuffix("\n"), "\(spec.id)")
      // 1-based: the line before the range is `lines[lowerBound - 2]`; the text ends with a newline, so the last
      // element of `lines` is empty and the file has `lines.count - 1` lines.
      let range = generated.caseLines
      #expect(range.lowerBound >= 2 && range.upperBound == lines.count - 1, "\(spec.id): \(range)")
      #expect(lines[range.lowerBound - 2] == "// MARK: - Case", "\(spec.id)")
      #expect(lines.filter { $0 == "// MARK: - Case" }.count == 1, "\(spec.id)")
      #expect(lines[range.upperBound - 1] == "}", "\(spec.id)")
    }
  }
}
