import Escaping

extension CorpusReport {
  /// The run as one static, self-contained HTML page (no script; charts inline): the counts per toolchain, the
  /// Changed section with two or more toolchains, the tests by toolchain, each scale test's chart and provenance.
  public var html: String { html(charts: charts) }

  func html(charts: [(path: String, chart: GrowthChart)]) -> String {
    let escape = Escaping.html
    var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    out += "<title>TypeCheckBench corpus run: \(escape(record.runID))</title>\n"
    out += "<style>\n\(RunReport.style)\n</style>\n</head>\n<body>\n"
    out += "<h1>TypeCheckBench corpus run: \(escape(record.runID))</h1>\n<ul>\n"
    for line in headline { out += "<li>\(escape(line))</li>\n" }
    out += "</ul>\n"
    out +=
      "<p class=\"note\">bench type-checks only (swiftc -frontend -typecheck). Verify tests run swiftc -frontend "
      + "\(escape(CorpusRunLine.verifyFlags.joined(separator: " "))) plus their RUN line's flags; the compiler's "
      + "verifier decides."
    if hasFrontendTests {
      out +=
        " %target-swift-frontend lines run swiftc -frontend "
        + "\(escape(CorpusRunLine.frontendFlags.joined(separator: " "))) plus their own arguments: with -verify the "
        + "verifier decides, otherwise exit status 0 passes."
    }
    out += "</p>\n"
    if let note = ignoredRequirementsNote(quote: { $0 }) {
      out += "<p class=\"note\"><strong>Requirements ignored:</strong> \(escape(note))</p>\n"
    }
    let comparisons = toolchainComparisons
    if !comparisons.isEmpty {
      out += "<h2>Changed</h2>\n"
      for comparison in comparisons {
        out +=
          "<p class=\"headline\">\(escape(comparison.newLabel)) against \(escape(comparison.baseLabel)): "
          + "\(escape(comparison.summaryLine)).</p>\n"
        out += "<p class=\"note\">\(escape(Self.timeBoundedNote.replacingOccurrences(of: "`", with: "")))</p>\n"
        for part in comparison.changedParts(limit: 10) {
          switch part {
          case .heading(let text): out += "<h3>\(escape(text))</h3>\n"
          case .text(let text): out += "<p>\(escape(text))</p>\n"
          case .table(let table): out += table.html
          }
        }
      }
    }
    out += "<h2>Tests</h2>\n" + testsTable.html
    if !charts.isEmpty {
      out += "<h2>Charts</h2>\n"
      out +=
        "<p class=\"note\">Each scale test's selected counters against N, one line per toolchain and RUN line, the "
        + "winning fit and r² in the legend; log scale. The same drawings are under charts/.</p>\n"
      for (_, chart) in charts {
        out += "<figure class=\"chart\">\n" + RunReport.inlineSVG(chart.svg) + "</figure>\n"
      }
    }
    out += "<h2>Provenance</h2>\n<table>\n<tbody>\n"
    for (key, value) in provenanceRows {
      out += "<tr><th>\(escape(key))</th><td>\(escape(value))</td></tr>\n"
    }
    out += "</tbody>\n</table>\n"
    return out + "</body>\n</html>\n"
  }

  /// The provenance as key and value, as report.md lists it.
  private var provenanceRows: [(String, String)] {
    var rows = record.toolchains.map { toolchain in
      (
        toolchain.name,
        "\(toolchain.swiftcPath), \(toolchain.identity)" + (toolchain.wrappedCompiler.map { ", runs \($0)" } ?? "")
      )
    }
    let provenance = record.provenance
    rows.append(("Host", "\(provenance.operatingSystem), \(provenance.cpuModel), \(provenance.coreCount) cores"))
    rows.append(
      ("Jobs", "\(provenance.jobs); timeout \(NumberFormat.compact(provenance.timeoutSeconds)) s per compile"))
    rows.append(("Started", provenance.startedAt))
    rows.append(("Finished", provenance.finishedAt ?? "not finished"))
    if let shard = provenance.shard { rows.append(("Shard", shard)) }
    rows.append(("Command", Escaping.shellCommand(provenance.commandLine)))
    return rows
  }
}
