import Escaping
import Generators

extension RunReport {
  /// The table of one comparison: axis values down, compared values (per toolchain) across.
  func table(for comparison: SeriesComparison) -> ReportTable {
    let family = comparison.family
    let showRatio = comparison.contrasts == BuilderModel.allCases.map(\.rawValue)
    let axis = axisName(of: family)
    var header = [axis]
    var alignments: [ReportTable.Alignment] = [.right]
    var columns: [(Int) -> String] = []
    var groups: [(title: String, span: Int)] = [("", 1)]
    var groupedHeader = [axis]
    for toolchain in comparison.toolchains {
      let prefix = comparison.toolchains.count > 1 || toolchains.count > 1 ? "\(toolchain): " : ""
      let lines = comparison.contrasts.map { comparison.series(contrast: $0, toolchain: toolchain) }
      let firstColumn = header.count
      for (index, metric) in tabulatedMetrics.enumerated() {
        for (contrast, line) in zip(comparison.contrasts, lines) {
          header.append("\(prefix)\(contrast) \(metric.unit)")
          columns.append { RunReport.cell(metric, line, $0) }
        }
        // The models' ratio follows the first metric's columns (time).
        if showRatio && index == 0 {
          header.append("\(prefix)per-kind ÷ unified")
          columns.append { RunReport.ratioCell(metric, lines[0], lines[1], $0) }
        }
      }
      groups.append((toolchain, header.count - firstColumn))
      groupedHeader += header[firstColumn...].map { String($0.dropFirst(prefix.count)) }
    }
    alignments += Array(repeating: .right, count: columns.count)
    let rows = comparison.axisValues.map { axisValue in
      [String(axisValue)] + columns.map { $0(axisValue) }
    }
    var table = ReportTable(header: header, alignments: alignments, rows: rows)
    if toolchains.count > 1 {
      table.groups = groups
      table.groupedHeader = groupedHeader
    }
    return table
  }

  /// One line per series of a comparison: its growth verdicts and where it stops.
  func fitLines(for comparison: SeriesComparison) -> [(label: String, text: String)] {
    var lines: [(label: String, text: String)] = []
    for toolchain in comparison.toolchains {
      for contrast in comparison.contrasts {
        guard let line = comparison.series(contrast: contrast, toolchain: toolchain) else { continue }
        var text = metrics.map { "\($0.charting.fitName) \(fitSummary($0, along: line))" }.joined(separator: "; ")
        if let censored = line.firstCensored {
          let phrase = RunReport.axisPhrase(line.family, censored.spec.axisValue)
          text += "; \(RunReport.verb(censored.outcome)) \(phrase)"
        }
        lines.append((label(of: line, in: comparison), text + "."))
      }
    }
    return lines
  }

  /// Key–value rows describing where and how the run was taken.
  var provenanceRows: [(String, String)] {
    let provenance = record.provenance
    var rows: [(String, String)] = [
      ("Run", record.runID),
      ("bench", provenance.benchVersion + (provenance.gitRevision.map { " (\($0))" } ?? "")),
      ("Command line", Escaping.shellCommand(provenance.commandLine)),
      ("Operating system", provenance.operatingSystem),
      ("CPU", "\(provenance.cpuModel), \(provenance.coreCount) cores"),
      (
        "Runs per point",
        provenance.measurementVersion < 2
          ? "\(provenance.runs) measured after \(provenance.warmup) warm-up"
          : "\(provenance.runs) timed\(record.instructionMetering == nil ? "" : " and counted") "
            + (provenance.warmup == 0
              ? "after the instrumented compile (no warm-up)"
              : "after \(provenance.warmup) warm-up (the first is the instrumented compile)")
      ),
      ("Timeout", "\(NumberFormat.compact(provenance.timeoutSeconds)) s per compile"),
      ("Parallel jobs", String(provenance.jobs) + (provenance.jobs == 1 ? "" : " (wall times not comparable)")),
    ]
    if let shard = provenance.shard { rows.append(("Shard", shard)) }
    rows.append(("Started", provenance.startedAt))
    rows.append(("Finished", provenance.finishedAt ?? "unfinished"))
    rows.append(("Measurement version", String(provenance.measurementVersion)))
    rows.append(("Schema version", String(record.schemaVersion)))
    rows.append(("Framework form", record.frameworkForm.rawValue))
    if let metering = record.instructionMetering {
      rows.append(("Meter", "instructions, by \(metering.source.phrase), \(metering.detail)"))
    }
    let instrumented = record.samples.filter { $0.pass == .instrumented }.count
    rows.append(
      (
        "Samples",
        "\(record.samples.count) samples of \(points.count) points"
          + (instrumented > 0 ? " (\(instrumented) of them instrumented compiles)" : "")
      ))
    return rows
  }

