import Foundation
import Generators
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// `bench run --template` with the installed swiftc: errors first, then counters, censoring and compare on small
/// instances of the arithmetic chain (Swift 6.3.1: 230, 2,104 and 23,646 constraint scopes at N = 1, 2, 3).
@Suite(.enabled(if: Integration.hasCompiler, "needs an installed swiftc"))
struct IntegrationTemplateTests {
  static let chain = """
    func same<T: Equatable>(_ lhs: T, _ rhs: T) {}
    let base: Double = 0
    func check() {
      same(base, (1 * 2.5){{#repeat N}} + {{i}}{{/repeat}})
    }

    """

  /// Runs bench and returns its status, standard output lines and error lines.
  private func bench(_ arguments: [String]) -> (status: Int32, output: [String], errors: [String]) {
    var output: [String] = []
    var errors: [String] = []
    let status = BenchCommandLine.main(arguments, output: { output.append($0) }, errorOutput: { errors.append($0) })
    return (status, output, errors)
  }

  private func run(
    _ folder: TemporaryDirectory, _ name: String, _ extra: [String], text: String = IntegrationTemplateTests.chain
  ) throws -> (URL, [String]) {
    let swiftc = try #require(Integration.swiftc)
    let template = try folder.file("chain.swift", text)
    let out = folder.url.appendingPathComponent(name)
    let result = bench(
      [
        "run", "--template", template.path, "--runs", "2", "--warmup", "0", "--quiet", "--swiftc", swiftc, "-o",
        out.path,
      ]
        + extra)
    #expect(result.status == 0, "\(result.errors)")
    return (out, result.output)
  }

  @Test func aPlaceholderSyntaxErrorIsOneLineWithLineAndColumnAndExit64() throws {
    let folder = try TemporaryDirectory()
    let template = try folder.file("broken.swift", "let a = 1\nlet b = {{#repeat N}}{{i}}\n")
    let out = folder.url.appendingPathComponent("out")
    let result = bench(["run", "--template", template.path, "--param", "N=1...3", "-o", out.path])
    #expect(result.status == 64)
    #expect(result.errors == ["bench: \(template.path):2:9: {{#repeat}} opened here is never closed with {{/repeat}}"])
    #expect(!FileManager.default.fileExists(atPath: out.path))
  }

