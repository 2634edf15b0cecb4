/// The comparison as a plain-text table for terminals.
extension Comparison {
  /// The summary line, the two sides, an aligned table (regressions first) and the unmatched points.
  public var text: String {
    var lines = [summaryLine, "Base: \(base.label)", "New:  \(new.label)"]
    for warning in warnings { lines.append("Warning: \(warning)") }
    for sentence in outcomeSentences { lines.append("Outcome: \(sentence).") }
    if !points.isEmpty {
      let titles = columnTitles
      let rows = [titles] + pointsForDisplay.map(cells)
      // The verdict column is last and left unpadded so lines carry no trailing spaces.
      let widths = (0..<titles.count - 1).map { column in
        rows.map { $0[column].count }.max() ?? 0
      }
      lines.append("")
      for row in rows {
        var line = ""
        for (column, cell) in row.enumerated() {
          guard column < widths.count else {
            line += cell
            continue
          }
          let padding = String(repeating: " ", count: widths[column] - cell.count)
          // Numbers align right, names left.
          line += (column == 0 ? cell + padding : padding + cell) + "  "
        }
        lines.append(line)
      }
    }
    for (title, ids) in [("Only in BASE", onlyInBase), ("Only in NEW", onlyInNew)] where !ids.isEmpty {
      lines.append("")
      lines.append("\(title) (\(ids.count)):")
      lines.append(contentsOf: ids.map { "  " + $0 })
    }
    if !points.isEmpty {
      lines.append("")
      lines.append(Comparison.columnsNote)
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
