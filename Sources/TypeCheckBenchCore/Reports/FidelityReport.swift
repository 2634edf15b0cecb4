import Escaping
import Generators

/// The report of a `bench fidelity` run: one table per claim, the miniature and the real SDK side by side, with a
/// verdict per claim; as `fidelity.md` and as plain text for the terminal.
public struct FidelityReport: Sendable {
  public var record: RunRecord
  public var comparisons: [FidelityComparison]

  public init(_ record: RunRecord) {
    self.record = record
    comparisons = FidelityComparison.comparisons(of: record)
  }

  /// "3 claims: 2 the same on the SDK, 1 different, 0 undecided."
  public var summaryLine: String {
    let count = { (agreement: FidelityComparison.Agreement) in
      comparisons.filter { $0.agreement == agreement }.count
    }
    return "\(comparisons.count) claim\(comparisons.count == 1 ? "" : "s"): \(count(.same)) the same on the SDK, "
      + "\(count(.differs)) different, \(count(.undecided)) undecided."
  }

  /// What each side compiled with, and what decides.
  var sidesLine: String {
    let sides = record.toolchains.map { toolchain in
      let side = RunRecord.compilesAgainstSDK(toolchain) ? "SDK" : "Miniature"
      let flags = toolchain.extraFlags.isEmpty ? "" : " " + Escaping.shellCommand(toolchain.extraFlags)
      return "\(side): \(toolchain.swiftcPath)\(flags) (\(toolchain.identity))"
    }
    let runs = record.provenance.runs
    return sides.joined(separator: "; ") + ". Constraint scopes decide (deterministic); times (median of \(runs) "
      + "run\(runs == 1 ? "" : "s") a point, in ms) are shown, not judged."
  }

  /// The points of one claim as a table: axis value, scopes of both sides and their ratio, times.
  func table(_ comparison: FidelityComparison) -> ReportTable {
    let line = { (point: PointSummary?) in point.map { PointSeries(seriesID: "", toolchain: "", points: [$0]) } }
    return ReportTable(
      header: [
        comparison.axis, "miniature scopes", "SDK scopes", "SDK ÷ miniature", "miniature ms", "SDK ms",
      ],
      alignments: [.right, .right, .right, .right, .right, .right],
      rows: comparison.rows.map { row in
        [
          String(row.axisValue), RunReport.cell(.scopes, line(row.miniature), row.axisValue),
          RunReport.cell(.scopes, line(row.sdk), row.axisValue), Self.scopesRatio(row),
          RunReport.cell(.time, line(row.miniature), row.axisValue),
          RunReport.cell(.time, line(row.sdk), row.axisValue),
        ]
      })
  }

  /// SDK scopes over miniature scopes; a censored side makes it a bound, two censored sides say nothing.
  static func scopesRatio(_ row: FidelityComparison.Row) -> String {
    guard let miniature = row.miniature, let sdk = row.sdk, miniature.isMeasured, sdk.isMeasured,
      !(miniature.isCensored && sdk.isCensored), let bottom = miniature.constraintScopes,
      let top = sdk.constraintScopes,
      bottom > 0, top > 0
    else { return "–" }
    let bound = sdk.isCensored ? "≥ " : miniature.isCensored ? "≤ " : ""
    return bound + RunReport.ratioFigure(top / bottom, decimalsFromOne: 2) + "×"
  }

  static func verdictWords(_ agreement: FidelityComparison.Agreement) -> String {
    switch agreement {
    case .same: "the SDK agrees"
    case .differs: "the SDK differs"
    case .undecided: "undecided"
    }
  }

  /// The claim's two questions and its verdict, as labelled lines.
  static func verdictLines(_ comparison: FidelityComparison) -> [(label: String, text: String)] {
    [
      ("Growth law", "\(comparison.growth.agreement.rawValue): \(comparison.growth.reason)"),
      ("First censored point", "\(comparison.censoring.agreement.rawValue): \(comparison.censoring.reason)"),
      ("Verdict", verdictWords(comparison.agreement)),
    ]
  }

  /// `fidelity.md`.
  public var markdown: String {
    var out = "# bench fidelity: the miniature against the real SDK\n\n"
    out += "**\(Escaping.markdown(summaryLine))**\n\n"
    out += Escaping.markdown(sidesLine) + "\n\n"
    out +=
      ReportTable(
        header: ["claim", "verdict", "growth law", "first censored point"], alignments: [.left, .left, .left, .left],
        rows: comparisons.map {
          [
            $0.claim.name, Self.verdictWords($0.agreement), $0.growth.agreement.rawValue,
            $0.censoring.agreement.rawValue,
          ]
        }
      ).markdown
    for comparison in comparisons {
      out += "\n## \(Escaping.markdown(comparison.claim.name)): \(Escaping.markdown(comparison.claim.title))\n\n"
      out += "Miniature: `bench run \(comparison.claim.miniatureArguments)`; SDK: "
      out += "`bench run \(comparison.claim.sdkArguments)`.\n\n"
      out += table(comparison).markdown + "\n"
      for line in Self.verdictLines(comparison) {
        out += "- **\(line.label)**: \(Escaping.markdown(line.text)).\n"
      }
    }
    return out
  }

  /// The same for a terminal.
  public var text: String {
    var out = summaryLine + "\n" + sidesLine + "\n"
    for comparison in comparisons {
      out += "\n\(comparison.claim.name): \(comparison.claim.title)\n"
      out += table(comparison).text(indent: "  ")
      for line in Self.verdictLines(comparison) { out += "  \(line.label.lowercased()): \(line.text)\n" }
    }
    return out
  }
}
