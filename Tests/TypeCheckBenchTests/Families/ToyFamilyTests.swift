import Foundation
import Generators
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// A family declared outside the package's sources, with a parameter of its own declared only in its file, goes
/// through generate, run, report and compare like a built-in one, once bench is started knowing it.
@Suite struct ToyFamilyTests {
  @Test func generateWritesOneFilePerValueOfTheToysOwnParameter() throws {
    let temp = try TemporaryDirectory()
    let folder = temp.url.appendingPathComponent("cases")
    let outcome = bench(
      ["generate", "--family", "toy", "--properties", "2,5", "--model", "unified", "-o", folder.path],
      families: .withToy)
    #expect(outcome.status == 0, "\(outcome.transcript)")
    let source = try String(contentsOf: folder.appendingPathComponent("toy-unified-p5.swift"), encoding: .utf8)
    #expect(source.contains("return p0 + p1 + p2 + p3 + p4"))
    // Without --properties the toy takes the default its declaration gives, the one help prints.
    let defaults = temp.url.appendingPathComponent("defaults")
    #expect(
      bench(["generate", "--family", "toy", "--model", "unified", "-o", defaults.path], families: .withToy).status == 0)
    let manifest = try String(contentsOf: defaults.appendingPathComponent("manifest.tsv"), encoding: .utf8)
    let files = manifest.split(separator: "\n").dropFirst().map { String($0.split(separator: "\t")[0]) }
    #expect(files == ["toy-unified-p1.swift", "toy-unified-p2.swift", "toy-unified-p3.swift"])
  }

  @Test func theToysFlagIsInTheHelpWithItsDefaultAndAnAbsurdValueIsRefusedWithItsLimit() throws {
    let help = bench(["run", "--help"], families: .withToy)
    // The option's line, and the next one when its value form pushes the help below it.
    let index = try #require(help.output.firstIndex { $0.hasPrefix("  --properties ") }, "\(help.transcript)")
    let line = help.output[index...].prefix(2).joined(separator: " ")
    #expect(line.contains("Stored properties the toy sums (default: 1...3)."), "\(line)")
    // Started without the toy, bench has no such option.
    #expect(!bench(["run", "--help"]).output.contains { $0.hasPrefix("  --properties ") })
    let limit = try #require(ParameterSpec.toyProperties.limit)
    let absurd = bench(["run", "--family", "toy", "--properties", "1...\(limit.upperBound + 1)"], families: .withToy)
    #expect(absurd.status == 64)
    #expect(
      absurd.errors.first?.hasPrefix("bench: --properties: \(limit.upperBound + 1) is above \(limit.upperBound)")
        == true, "\(absurd.transcript)")
    // Another family does not read it: said, and ignored.
    let temp = try TemporaryDirectory()
    let ignored = bench(
      ["generate", "--depth", "1", "--properties", "4", "-o", temp.url.appendingPathComponent("g").path],
      families: .withToy)
    #expect(ignored.errors == ["note: --properties does not apply to the nesting family; ignored"])
  }

  @Test func runReportAndCompareTreatTheToyFamilyLikeABuiltInOne() throws {
    let temp = try TemporaryDirectory()
    let fake = try FakeCompiler(in: temp)
    var runs: [URL] = []
    for name in ["base", "new"] {
      let run = temp.url.appendingPathComponent(name)
      let outcome = bench(
        [
          "run", "--swiftc", fake.path, "--output", run.path, "--quiet", "--family", "toy", "--properties", "1,2",
          "--runs", "1", "--warmup", "0",
        ], families: .withToy)
      #expect(outcome.status == 0, "\(outcome.transcript)")
      runs.append(run)
    }
    // Two values, both models, an instrumented and a measured compile each, twice.
    #expect(fake.invocations == 16)
    let record = try RecordStore.sweep(runs[0], families: .withToy)
    // The canonical order: series, then the axis.
    #expect(record.cases.map(\.id) == ["toy-per-kind-p1", "toy-per-kind-p2", "toy-unified-p1", "toy-unified-p2"])
    #expect(record.samples.allSatisfy { $0.outcome == .ok })
    // run.json keeps the toy's own parameter under its own key.
    let json = try String(contentsOf: runs[0].appendingPathComponent("run.json"), encoding: .utf8)
    #expect(json.contains("\"properties\":2"))

    let report = temp.url.appendingPathComponent("report")
    let rendered = bench(["report", runs[0].path, "--format", "md,csv", "-o", report.path], families: .withToy)
    #expect(rendered.status == 0, "\(rendered.transcript)")
    let markdown = try String(contentsOf: report.appendingPathComponent("report.md"), encoding: .utf8)
    // The descriptor's title and axis head the family's section; the fake's scopes (42) are every point's.
    #expect(markdown.contains("## Toy (by properties)"))
    let summary = try String(contentsOf: report.appendingPathComponent("summary.csv"), encoding: .utf8)
    let rows = summary.split(separator: "\r\n")
    #expect(rows.count == 5)
    // The toy's parameter is a column of its own after the built-in ones.
    #expect(rows[0].hasSuffix(",parameter_properties"))

    let compared = bench(["compare", runs[0].path, runs[1].path, "--metric", "scopes"], families: .withToy)
    #expect(compared.status == 0, "\(compared.transcript)")
    #expect(compared.output.contains { $0.contains("toy-unified-p2") }, "\(compared.transcript)")
    #expect(compared.output.contains { $0.hasPrefix("0 slower, 0 faster, 4 no change") }, "\(compared.transcript)")

    // Reading the record does not depend on anything registered before: without the toy it is one clear line.
    let unknown = bench(["report", runs[0].path, "-o", temp.url.appendingPathComponent("r2").path])
    #expect(unknown.status == 65)
    #expect(
      unknown.errors.first?.hasSuffix("run.json: bad value at 'cases.[0].family'") == true, "\(unknown.transcript)")
  }
}
