import Escaping

/// A table of already formatted cells, rendered to GitHub-flavoured Markdown, HTML or plain text.
struct ReportTable: Sendable {
  enum Alignment: Sendable {
    case left, right
  }

  var header: [String]
  var alignments: [Alignment]
  var rows: [[String]]
  /// For HTML: a row of column groups (title, columns spanned) above `groupedHeader`, which then replaces `header`;
  /// Markdown has no spanning cells and keeps `header`.
  var groups: [(title: String, span: Int)] = []
  var groupedHeader: [String] = []

  /// The table as GitHub-flavoured Markdown, cells escaped.
  var markdown: String {
    var out = "| " + header.map(Escaping.markdown).joined(separator: " | ") + " |\n"
    out += "|" + alignments.map { $0 == .right ? "---:|" : ":---|" }.joined() + "\n"
    for row in rows {
      out += "| " + row.map(Escaping.markdown).joined(separator: " | ") + " |\n"
    }
    return out
  }

  /// The table as aligned plain text for a terminal, indented by `indent`: numbers right, names left, two spaces
  /// between columns, no trailing spaces.
  func text(indent: String = "") -> String {
    let lines = [header] + rows
    let widths = header.indices.map { column in lines.map { $0[column].count }.max() ?? 0 }
    return lines.map { cells in
      let padded = cells.enumerated().map { column, cell in
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        return alignments[column] == .right ? padding + cell : cell + padding
      }
      var line = indent + padded.joined(separator: "  ")
      while line.last == " " { line.removeLast() }
      return line
    }.joined(separator: "\n") + "\n"
  }

  /// The table as an HTML `<table>`, cells escaped.
  var html: String {
    var out = "<div class=\"scroll\"><table>\n<thead>"
    if !groups.isEmpty {
      out += "<tr>"
      for group in groups {
        let span = group.span > 1 ? " colspan=\"\(group.span)\"" : ""
        out += "<th\(span) class=\"group\">\(Escaping.html(group.title))</th>"
      }
      out += "</tr>\n"
    }
    out += "<tr>"
    for (cell, alignment) in zip(groups.isEmpty ? header : groupedHeader, alignments) {
      out += "<th\(alignment == .right ? " class=\"num\"" : "")>\(Escaping.html(cell))</th>"
    }
    out += "</tr></thead>\n<tbody>\n"
    for row in rows {
      out += "<tr>"
      for (cell, alignment) in zip(row, alignments) {
        let censored = cell.hasPrefix("≥") ? " censored" : ""
        let classes = (alignment == .right ? "num" : "") + censored
        let attribute = classes.isEmpty ? "" : " class=\"\(classes.trimmingPrefixSpace)\""
        out += "<td\(attribute)>\(Escaping.html(cell))</td>"
      }
      out += "</tr>\n"
    }
    return out + "</tbody>\n</table></div>\n"
  }
}

extension String {
  fileprivate var trimmingPrefixSpace: String { hasPrefix(" ") ? String(dropFirst()) : self }
}
