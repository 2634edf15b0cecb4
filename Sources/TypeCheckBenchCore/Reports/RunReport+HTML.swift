import Escaping
import Foundation
import Generators

extension RunReport {
  static let style = """
    body { font-family: DejaVu Sans, Helvetica, Arial, sans-serif; color: #222; margin: 24px auto; max-width: 1240px;
      padding: 0 16px; line-height: 1.45; }
    h1 { font-size: 24px; margin-bottom: 8px; }
    h2 { font-size: 20px; margin-top: 36px; border-bottom: 1px solid #ddd; padding-bottom: 4px; }
    h3 { font-size: 15px; margin-top: 20px; }
    .headline { font-size: 18px; font-weight: bold; background: #f4f7fb; border-left: 4px solid #2e6fb7;
      padding: 10px 14px; }
    .note { color: #555; font-size: 13px; }
    table { border-collapse: collapse; margin: 8px 0; font-size: 13px; }
    th, td { border: 1px solid #d8d8d8; padding: 4px 8px; text-align: left; vertical-align: top; }
    th { background: #f3f3f3; }
    th.group { text-align: center; background: #e8eef6; }
    .scroll { overflow-x: auto; }
    .num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
    .censored { color: #b02a3a; font-weight: bold; }
    figure.chart { margin: 12px 0; }
    figure.chart svg { display: block; max-width: 100%; height: auto; border: 1px solid #eee; }
    pre { background: #f6f6f6; padding: 8px; font-size: 12px; overflow-x: auto; }
    ul { font-size: 14px; }
    """

  /// An SVG document as markup to place inside HTML: without its XML declaration.
  static func inlineSVG(_ svg: String) -> String {
    guard svg.hasPrefix("<?xml"), let end = svg.range(of: "?>") else { return svg }
    return String(svg[end.upperBound...].drop { $0 == "\n" })
  }

  /// The report as one static, self-contained HTML page (no script; charts inline).
  var html: String {
    let escape = Escaping.html
    var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    out += "<title>TypeCheckBench report: \(escape(record.runID))</title>\n"
    out += "<style>\n\(RunReport.style)\n</style>\n</head>\n<body>\n"
    out += "<h1>TypeCheckBench report: \(escape(record.runID))</h1>\n"
    out += "<p class=\"headline\">\(escape(headline.joined(separator: " ")))</p>\n"
    out += "<p class=\"note\">\(escape(methodNote))</p>\n<p class=\"note\">\(escape(frameworkNote))</p>\n"
    let svgs = Dictionary(charts.map { ($0.path, $0.chart.svg) }, uniquingKeysWith: { first, _ in first })
    for family in families {
      out += "<h2>\(escape(RunReport.title(of: family))) (by \(escape(axisName(of: family))))</h2>\n"
      // Charts inline, so the page renders wherever it is copied (the files under charts/ are the same drawings).
      for metric in chartedMetrics {
        out += "<figure class=\"chart\">\n" + RunReport.inlineSVG(svgs[RunReport.chartPath(family, metric)] ?? "")
        out += "</figure>\n"
      }
      for comparison in comparisons[family] ?? [] {
        let heading = comparison.title.isEmpty ? RunReport.title(of: family) : comparison.title
        out += "<h3>\(escape(heading))</h3>\n"
        if let legend = RunReport.legend(for: comparison) { out += "<p class=\"note\">\(escape(legend))</p>\n" }
        out += table(for: comparison).html
        out += "<p class=\"note\">Growth along \(escape(axisName(of: family))) (censored points excluded):</p>\n<ul>\n"
        for line in fitLines(for: comparison) {
          out += "<li><strong>\(escape(line.label))</strong>: \(escape(line.text))</li>\n"
        }
        out += "</ul>\n"
      }
    }
    if let note = toolchainsNote {
      out += "<h2>Toolchains side by side</h2>\n<p class=\"note\">\(escape(note))</p>\n"
      for family in families {
        guard let table = toolchainsTable(for: family) else { continue }
        out += "<h3>\(escape(RunReport.title(of: family))) (by \(escape(axisName(of: family))))</h3>\n" + table.html
      }
    }
    out += "<h2>Provenance</h2>\n<table>\n<tbody>\n"
    for (key, value) in provenanceRows {
      out += "<tr><th>\(escape(key))</th><td>\(escape(value))</td></tr>\n"
    }
    out += "</tbody>\n</table>\n"
    if let moduleTable { out += "<h3>Framework modules</h3>\n" + moduleTable.html }
    out += "<h3>Toolchains</h3>\n"
    out += toolchainTable.html
    for toolchain in record.toolchains {
      out += "<p class=\"note\">\(escape(toolchain.name)) version text:</p>\n"
      out += "<pre>\(escape(toolchain.versionText.trimmingCharacters(in: .newlines)))</pre>\n"
    }
    return out + "</body>\n</html>\n"
  }
}
