import Foundation
import Testing

@testable import Generators

@Suite struct FamilyDescriptorTests {
  /// The package root, from this file's path.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Every Swift file under Sources/ and Generators/ outside the families' own files (Generators/Families/).
  static func sourceFiles() throws -> [URL] {
    var files: [URL] = []
    for folder in ["Sources", "Generators"] {
      let enumerator = FileManager.default.enumerator(
        at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
      while let url = enumerator?.nextObject() as? URL {
        guard url.pathExtension == "swift", !url.path.contains("/Generators/Families/") else { continue }
        files.append(url)
      }
    }
    return files
  }

  /// `switch family`, `switch spec.family`, `family == .chart`, `family != .state`, and the same with the family on
  /// the right: what the descriptor replaces.
  static let patterns = [
    #"switch\s+[A-Za-z_.]*\bfamily\s*\{"#, #"\bfamily\s*[!=]=\s*\."#,
    #"(^|[^\w$)\]])\.[a-z]+\s*[!=]=\s*[\w.$]*\bfamily\b"#,
  ].map { try! NSRegularExpression(pattern: $0) }

  static func offends(_ line: String) -> Bool {
    patterns.contains { $0.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil }
  }

  @Test func theSourceCheckCatchesWhatItLooksFor() {
    for bad in ["switch spec.family {", "if family == .chart {", "x = spec.family != .state", "if .chart == family {"] {
      #expect(Self.offends(bad), "\(bad)")
    }
    for fine in ["series.filter { $0.family == family }", "parameter.name == family.axis", "family.descriptor.axis"] {
      #expect(!Self.offends(fine), "\(fine)")
    }
  }

  @Test func familiesAreReadOnlyThroughTheirDescriptors() throws {
    let files = try Self.sourceFiles()
    #expect(files.count > 50, "the source folders were not found from \(Self.root.path)")
    var offenders: [String] = []
    for file in files {
      let text = try String(contentsOf: file, encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let line = String(line)
        if Self.offends(line) {
          offenders.append("\(file.lastPathComponent):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
        }
      }
    }
    #expect(offenders.isEmpty, "read the family's descriptor instead:\n\(offenders.joined(separator: "\n"))")
  }

  @Test func everyBuiltInFamilyIsListedOnceWithItsAxisAmongItsParameters() {
    let names = FamilySet.builtIn.families.map(\.rawValue)
    #expect(names == ["nesting", "branches", "chart", "state"])
    for family in FamilySet.builtIn.families {
      #expect(family.descriptor.has(family.descriptor.axis), "\(family)")
      #expect(family.descriptor.parameters.prefix(2) == [.family, .model], "\(family)")
      #expect(FamilySet.builtIn.family(named: family.rawValue) == family)
    }
    #expect(FamilySet.builtIn.family(named: "no-such-family") == nil)
  }

  /// The CSV columns and manifests list the built-in parameters in the shared list's order: the families, read in
  /// their order, declare them in that order too.
  @Test func theFamiliesReadTheSharedParametersInTheSharedOrder() {
    #expect(FamilySet.builtIn.parameters == ParameterSpec.builtIn)
  }

  @Test func theAxisValueIsTheValueOfTheAxisParameter() throws {
    var sweep = CaseSweep()
    sweep[.depth] = [2]
    sweep[.branches] = [3]
    sweep[.states] = [4]
    let text = "import SwiftUI\nlet x = {{#repeat N separator=\" + \"}}{{i}}{{/repeat}} + {{M}}\n"
    let template = TemplateSweep(
      path: "t.swift", name: "t", text: text, hash: "0123456789abcdef",
      parameters: [.init(name: "M", values: [7]), .init(name: "N", values: [5])], axis: "N")
    var templateSweep = template.applied(to: sweep)
    templateSweep.families += FamilySet.builtIn.families
    #expect(Set(templateSweep.cases.map(\.family)) == Set(templateSweep.families))
    for spec in templateSweep.cases {
      let axis = spec.axisParameter
      #expect(spec.relevantParameters.first { $0.name == axis }?.value == String(spec.axisValue), "\(spec.id)")
      // The series id is the id with the axis value replaced by `*`: cases along the axis share it.
      #expect(spec.seriesID.contains("*") && spec.seriesID != spec.id, "\(spec.id)")
    }
    let templateCase = try #require(templateSweep.cases.first { $0.family.rawValue == "template" })
    #expect(templateCase.id == "template-t-01234567-per-kind-M7-N5-ios26")
    #expect(templateCase.axisValue == 5 && templateCase.axisName == "N")
  }
}
