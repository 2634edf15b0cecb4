import Foundation
import Generators
import Testing

@testable import TypeCheckBenchCore

@Suite struct GitHubBenchmarkTests {
  typealias R = CompareTestRecords

  @Test func customSmallerIsBetterShape() throws {
    let cases = Array(R.sweep.prefix(3))
    let record = R.record(toolchains: [R.toolchain("a"), R.toolchain("b")], cases: cases)
    let json = GitHubBenchmark.json(record)
    let array = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    // One entry per point (2 toolchains × 3 cases) and metric the record holds: time, scopes and any other declared
    // statistic (the instructions need --meter instructions), in `Metric.all`'s order.
    let units = Metric.all.filter { $0.isRecorded(in: record) }.map(\.unit)
    #expect(Array(units.prefix(2)) == ["ms", "scopes"])
    #expect(array.count == 2 * 3 * units.count)
    for entry in array {
      #expect(Set(entry.keys).isSubset(of: ["name", "unit", "value", "range", "extra"]))
      #expect(entry["name"] is String && entry["unit"] is String && entry["value"] is NSNumber)
      if let range = entry["range"] { #expect((range as? String)?.hasPrefix("± ") == true) }
    }
    #expect(array.map { $0["unit"] as! String } == Array(repeating: units, count: 6).flatMap { $0 })
    #expect(Set(array.map { $0["name"] as! String }).count == array.count)
    #expect(array[0]["name"] as? String == "\(cases[0].id) [a]")
    #expect(array[1]["name"] as? String == "\(cases[0].id) [a] scopes")
    #expect(array[1]["value"] as? Double == 100)
    #expect(json == GitHubBenchmark.json(record))
  }

  @Test func censoredPointsSayTheirValuesAreLowerBounds() {
    let record = R.record(cases: [R.sweep[0]], outcome: { _, _ in .tooComplex })
    let entries = GitHubBenchmark.entries(record)
    #expect(entries[0].extra?.contains("outcome: too-complex\nsamples: 5\ncensored: values are lower bounds") == true)
  }

  @Test func failedPointsHaveNoTimeEntry() {
    let record = R.record(cases: [R.sweep[0]], outcome: { _, _ in .crash })
    #expect(GitHubBenchmark.entries(record).isEmpty)
  }
}
