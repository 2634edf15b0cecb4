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
    #expect(rows[0].contains("parameter_depth"))
    #expect(Array(rows[0].suffix(8)) == ["model", "family", "depth", "branches", "kinds", "scopes", "outcome", "n"])
    let first = rows[1]
    #expect(first[0] == "nesting-per-kind-swiftui-k11-pack-d1-w1-group@default")
    // Median 1.2 ms in seconds.
    #expect(first[3] == "0.0012")
    #expect(rows.allSatisfy { $0.count == rows[0].count })
    let censored = try #require(rows.first { $0[0].hasPrefix("nesting-per-kind-swiftui-k11-pack-d5") })
    #expect(censored.last == "1")
    #expect(censored[censored.count - 2] == "too-complex")
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
    #expect(rows[1][caseMS] == "1.164")
    #expect(text.range(of: "[0-9]e[-+]?[0-9]", options: .regularExpression) == nil)
  }
}
