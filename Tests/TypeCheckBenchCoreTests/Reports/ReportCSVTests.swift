import Foundation
import Generators
import Testing
import TypeCheckBenchCore

/// The CSV files: header rows, quoting, `.` decimals, hyperfine's columns first.
@Suite struct ReportCSVTests {
  /// Splits RFC 4180 text into records of fields.
  static func parse(_ text: String) -> [[String]] {
    var records: [[String]] = []
    var record: [String] = []
    var field = ""
    var quoted = false
    var characters = Array(text.unicodeScalars)[...]
    while let c = characters.popFirst() {
      if quoted {
        if c == "\"" {
          if characters.first == "\"" { field.unicodeScalars.append(characters.removeFirst()) } else { quoted = false }
        } else {
          field.unicodeScalars.append(c)
        }
      } else if c == "\"" {
        quoted = true
      } else if c == "," {
        record.append(field)
        field = ""
      } else if c == "\r" {
        continue
      } else if c == "\n" {
        record.append(field)
        records.append(record)
        record = []
        field = ""
      } else {
        field.unicodeScalars.append(c)
      }
    }
    return records
  }

  @Test func summaryStartsWithHyperfineColumns() throws {
    let text = try #require(try ReportRenderer.render(ReportTestRecords.sweep, formats: [.csv]).files["summary.csv"])
    let rows = Self.parse(text)
    #expect(Array(rows[0].prefix(8)) == ["command", "mean", "stddev", "median", "user", "system", "min", "max"])
    for name in ["toolchain", "case_ms_median", "case_timer", "scopes", "parameter_depth", "parameter_chart_variant"] {
      #expect(rows[0].contains(name), "missing column \(name)")
    }
    let first = rows[1]
    #expect(first[0] == "nesting-per-kind-swiftui-k11-pack-d1-w1-group@default")
    #expect(rows.allSatisfy { $0.count == rows[0].count })
    let column = { (name: String) in rows[0].firstIndex(of: name)! }
    // Case time: median of 1.164, 1.2, 1.236 ms (the samples' own bodies).
    #expect(first[column("case_ms_median")] == "1.2")
    #expect(first[column("case_timer")] == "case-bodies")
    #expect(first[column("toolchain")] == "default")
    let censored = try #require(rows.first { $0[0].hasPrefix("nesting-per-kind-swiftui-k11-pack-d5") })
    #expect(censored[column("n")] == "1")
    #expect(censored[column("outcome")] == "too-complex")
    // A censored point's figures are lower bounds, and the row says so (it did not).
    #expect(censored[column("bound")] == "lower")
    #expect(first[column("bound")] == "exact")
    for row in rows.dropFirst() {
      let outcome = try #require(Outcome(rawValue: row[column("outcome")]))
      #expect(row[column("bound")] == (outcome.isCensored ? "lower" : (outcome.isFailure ? "none" : "exact")))
    }
  }

