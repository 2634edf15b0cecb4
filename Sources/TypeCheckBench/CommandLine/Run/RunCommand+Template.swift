import Foundation
import Generators
import TypeCheckBenchCore

extension RunCommand {
  /// Type-checks the template's smallest and largest instances once (`TemplateValidity`), in a scratch folder that
  /// keeps a failing instance for the user to open.
  static func checkTemplate(
    _ template: TemplateSweep, sweep: CaseSweep, toolchain: ToolchainInfo, timeout: Double, output: (String) -> Void
  ) throws {
    var extremes: [CaseSpec] = []
    for spec in sweep.smallestCases + sweep.largestCases where !extremes.contains(spec) { extremes.append(spec) }
    var names: [String] = []
    for text in extremes.compactMap(\.template?.parameterText) where !names.contains(text) { names.append(text) }
    output("Checking that the template's smallest and largest instances type-check: \(names.joined(separator: "; "))")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "typecheckbench-template-\(template.name)-\(UUID().uuidString.prefix(8))",
      isDirectory: true)
    try TemplateValidity.check(
      extremes, form: sweep.framework, toolchain: toolchain, timeout: timeout, folder: folder)
    try? FileManager.default.removeItem(at: folder)
  }
}