  @Test func anInstanceWithATypeErrorStopsWithTheCompilersErrorAndExit65AndNoReport() throws {
    let swiftc = try #require(Integration.swiftc)
    let folder = try TemporaryDirectory()
    let template = try folder.file(
      "typo.swift", "let total: Int = {{#repeat N separator=\" + \"}}\"{{i}}\"{{/repeat}}\n")
    let out = folder.url.appendingPathComponent("out")
    let result = bench(
      ["run", "--template", template.path, "--param", "N=1...3", "--swiftc", swiftc, "--quiet", "-o", out.path])
    #expect(result.status == 65)
    #expect(result.errors.count == 1)
    let line = try #require(result.errors.first)
    // The compiler's own first error, with the instance's file (kept for the user to open).
    #expect(line.contains("template instance N=1 does not type-check"), "\(line)")
    #expect(line.contains("error: cannot convert value of type 'String' to specified type 'Int'"), "\(line)")
    let path = try #require(line.components(separatedBy: "(the instance is ").last?.dropLast())
    #expect(try String(contentsOfFile: String(path), encoding: .utf8).contains("let total: Int = \"1\""))
    #expect(!FileManager.default.fileExists(atPath: out.path), "no report")
    try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: String(path)).deletingLastPathComponent().path)
  }

  @Test func withoutCounterOptionOnlyScopesAreChartedButEveryCounterIsKept() throws {
    let folder = try TemporaryDirectory()
    let (out, output) = try run(folder, "default", ["--param", "N=1...3"])
    let record = try Integration.record(out)
    #expect(record.counters == nil)
    #expect(record.chartedCounters == [StatName.constraintScopes])
    // Scopes as the compiler counted them for this chain (Swift 6.3.1), and the other counters kept for
    // `bench counters`.
    let counted = record.samples.filter(\.givesCounters)
    let scopes = Dictionary(counted.map { ($0.caseID, $0.constraintScopes) }) { first, _ in first }
    #expect(Set(record.cases.map(\.id)).count == 3)
    #expect(counted.count == 3)
    #expect(counted.allSatisfy { $0.stats["AST.NumSourceBuffers"] != nil && $0.leafScopes != nil })
    // The timed compiles write no statistics: their points have case bodies to time.
    #expect(record.samples.filter { $0.pass == .timed }.allSatisfy { $0.stats.isEmpty })
    #expect(record.cases.allSatisfy { scopes[$0.id] != nil })
    let charts = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("charts").path)
    #expect(Set(charts) == ["template-time.svg", "template-scopes.svg"])
    #expect(output.contains { $0.hasPrefix("Template chain along N: scopes ") })
  }

  @Test func eachCounterOptionIsRecordedChartedAndFitted() throws {
    let folder = try TemporaryDirectory()
    let timer = "time.swift.typecheck-expr.user"
    let (out, _) = try run(
      folder, "counters", ["--param", "N=1...3", "--counter", "Sema.NumLeafScopes", "--counter", timer])
    let record = try Integration.record(out)
    #expect(record.counters == ["Sema.NumLeafScopes", timer])
    // A timer named by --counter is kept although timers are otherwise dropped.
    #expect(
      record.samples.filter(\.givesCounters).allSatisfy {
        $0.stats[timer] != nil && $0.stats["time.swift.typecheck-decl.user"] == nil
      })
    let charts = Set(try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("charts").path))
    #expect(charts.contains("template-counter-Sema-NumLeafScopes.svg"))
    #expect(charts.contains("template-counter-time-swift-typecheck-expr-user.svg"))
    let summary = try String(contentsOf: out.appendingPathComponent("summary.csv"), encoding: .utf8)
    let header = try #require(summary.split(separator: "\n").first).split(separator: ",").map(String.init)
    let column = try #require(header.firstIndex(of: "Sema.NumLeafScopes"))
    // Each point's column holds the median of its samples' counter.
    let report = RunReport(record)
    for (row, point) in zip(summary.split(separator: "\n").dropFirst(), report.points) {
      let cells = row.split(separator: ",", omittingEmptySubsequences: false)
      #expect(Double(cells[column]) == point.leafScopes)
    }
    let markdown = try String(contentsOf: out.appendingPathComponent("report.md"), encoding: .utf8)
    #expect(markdown.contains("; Sema.NumLeafScopes "))
    #expect(markdown.contains("; \(timer) "))
    // The fit of the counter is the fit of its values along N.
    let line = try #require(report.series.first)
    let expected = GrowthFit(points: line.points.map { (Double($0.spec.axisValue), $0.leafScopes ?? 0) })
    #expect(line.counterFit("Sema.NumLeafScopes") == expected)
  }

  @Test func benchCountersListsTheCountersThatGrewMost() throws {
    let folder = try TemporaryDirectory()
    let (out, _) = try run(folder, "run", ["--param", "N=1...3"])
    let record = try Integration.record(out)
    let points = RunReport(record).points
    let first = try #require(points.first?.constraintScopes)
    let last = try #require(points.last?.constraintScopes)

    let listed = bench(["counters", out.path])
    #expect(listed.status == 0)
    #expect(listed.output.first?.hasPrefix("template-chain-") == true)
    #expect(
      listed.output[1].hasPrefix("  counter") && listed.output[1].contains("N=1") && listed.output[1].contains("N=3"))
    // The default shows at most 10 counters, every row a counter that grew from N=1 to N=3.
    let rows = listed.output.dropFirst(2).filter { !$0.hasPrefix("  …") }
    #expect(rows.count <= 10 && rows.count >= 2)

    let one = bench(["counters", out.path, "--limit", "1"])
    #expect(one.output.count == 4 && one.output[3].hasPrefix("  … "))
    let all = bench(["counters", out.path, "--all"])
    #expect(all.output.count >= rows.count + 2 && !all.output.contains { $0.hasPrefix("  …") })
    // Whether the scopes are among the ten that grew most depends on the compiler (with Swift 6.3.1 they grow
    // steeply, with 6.0.3 by a third); --all lists them either way, with the values the run recorded.
    let scopesRow = try #require(all.output.first { $0.contains("Sema.NumConstraintScopes ") })
    let tokens = scopesRow.replacingOccurrences(of: ",", with: "").split(separator: " ").map(String.init)
    #expect(tokens.contains(String(Int(first))) && tokens.contains(String(Int(last))), "\(scopesRow)")
    #expect(bench(["counters", out.path, "--all", "--limit", "2"]).status == 64)
  }

  @Test(.enabled(if: InstalledCompiler.hasScopeThreshold, "needs -solver-scope-threshold, which Swift 6.0.3 lacks"))
  func compareOfTwoTemplateRunsFindsTheSolverLimitAndTheSameScopes() throws {
    let folder = try TemporaryDirectory()
    let (base, _) = try run(folder, "base", ["--param", "N=1...2"])
    // A scope threshold at N=1's file count holds N=1's chain (one of the file's expressions) and not N=2's, whose
    // extra term costs more scopes than the rest of the file (6.3.1: 230 and 2,104; 6.2.3: 127 and 151).
    let n1Scopes = try #require(
      Integration.record(base).samples.first { $0.caseID.hasSuffix("-N1") && $0.pass == .instrumented }?
        .constraintScopes)
    let (limited, _) = try run(
      folder, "limited", ["--param", "N=1...2", "--Xfrontend", "-solver-scope-threshold=\(Int(n1Scopes))"])
    let newRecord = try Integration.record(limited)
    #expect(newRecord.samples.contains { $0.outcome == .tooComplex })
    let markdown = try String(contentsOf: limited.appendingPathComponent("report.md"), encoding: .utf8)
    #expect(markdown.contains("reaches the solver limit at N=2"))

    let compared = bench(["compare", base.path, limited.path])
    #expect(compared.status == 2, "\(compared.output) \(compared.errors)")
    let comparison = try Comparison(base: Integration.record(base), new: newRecord)
    let n1 = try #require(comparison.points.first { $0.caseID.hasSuffix("-N1") })
    #expect(n1.scopesRatio == 1)
    #expect(comparison.regressions.contains { $0.caseID.hasSuffix("-N2") && $0.new.outcome == .tooComplex })
  }

  /// With the scope limit at 1,000, N=1's 230 scopes are over 1/64 of it: N=2 is probed first, the solver gives up on
  /// the probe, and that one compile (with statistics, without the expression timer) stands for the point.
  @Test func aPointTheSolverGivesUpOnIsCompiledOnceByItsProbe() throws {
    let swiftc = try #require(Integration.swiftc)
    let folder = try TemporaryDirectory()
    let log = folder.url.appendingPathComponent("calls.log")
    let wrapper = try folder.script("swiftc", "printf '%s\\n' \"$*\" >> '\(log.path)'\nexec '\(swiftc)' \"$@\"")
    let template = try folder.file("chain.swift", Self.chain)
    let out = folder.url.appendingPathComponent("run")
    let result = bench([
      "run", "--template", template.path, "--param", "N=1...3", "--runs", "2", "--quiet", "--swiftc", wrapper,
      "--Xfrontend", "-solver-scope-threshold=1000", "-o", out.path,
    ])
    #expect(result.status == 0, "\(result.errors)")
    let record = try Integration.record(out)
    let n2 = record.samples.filter { $0.caseID.hasSuffix("-N2") }
    #expect(n2.count == 1)
    let probe = try #require(n2.first)
    #expect(probe.pass == .probe && probe.outcome == .tooComplex)
    #expect((probe.constraintScopes ?? 0) > 1000 && probe.caseMilliseconds != nil && probe.expressions.isEmpty)
    let compiles = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
      .filter { $0.contains("-typecheck") && $0.contains("-N2") }
    #expect(compiles.count == 1)
    #expect(compiles.allSatisfy { $0.contains("-stats-output-dir") && !$0.contains("expression-type-checking") })
    #expect(!record.samples.contains { $0.caseID.hasSuffix("-N3") })
    let report = try String(contentsOf: out.appendingPathComponent("report.md"), encoding: .utf8)
    #expect(report.contains("A censored point's time and counters come from its probe, its one compile"))
  }

  /// `cases/reproduce.sh` gives, with plain swiftc, the scopes bench recorded: for a template that imports SwiftUI
  /// (and Foundation, which is not bench's to build) and for one that imports nothing.
  @Test func reproduceShGivesTheRecordedScopesForTemplateInstances() throws {
    let swiftc = try #require(Integration.swiftc)
    let folder = try TemporaryDirectory()
    let view = """
      import Foundation
      import SwiftUI

      struct Stack: View {
        var body: some View {
          Group {
            {{#repeat N}}
            Text("Row {{i}}")
            {{/repeat}}
          }
        }
      }

      """
    for (name, text) in [("view", view), ("chain", Self.chain)] {
      let (out, _) = try run(folder, name, ["--param", "N=2"], text: text)
      let record = try Integration.record(out)
      let report = try String(contentsOf: out.appendingPathComponent("report.md"), encoding: .utf8)
      // The report names the module only when there is one.
      #expect(report.contains("-module-name Mini") == (name == "view"), "\(name)")
      for sample in record.samples where sample.pass == .instrumented {
        let script = try ProcessRunner.run(
          "/bin/sh", [out.appendingPathComponent("cases/reproduce.sh").path, sample.caseID],
          environment: ProcessInfo.processInfo.environment.merging(["SWIFTC": swiftc]) { _, new in new })
        #expect(script.status == .exited(0), "\(name): \(script.stderrText)")
        let printed = script.stdoutText.filter(\.isNumber)
        #expect(Double(printed) == sample.constraintScopes, "\(name) \(sample.caseID): \(script.stdoutText)")
      }
    }
  }

  /// A template whose code is all top-level prints no case body: its points are timed by the stats timer of the whole
  /// file's type checking, so their timed compiles write statistics too (and still arm no expression timer).
  @Test func aTemplateWithoutBodiesIsTimedByTheStatsTimerInItsTimedCompiles() throws {
    let folder = try TemporaryDirectory()
    let text = "let total = 1{{#repeat N}} + {{i}}{{/repeat}}\n"
    let (out, _) = try run(folder, "top-level", ["--param", "N=1,2"], text: text)
    let record = try Integration.record(out)
    #expect(record.samples.count == 2 * 3 && record.samples.allSatisfy { $0.outcome == .ok })
    #expect(record.samples.allSatisfy { $0.caseMilliseconds == nil && $0.stats[StatName.typeCheckWall] != nil })
    #expect(record.samples.filter { $0.pass == .timed }.allSatisfy { $0.expressions.isEmpty })
    #expect(RunReport(record).points.allSatisfy { $0.timer == .typeCheckTimer && $0.milliseconds?.count == 2 })
  }

  /// The validity check compiles an instance as it is measured: against the imported miniature module, where a
  /// template's own `Group` shadows the module's (inline, in one file, the two would be ambiguous).
  @Test func validityChecksInstancesInTheFormTheyAreMeasuredIn() throws {
    let folder = try TemporaryDirectory()
    let text = "import SwiftUI\n\nstruct Group {}\nlet g = Group()\nlet n = {{N}}\n"
    let (out, _) = try run(folder, "shadow", ["--param", "N=1,2"], text: text)
    let record = try Integration.record(out)
    #expect(record.samples.count == 4 * 3 && record.samples.allSatisfy { $0.outcome == .ok })
    // Inline, the same template is refused before measuring, with the compiler's error.
    let template = try folder.file("shadow-inline.swift", text)
    var errors: [String] = []
    let status = BenchCommandLine.main(
      [
        "run", "--template", template.path, "--param", "N=1", "--framework", "inline", "--quiet", "--swiftc",
        try #require(Integration.swiftc), "-o", folder.url.appendingPathComponent("inline").path,
      ], output: { _ in }, errorOutput: { errors.append($0) })
    #expect(status == 65)
    #expect(errors.count == 1 && errors[0].contains("'Group' is ambiguous"), "\(errors)")
  }

  @Test func runsOfDifferentTemplatesShareNoCase() throws {
    let folder = try TemporaryDirectory()
    let (first, _) = try run(folder, "first", ["--param", "N=1"])
    let (second, _) = try run(folder, "second", ["--param", "N=1"], text: Self.chain + "// edited\n")
    let a = try Integration.record(first).cases.map(\.id)
    let b = try Integration.record(second).cases.map(\.id)
    #expect(a.count == 1 && b.count == 1 && a != b)
    #expect(a[0].hasPrefix("template-chain-") && b[0].hasPrefix("template-chain-"))
  }
}