  /// What the figures cover in this run's framework form, and how to reproduce a point by hand.
  var frameworkNote: String {
    let example = record.cases.first.map(\.id) ?? "<case id>"
    if record.mixesFrameworkSources {
      return "Framework: both, a bench fidelity run. The miniature's cases (ids without -sdk) import its module and "
        + "are compiled by the toolchain without SDK flags; the same cases importing SwiftUI (ids ending in -sdk) by "
        + "the toolchain with the run's -sdk and -target flags. fidelity.md sets them side by side, claim by claim."
    }
    if record.cases.contains(where: { $0.framework == .sdk }) {
      return "Framework: the real SDK (--framework sdk). Each case imports SwiftUI (and Charts) and is compiled with "
        + "the run's -sdk and -target flags (toolchain flags, below); the builder model is the SDK's own. Reproduce a "
        + "point: `swiftc -typecheck -sdk SDK -target TRIPLE cases/\(example).swift`."
    }
    switch record.frameworkForm {
    case .module:
      // A case that imports no framework (a template without SwiftUI) is type-checked alone. A record written
      // before module names carried their source's hash built its module under the surface name alone: the note
      // names the module the run folder holds.
      let framework = record.cases.first.flatMap { CaseGenerator.frameworkCase(for: $0) }
      let module = framework.map { framework in
        let current = CaseGenerator.module(for: framework).name
        let surface = String(current.prefix { $0 != "_" })
        return record.moduleBuilds.first { $0.module == current || $0.module == surface }?.module ?? current
      }
      // An SDK surface's case needs several modules, built in order.
      let modules = framework.map { CaseGenerator.modules(forCase: $0).map(\.name) } ?? []
      let command =
        modules.count > 1
        ? ReproduceScript.commandLine(caseID: example, modules: modules)
        : ReproduceScript.commandLine(caseID: example, module: module)
      let covered =
        module == nil
        ? "the case file's own frontend job (these cases import no framework module)"
        : "\(record.frameworkForm.figuresCover) (its own build is recorded once, below)"
      return "Framework form: module. Time and scopes are \(covered). Reproduce a point with plain swiftc: "
        + "`sh cases/reproduce.sh \(example)`, which runs "
        + "`\(command)` (a timed compile), then the same with "
        + "-stats-output-dir for the scopes."
    case .inline:
      return
        "Framework form: inline. Time covers the case's own bodies; scopes cover \(record.frameworkForm.figuresCover). "
        + "Reproduce a point: `\(ReproduceScript.commandLine(caseID: example, module: nil))`."
    }
  }

  /// Each framework module's own build, one row per module and toolchain, or nil in inline form.
  var moduleTable: ReportTable? {
    guard !record.moduleBuilds.isEmpty else { return nil }
    return ReportTable(
      header: ["module", "toolchain", "scopes", "build wall s"], alignments: [.left, .left, .right, .right],
      rows: record.moduleBuilds.map { build in
        [
          build.module, build.toolchain, build.constraintScopes.map(RunReport.grouped) ?? "–",
          NumberFormat.fixed(build.wallSeconds, decimals: 2, trimZeros: false),
        ]
      })
  }

  /// The toolchains measured, one row each.
  var toolchainTable: ReportTable {
    ReportTable(
      header: ["toolchain", "version", "build", "target", "swiftc", "extra flags"],
      alignments: [.left, .left, .left, .left, .left, .left],
      rows: record.toolchains.map { toolchain in
        [
          toolchain.name, toolchain.version,
          toolchain.assertionsEnabled ? "assertions (times not comparable with releases)" : "release",
          toolchain.target ?? "–",
          toolchain.swiftcPath + (toolchain.wrappedCompiler.map { " (runs \($0))" } ?? ""),
          (toolchain.extraFlags.isEmpty ? "none" : Escaping.shellCommand(toolchain.extraFlags))
            + (toolchain.sdkSources.map { sources in
              " (`bench sdk import` of "
                + sources.map { "\($0.module) SHA-256 \($0.sha256.prefix(12))…" }.joined(separator: ", ") + ")"
            } ?? ""),
        ]
      })
  }

  static func point(_ line: PointSeries?, _ axisValue: Int) -> PointSummary? {
    line?.points.first { $0.spec.axisValue == axisValue }
  }

  /// Per-kind over unified `metric`; a censored numerator makes it a lower bound, a censored denominator an upper.
  static func ratioCell(_ metric: Metric, _ slow: PointSeries?, _ fast: PointSeries?, _ axisValue: Int) -> String {
    guard let numerator = point(slow, axisValue), let denominator = point(fast, axisValue),
      numerator.isMeasured, denominator.isMeasured, !(numerator.isCensored && denominator.isCensored),
      let top = numerator.value(metric), let bottom = denominator.value(metric), top > 0, bottom > 0
    else { return "–" }
    let bound = numerator.isCensored ? "≥ " : denominator.isCensored ? "≤ " : ""
    let value = top / bottom
    return bound + ratioFigure(value, decimalsFromOne: 1) + "×"
  }

  /// A ratio for a table cell: no decimals from 10, `decimalsFromOne` from 1, two below 1, and two significant
  /// digits below 0.1 (so a ratio of 0.003 never prints as `0`).
  static func ratioFigure(_ value: Double, decimalsFromOne: Int, trimZeros: Bool = true) -> String {
    if value >= 10 { return NumberFormat.fixed(value, decimals: 0) }
    if value >= 1 { return NumberFormat.fixed(value, decimals: decimalsFromOne, trimZeros: trimZeros) }
    if value >= 0.1 { return NumberFormat.fixed(value, decimals: 2, trimZeros: trimZeros) }
    return NumberFormat.compact(value, digits: 2)
  }

  /// An integer with `,` thousands separators, for example `1,048,576`.
  static func grouped(_ value: Double) -> String {
    // Beyond Int's range (never from a validated record) a plain figure, not a trap.
    guard value.isFinite, Swift.abs(value) < 9e18 else { return NumberFormat.compact(value, digits: 6) }
    let digits = String(Int(value.rounded()).magnitude)
    var out = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { out += "," }
      out.append(digit)
    }
    return (value < 0 ? "-" : "") + out
  }
}
