import Foundation
import Generators

/// `bench generate`: writes the sweep's cases as Swift files plus a manifest, without compiling anything.
enum GenerateCommand {
  static let options =
    SweepOptions.optionSpecs + [
      OptionSpec("--output", value: "DIR", help: "Folder to write the files into (required; alias -o)."),
      SweepSize.optionSpecs[1],
      OptionSpec("--help", help: "Show this help."),
    ]

  static let help = """
    USAGE: bench generate [sweep options] -o DIR

    Writes one self-contained Swift file per case (the miniature framework, then the case) and a manifest.tsv with
    one line per file and its parameters, so any case can be opened in an editor or compiled by hand:
      swiftc -typecheck DIR/<case>.swift

    EXAMPLES:
      bench generate --family nesting --model per-kind,unified --depth 1...4 -o /tmp/cases
      bench generate --family chart --branches 8...12 --chart-variant compat -o /tmp/chart
    """

  static func run(_ arguments: [String], output: (String) -> Void) throws {
    let parsed = try ArgumentScanner.scan(
      arguments.map { $0 == "-o" ? "--output" : $0 }, options: options, command: "generate")
    if parsed.has("--help") {
      output(help + "\n\n" + CommandHelp.optionsText(options))
      return
    }
    guard parsed.positionals.isEmpty else {
      throw BenchError.usage("generate: unexpected argument '\(parsed.positionals[0])'")
    }
    guard let folder = parsed.value("--output") else {
      throw BenchError.usage("generate: missing -o DIR (the folder to write the cases into)")
    }
    try OutputFolder.checkPath(folder, flag: "--output")
    let sweep = try SweepOptions(parsed)
    let limits = try SweepSize.limits(parsed)
    try SweepSize(sweep, compilesPerCase: 1).check(maxCompiles: Int.max, maxGeneratedBytes: limits.bytes)
    let cases = sweep.cases
    let directory = URL(fileURLWithPath: folder)
    try OutputFolder.claim(directory, as: .cases, flag: "--output")
    var manifest = CaseManifest()
    for spec in cases {
      let generated = CaseGenerator.generate(spec)
      try AtomicFile.write(generated.source, to: directory.appendingPathComponent(generated.fileName))
      manifest.add(generated)
    }
    try AtomicFile.write(manifest.text, to: directory.appendingPathComponent("manifest.tsv"))
    output("Wrote \(cases.count) case\(cases.count == 1 ? "" : "s") and manifest.tsv to \(directory.path)")
  }
}

/// The manifest of generated cases: a header row, then one tab-separated line per file with its parameters.
struct CaseManifest {
  private var rows: [String] = []

  mutating func add(_ generated: GeneratedCase) {
    let values =
      [generated.fileName] + generated.spec.parameters.map(\.value)
      + [
        "\(generated.caseLines.lowerBound)-\(generated.caseLines.upperBound)", String(generated.mayExceedSolverLimits),
      ]
    rows.append(values.joined(separator: "\t"))
  }

  var text: String {
    let header = ["file"] + CaseSpec().parameters.map(\.name) + ["case_lines", "may_exceed_solver_limits"]
    return ([header.joined(separator: "\t")] + rows).joined(separator: "\n") + "\n"
  }
}
