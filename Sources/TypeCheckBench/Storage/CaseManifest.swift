import Foundation
import Generators

/// The manifest of generated cases: a header row, then one tab-separated line per file with its parameters.
struct CaseManifest {
  private var rows: [String] = []

  mutating func add(_ generated: GeneratedCase) {
    let values =
      [generated.fileName] + generated.spec.parameters.map(\.value)
      + [
        "\(generated.caseLines.lowerBound)-\(generated.caseLines.upperBound)", String(generated.mayExceedSolverLimits),
        generated.modules.map(\.name).joined(separator: " "),
      ]
    rows.append(values.joined(separator: "\t"))
  }

  var text: String {
    let header = ["file"] + CaseSpec().parameters.map(\.name) + ["case_lines", "may_exceed_solver_limits", "module"]
    return ([header.joined(separator: "\t")] + rows).joined(separator: "\n") + "\n"
  }

  /// The files a manifest in `folder` says an earlier generate wrote: each case file, each module's source and
  /// `reproduce.sh` when there are modules. Only plain `.swift` names count (never a path), so a doctored manifest
  /// cannot name a file outside the folder. Empty when there is no readable manifest.
  static func writtenFiles(in folder: URL) -> Set<String> {
    guard let text = try? String(contentsOf: folder.appendingPathComponent("manifest.tsv"), encoding: .utf8) else {
      return []
    }
    let rows = text.split(separator: "\n").dropFirst().map {
      $0.split(separator: "\t", omittingEmptySubsequences: false)
    }
    var names: Set<String> = []
    for row in rows {
      names.insert(String(row.first ?? ""))
      if let modules = row.last, !modules.isEmpty {
        for module in modules.split(separator: " ") { names.insert(module + ".swift") }
        names.insert("reproduce.sh")
      }
    }
    return names.filter { name in
      name == "reproduce.sh"
        || (name.hasSuffix(".swift") && !name.hasPrefix(".") && !name.contains("/") && !name.contains("\\"))
    }
  }
}
