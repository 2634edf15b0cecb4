/// The comparison as GitHub-flavoured Markdown, for `$GITHUB_STEP_SUMMARY` and pull-request comments.
extension Comparison {
  /// The summary line, the two sides, the table (regressions first), the unmatched points and the rules.
  public var markdown: String {
    var lines = [summaryLine, ""]
    lines.append("- Base: \(Comparison.markdownEscaped(base.label))")
    lines.append("- New: \(Comparison.markdownEscaped(new.label))")
    for warning in warnings { lines.append("- Warning: \(Comparison.markdownEscaped(warning))") }
    for sentence in outcomeSentences { lines.append("- **\(Comparison.markdownEscaped(sentence)).**") }
    lines.append("")
    if points.isEmpty {
      lines.append("No case was measured on both sides.")
    } else {
      let titles = columnTitles
      lines.append("| " + titles.joined(separator: " | ") + " |")
      lines.append("| --- | " + Array(repeating: "---: | ", count: titles.count - 2).joined() + "--- |")
      for point in pointsForDisplay {
        var cells = self.cells(point).map(Comparison.markdownEscaped)
        cells[0] = "`\(point.caseID)`"
        if point.verdict == .slower || point.verdict == .faster {
          cells[cells.count - 1] =
            "**\(point.verdict.label)**" + Comparison.markdownEscaped(Comparison.verdictReason(point))
        }
        lines.append("| " + cells.joined(separator: " | ") + " |")
      }
    }
    for (title, ids) in [("Only in BASE", onlyInBase), ("Only in NEW", onlyInNew)] where !ids.isEmpty {
      lines.append("")
      lines.append("\(title) (\(ids.count)): " + ids.map { "`\($0)`" }.joined(separator: ", "))
    }
    lines.append("")
    lines.append(
      "Ratios are NEW / BASE; the gate is \(metric.text). Constraint scopes are deterministic and compared exactly. "
        + "Time needs \(TimeChange.minimumSamples) samples a side (else undecided). \(Comparison.columnsNote) A case "
        + "that newly hits the solver limit is slower; one that no longer does is faster."
        + (showsInstructions
          ? " Instructions are the case's own (each point's count less its import-only baseline), compared exactly "
            + "like scopes with their own threshold." : ""))
    return lines.joined(separator: "\n") + "\n"
  }

  /// Escapes the characters that would break a table cell or start formatting.
  static func markdownEscaped(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "|", "\\", "*", "_", "<", ">": out += "\\\(character)"
      case "\n", "\r": out += " "
      default: out.append(character)
      }
    }
    return out
  }
}
