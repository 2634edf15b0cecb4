import Escaping
import Foundation
import Generators

extension RunReport {
  /// A sentence explaining what the tables' numbers are, and which points use another clock.
  var methodNote: String {
    let runs = record.provenance.runs
    let bodies =
      "the sum of its bodies' lines in -debug-time-function-bodies (closures count inside their enclosing body; "
      + "the accessors the compiler synthesizes for stored properties count, at 0.01 ms or more each), in "
      + "milliseconds"
    let censoring =
      "≥ marks a censored value: the solver gave up (too complex) or the compile timed out (its time is then the "
      + "timeout), so the real cost is at least this much; such points are measured once and left out of the growth "
      + "fits, and a series stops at its first one."
    var note: String
    if record.provenance.measurementVersion >= 2 {
      note =
        "Times are the median over \(runs) timed compile\(runs == 1 ? "" : "s") per point of the case's own "
        + "type-check time: \(bodies); a timed compile runs swiftc with that flag alone, as a developer would. "
        + "Scopes are Sema.NumConstraintScopes, the solver's deterministic work counter, from each point's one "
        + "instrumented compile (-stats-output-dir and the expression timer, which slow a compile down: its time is "
        + "never reported). \(censoring)"
    } else {
      note =
        "Times are the median over \(runs) run\(runs == 1 ? "" : "s") of the case's own type-check time per "
        + "compile: \(bodies); scopes are Sema.NumConstraintScopes, the solver's deterministic work counter. "
        + "\(censoring) Measurement version \(record.provenance.measurementVersion): every compile also armed the "
        + "expression timer and wrote statistics, which makes builder-heavy cases up to 2× slower than a plain "
        + "swiftc; compare these times only with runs of the same measurement version."
    }
    if let censoredNote { note += " " + censoredNote }
    let other = points.filter { $0.timer != nil && $0.timer != .caseBodies }
    if !other.isEmpty {
      let names = other.map { "\($0.name) (\($0.timer!.rawValue))" }
      note +=
        " Points whose compiles printed no case body use the stats timer of the whole file's type checking for "
        + "every sample (typecheck-timer), or mix the two clocks (mixed): "
        + names.joined(separator: ", ") + "."
    }
    if let instructionsNote { note += " " + instructionsNote }
    return note
  }

  /// Where the censored points' figures come from, when the run has any (measurement version 2 and later).
  var censoredNote: String? {
    let censored = points.filter(\.isCensored)
    guard !censored.isEmpty, record.provenance.measurementVersion >= 2 else { return nil }
    let probed = Set(record.samples.filter { $0.pass == .probe && $0.outcome.isCensored }.map(PointKey.init))
    let fromProbe = censored.filter { probed.contains($0.key) }.count
    let threshold =
      "1/64 of the solver's scope limit (\(RunReport.grouped(CompilePass.probeScopes(flags: []))) scopes by default)"
    let probe =
      "bench first compiles a point after one that counted \(threshold) or more once with "
      + "-debug-time-function-bodies and -stats-output-dir, which costs about 7 % of the time, and when the solver "
      + "gives up on it or it times out, compiles the point no further"
    switch fromProbe {
    case censored.count:
      return "A censored point's time and counters come from its probe, its one compile: \(probe)."
    case 0:
      return "A censored point's time comes from the first of its timed compiles to go censored and its counters "
        + "from its instrumented compile, which also ran to the limit; only a point after one that counted "
        + "\(threshold) or more is first compiled once as a probe that, censored, is its one compile."
    default:
      return "Of the \(censored.count) censored points, \(fromProbe) have their time and counters from their probe, "
        + "their one compile (\(probe)); the others have their time from the first of their timed compiles to go "
        + "censored and their counters from their instrumented compile, which also ran to the limit."
    }
  }

  /// The report as GitHub-flavoured Markdown, linking the charts.
  var markdown: String { markdown(linkingCharts: true) }

  /// The report as GitHub-flavoured Markdown; without `linkingCharts` (the charts are not written alongside), each
  /// family says how to write its charts instead of linking files that are not there.
  func markdown(linkingCharts: Bool) -> String {
    var out = "# TypeCheckBench report: \(Escaping.markdown(record.runID))\n\n"
    out += "**" + Escaping.markdown(headline.joined(separator: " ")) + "**\n\n"
    out += Escaping.markdown(methodNote) + "\n\n"
    out += frameworkNote + "\n"
    for family in families {
      out += "\n## \(RunReport.title(of: family)) (by \(axisName(of: family)))\n"
      for comparison in comparisons[family] ?? [] {
        let heading = comparison.title.isEmpty ? RunReport.title(of: family) : comparison.title
        out += "\n### \(Escaping.markdown(heading))\n\n"
        if let legend = RunReport.legend(for: comparison) { out += Escaping.markdown(legend) + "\n\n" }
        out += table(for: comparison).markdown
        out += "\nGrowth along \(axisName(of: family)) (censored points excluded):\n\n"
        for line in fitLines(for: comparison) {
          out += "- **\(Escaping.markdown(line.label))**: \(Escaping.markdown(line.text))\n"
        }
      }
      guard linkingCharts else {
        out += "\nCharts not written with this report: `bench report RUN --format md,svg` writes them.\n"
        continue
      }
      for metric in chartedMetrics {
        out += "\n![\(Escaping.markdown(RunReport.chartTitle(family, metric, axis: axisName(of: family))))]"
        out += "(\(RunReport.chartPath(family, metric)))\n"
      }
    }
    if let note = toolchainsNote {
      out += "\n## Toolchains side by side\n\n" + Escaping.markdown(note) + "\n"
      for family in families {
        guard let table = toolchainsTable(for: family) else { continue }
        out += "\n### \(RunReport.title(of: family)) (by \(family.axis))\n\n" + table.markdown
      }
    }
    out += "\n## Provenance\n\n"
    out +=
      ReportTable(
        header: ["", ""], alignments: [.left, .left], rows: provenanceRows.map { [$0.0, $0.1] }
      ).markdown
    if let moduleTable {
      out += "\n### Framework modules\n\nEach built once per toolchain with `swiftc -emit-module -wmo` before the "
      out += "cases that import it; scopes are the framework's own type-checking work.\n\n"
      out += moduleTable.markdown
    }
    if let baselineTable {
      out += "\n### Import-only baselines\n\nEach preamble compiled alone, once per toolchain, counted like the cases; "
      out += "every point's own instructions are its count less its preamble's baseline.\n\n"
      out += baselineTable.markdown
    }
    out += "\n### Toolchains\n\n"
    out += toolchainTable.markdown
    for toolchain in record.toolchains {
      out += "\n`\(Escaping.markdown(toolchain.name).replacingOccurrences(of: "`", with: ""))` version text:\n\n"
      // A fence longer than any backtick run inside keeps the text verbatim.
      let fence = String(repeating: "`", count: max(3, RunReport.longestBacktickRun(toolchain.versionText) + 1))
      out += fence + "text\n" + toolchain.versionText.trimmingCharacters(in: .newlines) + "\n" + fence + "\n"
    }
    return out
  }

  static func longestBacktickRun(_ text: String) -> Int {
    var longest = 0
    var current = 0
    for character in text {
      current = character == "`" ? current + 1 : 0
      longest = max(longest, current)
    }
    return longest
  }
}
