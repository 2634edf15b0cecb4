import Escaping
import Foundation
import Generators
import TypeCheckBenchCore

/// Writes one folder per regression of a comparison: the case's source, and a README with the commands that
/// reproduce it on both toolchains, their `--version` texts and the measured figures.
public enum ReproBundle {
  /// The timing flags given to `swiftc -typecheck` in the reproduction commands, before each toolchain's own flags:
  /// those of bench's timed compiles (`MeasurementFlags`). The scopes come from a second command with
  /// `-stats-output-dir`, as bench's instrumented compile has it.
  public static let defaultMeasurementFlags = MeasurementFlags.timedFrontendFlags.flatMap { ["-Xfrontend", $0] }

  /// Writes `dir/README.md` (an index) and `dir/<case id>/{case.swift,README.md}` for every regression.
  /// - Returns: the folders written, in sweep order.
  /// - Throws: `BenchError.data` when a regression's case is in neither record, `BenchError.io` when a write fails.
  @discardableResult
  public static func write(
    comparison: Comparison, baseRecord: RunRecord, newRecord: RunRecord, to dir: URL,
    measurementFlags: [String] = defaultMeasurementFlags
  ) throws -> [URL] {
    var folders: [URL] = []
    let specs = CaseSpec.byID(newRecord.cases + baseRecord.cases)
    for point in comparison.regressions {
      guard let spec = specs[point.caseID] else {
        throw BenchError.data("case \(point.caseID) is in neither record's case list: cannot generate its source")
      }
      let folder = dir.appendingPathComponent(point.caseID, isDirectory: true)
      let generated = CaseGenerator.generate(spec, form: newRecord.frameworkForm)
      try AtomicFile.write(generated.source, to: folder.appendingPathComponent("case.swift"))
      for module in generated.modules {
        try AtomicFile.write(module.source, to: folder.appendingPathComponent(module.fileName))
      }
      try AtomicFile.write(
        readme(
          point: point, spec: spec, comparison: comparison, measurementFlags: measurementFlags,
          modules: generated.modules),
        to: folder.appendingPathComponent("README.md"))
      folders.append(folder)
    }
    try AtomicFile.write(index(comparison), to: dir.appendingPathComponent("README.md"))
    return folders
  }

  /// The bundle's index: the comparison's summary and a link to each regression's folder.
  static func index(_ comparison: Comparison) -> String {
    var lines = ["# Regressions", "", comparison.summaryLine, ""]
    lines.append("- Base: \(Escaping.markdown(comparison.base.label))")
    lines.append("- New: \(Escaping.markdown(comparison.new.label))")
    lines.append("")
    if comparison.regressions.isEmpty { lines.append("No regressions.") }
    for point in comparison.regressions {
      lines.append(
        "- [\(point.caseID)](\(point.caseID)/README.md): \(Escaping.markdown(point.note ?? point.verdict.label))")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The README of one regression.
  static func readme(
    point: PointComparison, spec: CaseSpec, comparison: Comparison, measurementFlags: [String],
    modules: [FrameworkModule] = []
  ) -> String {
    var lines = ["# \(point.caseID): \(point.verdict.label)", ""]
    if let note = point.note { lines += [Escaping.markdown(note), ""] }
    lines.append("Threshold \(NumberFormat.compact(comparison.threshold * 100, digits: 4))%.")
    lines.append("")
    lines.append("| | BASE | NEW |")
    lines.append("| --- | --- | --- |")
    let rows: [(String, String, String)] = [
      ("Toolchain", comparison.base.label, comparison.new.label),
      ("Outcome", point.base.outcome.rawValue, point.new.outcome.rawValue),
      ("Median ms", median(point.base), median(point.new)),
      ("Samples ms", figures(point.base), figures(point.new)),
      ("Constraint scopes", scopes(point.base), scopes(point.new)),
    ]
    for (title, base, new) in rows {
      lines.append("| \(title) | \(Escaping.markdown(base)) | \(Escaping.markdown(new)) |")
    }
    lines.append("")
    if let time = point.time {
      lines.append(
        "Time ratio NEW / BASE \(NumberFormat.fixed(time.ratio, decimals: 2, trimZeros: false)) "
          + "(95% interval \(NumberFormat.fixed(time.lower, decimals: 2, trimZeros: false))"
          + " to \(NumberFormat.fixed(time.upper, decimals: 2, trimZeros: false))).")
    }
    if let ratio = point.scopesRatio {
      lines.append("Scopes ratio NEW / BASE \(NumberFormat.fixed(ratio, decimals: 3, trimZeros: false)).")
    }
    lines += ["", "## Case", ""]
    lines += spec.parameters.map { "- \($0.name): \($0.value)" }
    let frameworks = modules
    lines += ["", "## Reproduce", "", "From this folder:", ""]
    var commands: [String] = []
    for (title, side) in [("BASE", comparison.base), ("NEW", comparison.new)] {
      let stats = "stats-\(title.lowercased())"
      let modules = "modules-\(title.lowercased())"
      let compile =
        [side.toolchain.swiftcPath, "-typecheck"] + (frameworks.isEmpty ? [] : ["-I", modules]) + ["case.swift"]
      let timed = compile + measurementFlags + side.toolchain.extraFlags
      let counted = compile + ["-stats-output-dir", stats] + side.toolchain.extraFlags
      commands.append("# \(title): \(side.toolchain.name)")
      for (index, module) in frameworks.enumerated() {
        let build =
          [side.toolchain.swiftcPath] + module.buildArguments(sourcePath: module.fileName, outputFolder: modules)
          + side.toolchain.extraFlags
        commands.append((index == 0 ? "mkdir -p \(modules) && " : "") + Escaping.shellCommand(build))
      }
      commands.append(Escaping.shellCommand(timed))
      commands.append("mkdir -p \(stats) && " + Escaping.shellCommand(counted))
    }
    // Record text (paths, flags, version texts) goes into fences it cannot close, and table cells escaped.
    lines += [Escaping.markdownCodeBlock(commands.joined(separator: "\n"), info: "sh"), ""]
    for (title, side) in [("BASE", comparison.base), ("NEW", comparison.new)] {
      lines += ["## \(title) `swiftc --version`", "", Escaping.markdownCodeBlock(side.toolchain.versionText), ""]
    }
    return lines.joined(separator: "\n")
  }

  static func median(_ point: MeasuredPoint) -> String {
    guard let median = point.medianMilliseconds else { return "-" }
    return (point.outcome.isCensored ? "at least " : "") + NumberFormat.compact(median, digits: 5)
  }

  static func figures(_ point: MeasuredPoint) -> String {
    point.milliseconds.isEmpty
      ? "-" : point.milliseconds.map { NumberFormat.compact($0, digits: 5) }.joined(separator: ", ")
  }

  static func scopes(_ point: MeasuredPoint) -> String {
    point.scopes.map { NumberFormat.compact($0, digits: 15) } ?? "-"
  }

}
