import Foundation
import Testing

@testable import Generators

@Suite struct FamilyDescriptorTests {
  /// The package root, from this file's path.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Every Swift file under Sources/ and Generators/ outside the descriptor files (Generators/Families/).
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

  @Test func everyBuiltInFamilyIsRegisteredOnceWithItsAxisAmongItsParameters() {
    let names = FamilyRegistry.builtIn.map(\.family.rawValue)
    #expect(names == ["nesting", "branches", "chart", "state", "template"])
    #expect(FamilyRegistry.builtInFamilies.map(\.rawValue) == ["nesting", "branches", "chart", "state"])
    for descriptor in FamilyRegistry.builtIn {
      // A family with parameters of its own (a template's) names its axis among them; see the next test.
      if descriptor.caseParameters == nil {
        #expect(descriptor.parameters.contains(descriptor.axis), "\(descriptor.family)")
      }
      #expect(descriptor.parameters.contains("family"))
      #expect(CaseFamily(rawValue: descriptor.family.rawValue) == descriptor.family)
    }
    #expect(CaseFamily(rawValue: "no-such-family") == nil)
  }

  @Test func theAxisValueIsTheValueOfTheAxisParameter() {
    var sweep = CaseSweep()
    sweep.families = FamilyRegistry.builtInFamilies + [.template]
    sweep.depths = [2]
    sweep.branches = [3]
    sweep.states = [4]
    let text = "import SwiftUI\nlet x = {{#repeat N separator=\" + \"}}{{i}}{{/repeat}} + {{M}}\n"
    sweep.template = TemplateSweep(
      path: "t.swift", name: "t", text: text, hash: "0123456789abcdef",
      parameters: [.init(name: "M", values: [7]), .init(name: "N", values: [5])], axis: "N")
    #expect(Set(sweep.cases.map(\.family)) == Set(sweep.families))
    for spec in sweep.cases {
      let axis = spec.axisParameter
      #expect(spec.relevantParameters.first { $0.name == axis }?.value == String(spec.axisValue), "\(spec.id)")
      // The series id is the id with the axis value replaced by `*`: cases along the axis share it.
      #expect(spec.seriesID.contains("*") && spec.seriesID != spec.id, "\(spec.id)")
    }
  }
}
