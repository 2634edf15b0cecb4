import Escaping

extension SlowestReport {
  /// The report as text in `format`, deterministic for the same report.
  public func render(_ format: Format) -> String {
    switch format {
    case .table: return tableText
    case .csv: return csvTable.text
    case .json: return jsonText
    case .md: return markdownText
    }
  }

  /// The rows as one CSV table: `section` is `body` or `expression`, `rank` counts from 1 within a section.
  public var csvTable: CSVTable {
    var table = CSVTable(
      header: ["section", "rank", "location", "file", "line", "column", "count", "max_ms", "total_ms", "description"])
    for (section, rows) in [("body", bodies), ("expression", expressions)] {
      for (offset, row) in rows.enumerated() {
        table.rows.append([
          section, String(offset + 1), row.location, row.file ?? "", row.line.map(String.init) ?? "",
          row.column.map(String.init) ?? "", String(row.count), Self.number(row.maximumMilliseconds),
          Self.number(row.totalMilliseconds), row.description ?? "",
        ])
      }
    }
    return table
  }

  /// Each section with the title of its description column: expressions have one only when an unlocated
  /// expression names its enclosing body.
  private var sections: [(title: String, rows: [Row], matching: Int, descriptionTitle: String?)] {
    [
      ("Function bodies", bodies, matchingBodyCount, "description"),
      (
        "Expressions", expressions, matchingExpressionCount,
        expressions.contains { $0.description != nil } ? "enclosing body (unlocated)" : nil
      ),
    ]
  }

  /// One sentence on the batch-mode repeats the logs left out, or nil when there were none.
  public var repeatsNote: String? {
    guard repeatedBlocks > 0 else { return nil }
    let blocks = repeatedBlocks == 1 ? "1 repeated block" : "\(repeatedBlocks) repeated blocks"
    let lines = repeatedEntries == 1 ? "1 timing line" : "\(repeatedEntries) timing lines"
    return "Counted each batch job's output once: left out \(blocks) of SwiftPM batch-mode output (\(lines))."
  }

  private func summary(shown: Int, matching: Int) -> String {
    "\(shown) of \(matching) at or above \(NumberFormat.compact(thresholdMilliseconds)) ms, slowest first by "
      + "\(ranking.rawValue) ms"
  }

  private var tableText: String {
    var blocks: [String] = repeatsNote.map { [$0 + "\n"] } ?? []
    for section in sections {
      var lines = ["\(section.title): \(summary(shown: section.rows.count, matching: section.matching))"]
      if section.rows.isEmpty {
        lines.append("(none)")
      } else {
        var header = ["max ms", "total ms", "count", "location"]
        if let title = section.descriptionTitle { header.append(title) }
        let cells = section.rows.map { row -> [String] in
          var cells = [
            Self.paddedNumber(row.maximumMilliseconds), Self.paddedNumber(row.totalMilliseconds), String(row.count),
            row.location,
          ]
          if section.descriptionTitle != nil { cells.append(row.description ?? "") }
          return cells
        }
        lines += Self.aligned([header] + cells, rightAligned: 3)
      }
      blocks.append(lines.joined(separator: "\n") + "\n")
    }
    return blocks.joined(separator: "\n")
  }

  /// Pads every column but the last to its widest cell; the first `rightAligned` columns are right-aligned.
  private static func aligned(_ records: [[String]], rightAligned: Int) -> [String] {
    let columns = records.map(\.count).max() ?? 0
    let widths = (0..<columns).map { column in records.map { $0.count > column ? $0[column].count : 0 }.max() ?? 0 }
    return records.map { record in
      var line = ""
      for (column, cell) in record.enumerated() {
        if column > 0 { line += "  " }
        let padding = String(repeating: " ", count: max(0, widths[column] - cell.count))
        if column < rightAligned {
          line += padding + cell
        } else {
          line += column == record.count - 1 ? cell : cell + padding
        }
      }
      return line
    }
  }

  private var markdownText: String {
    var blocks: [String] = repeatsNote.map { [$0 + "\n"] } ?? []
    for section in sections {
      var lines = [
        "### \(section.title)", "", summary(shown: section.rows.count, matching: section.matching) + ".", "",
      ]
      if section.rows.isEmpty {
        lines.append("_None._")
      } else {
        var header = ["Max ms", "Total ms", "Count", "Location"]
        var alignment = ["---:", "---:", "---:", "---"]
        if let title = section.descriptionTitle {
          header.append(title.prefix(1).uppercased() + title.dropFirst())
          alignment.append("---")
        }
        lines.append("| " + header.joined(separator: " | ") + " |")
        lines.append("| " + alignment.joined(separator: " | ") + " |")
        for row in section.rows {
          var cells = [
            Self.paddedNumber(row.maximumMilliseconds), Self.paddedNumber(row.totalMilliseconds), String(row.count),
            Self.markdownCode(row.location),
          ]
          if section.descriptionTitle != nil { cells.append(row.description.map(Self.markdownCode) ?? "") }
          lines.append("| " + cells.joined(separator: " | ") + " |")
        }
      }
      blocks.append(lines.joined(separator: "\n") + "\n")
    }
    return blocks.joined(separator: "\n")
  }

  /// A code span (so `<invalid loc>`, `_modify` and `*` print as written) with table pipes escaped.
  private static func markdownCode(_ text: String) -> String {
    let escaped = Escaping.markdownPipes(text)
    return escaped.contains("`") ? escaped : "`" + escaped + "`"
  }

  private var jsonText: String {
    func rowsJSON(_ rows: [Row]) -> String {
      guard !rows.isEmpty else { return "[]" }
      let objects = rows.map { row in
        let fields: [(String, String)] = [
          ("column", row.column.map(String.init) ?? "null"),
          ("count", String(row.count)),
          ("description", row.description.map(Escaping.jsonStringLiteral) ?? "null"),
          ("file", row.file.map(Escaping.jsonStringLiteral) ?? "null"),
          ("line", row.line.map(String.init) ?? "null"),
          ("location", Escaping.jsonStringLiteral(row.location)),
          ("max_ms", Self.number(row.maximumMilliseconds)),
          ("total_ms", Self.number(row.totalMilliseconds)),
        ]
        return "    {" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
      }
      return "[\n" + objects.joined(separator: ",\n") + "\n  ]"
    }
    let fields: [(String, String)] = [
      ("bodies", rowsJSON(bodies)),
      ("expressions", rowsJSON(expressions)),
      ("limit", limit.map(String.init) ?? "null"),
      ("matching_bodies", String(matchingBodyCount)),
      ("matching_expressions", String(matchingExpressionCount)),
      ("ranking", Escaping.jsonStringLiteral(ranking.rawValue)),
      ("repeated_blocks_dropped", String(repeatedBlocks)),
      ("repeated_lines_dropped", String(repeatedEntries)),
      ("threshold_ms", Self.number(thresholdMilliseconds)),
    ]
    return "{\n" + fields.map { "  \"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n}\n"
  }

  /// Milliseconds for machines: at most two decimals (the compiler's resolution), trailing zeros trimmed.
  private static func number(_ value: Double) -> String {
    NumberFormat.fixed(value, decimals: 2)
  }

  /// Milliseconds for people: always two decimals, so columns line up.
  private static func paddedNumber(_ value: Double) -> String {
    NumberFormat.fixed(value, decimals: 2, trimZeros: false)
  }
}