  /// The hyperfine columns of summary.csv against the process times in run.json, computed here by hand.
  @Test func summaryHyperfineColumnsAreTheSwiftcProcess() throws {
    let record = ReportTestRecords.sweep
    let rendered = try ReportRenderer.render(record, formats: [.csv, .json])
    let rows = Self.parse(try #require(rendered.files["summary.csv"]))
    let decoded = try JSONDecoder().decode(RunRecord.self, from: Data(try #require(rendered.files["run.json"]).utf8))
    let header = rows[0]
    var checked = 0
    for row in rows.dropFirst() {
      let field = { (name: String) in row[header.firstIndex(of: name)!] }
      // The timed compiles only: the instrumented one's time is inflated by its instruments and never reported.
      let samples = decoded.samples.filter {
        "\($0.caseID)@\($0.toolchain)" == field("command") && ($0.outcome == .ok || $0.outcome.isCensored)
          && $0.pass == .timed
      }
      guard !samples.isEmpty else { continue }
      let wall = samples.map(\.wallSeconds).sorted()
      let mean = wall.reduce(0, +) / Double(wall.count)
      let median = wall.count % 2 == 1 ? wall[wall.count / 2] : (wall[wall.count / 2 - 1] + wall[wall.count / 2]) / 2
      let variance = wall.count < 2 ? 0 : wall.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(wall.count - 1)
      let expected: [String: Double] = [
        "mean": mean, "stddev": variance.squareRoot(), "median": median, "min": wall.first!, "max": wall.last!,
        "user": samples.map(\.userSeconds).reduce(0, +) / Double(samples.count),
        "system": samples.map(\.systemSeconds).reduce(0, +) / Double(samples.count),
      ]
      for (name, value) in expected {
        let cell = try #require(Double(field(name)), "\(name) of \(field("command")) is '\(field(name))'")
        #expect(Swift.abs(cell - value) <= 1e-9 * Swift.max(1, Swift.abs(value)), "\(name) of \(field("command"))")
      }
      // The case time is not in those columns: its own, in milliseconds.
      let caseTimes = samples.compactMap(\.caseMilliseconds).sorted()
      if caseTimes.count == samples.count, let medianCase = Double(field("case_ms_median")) {
        let middle = caseTimes.count / 2
        let expectedMedian =
          caseTimes.count % 2 == 1 ? caseTimes[middle] : (caseTimes[middle - 1] + caseTimes[middle]) / 2
        #expect(Swift.abs(medianCase - expectedMedian) < 1e-9)
      }
      checked += 1
    }
    #expect(checked > 5)
  }

  @Test func parametersThatDoNotApplyAreEmpty() throws {
    let rendered = try ReportRenderer.render(ReportTestRecords.sweep, formats: [.csv])
    for file in ["summary.csv", "samples.csv"] {
      let rows = Self.parse(try #require(rendered.files[file]))
      let header = rows[0]
      let prefix = file == "summary.csv" ? "parameter_" : ""
      let index = { (name: String) in header.firstIndex(of: prefix + name)! }
      let nesting = try #require(rows.first { $0[index("family")] == "nesting" })
      #expect(nesting[index("depth")] != "")
      for name in ["branches", "branch_form", "chart_variant", "states", "state_form"] {
        #expect(nesting[index(name)] == "", "\(file): nesting has \(name)")
      }
      let chart = try #require(rows.first { $0[index("family")] == "chart" })
      #expect(chart[index("chart_variant")] != "")
      for name in ["depth", "width", "kinds", "states"] {
        #expect(chart[index(name)] == "", "\(file): chart has \(name)")
      }
    }
  }

  @Test func samplesQuoteCommasQuotesAndNewlines() throws {
    var record = ReportTestRecords.sweep
    record.samples[0].detail = "error: a, \"b\"\nnext line"
    record.samples[0].wallSeconds = 1234.5
    let text = try #require(try ReportRenderer.render(record, formats: [.csv]).files["samples.csv"])
    #expect(text.contains("\"error: a, \"\"b\"\"\nnext line\""))
    let rows = Self.parse(text)
    #expect(rows[0].first == "run_id")
    #expect(rows.count == record.samples.count + 1)
    #expect(rows.allSatisfy { $0.count == rows[0].count })
    let detail = try #require(rows[0].firstIndex(of: "detail"))
    #expect(rows[1][detail] == "error: a, \"b\"\nnext line")
    let wall = try #require(rows[0].firstIndex(of: "wall_s"))
    #expect(rows[1][wall] == "1234.5")
    for name in ["family", "model", "depth", "chart_variant", "case_ms", "constraint_scopes", "typecheck_wall_s"] {
      #expect(rows[0].contains(name), "missing column \(name)")
    }
  }

  @Test func numbersUseDotDecimalsWithoutExponents() throws {
    let text = try #require(try ReportRenderer.render(ReportTestRecords.sweep, formats: [.csv]).files["samples.csv"])
    let rows = Self.parse(text)
    let caseMS = try #require(rows[0].firstIndex(of: "case_ms"))
    let pass = try #require(rows[0].firstIndex(of: "pass"))
    #expect(rows[1][pass] == "instrumented")
    #expect(rows[2][pass] == "timed")
    #expect(rows[2][caseMS] == "1.164")
    #expect(text.range(of: "[0-9]e[-+]?[0-9]", options: .regularExpression) == nil)
  }
}
