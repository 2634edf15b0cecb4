import Escaping
import Foundation

/// The files of a corpus run folder, rendered from its record: `report.md` (counts, the "changed" section with two
/// or more toolchains, one table test by toolchain, the counters at each N with their fits), `summary.csv` (a row
/// per test, toolchain and fitted counter), `samples.csv` (a row per compile), `verdicts.json` and `run.json`.
public struct CorpusReport: Sendable {
  public var record: CorpusRecord
  public var verdicts: [CorpusVerdict]

  public init(_ record: CorpusRecord) {
    self.record = record
    verdicts = CorpusVerdict.all(record)
  }

  /// Every file, by path relative to the run folder: the reports, `index.html` and `charts/<test-id>.svg`.
  public func files() throws -> [String: String] {
    let charts = self.charts
    var files = [
      "run.json": try JSONFormat.record(record),
      "verdicts.json": try JSONFormat.document(verdicts),
      "report.md": markdown(charts: charts),
      "summary.csv": summaryCSV,
      "samples.csv": samplesCSV,
      "index.html": html(charts: charts),
    ]
    for (path, chart) in charts { files[path] = chart.svg }
    return files
  }

  /// `12 pass, 3 fail, 20 unsupported, 1 error` for one toolchain.
  public func counts(for toolchain: String) -> String {
    let mine = verdicts.filter { $0.toolchain == toolchain }
    return CorpusVerdict.Status.allCases.map { status in
      "\(mine.count { $0.status == status }) \(status.rawValue)"
    }.joined(separator: ", ")
  }

  /// The lines `bench corpus` prints at the end: counts per toolchain.
  public var headline: [String] {
    record.toolchains.map { toolchain in
      "\(toolchain.name) (\(toolchain.identity)): \(record.tests.count) tests: \(counts(for: toolchain.name))"
    }
  }

  public var markdown: String { markdown(charts: charts) }

  /// What follows "Requirements ignored:" when `--ignore-requires` set requirements aside (the list put through
  /// `quote`), or nil.
  func ignoredRequirementsNote(quote: (String) -> String) -> String? {
    guard !record.ignoredRequirements.isEmpty else { return nil }
    let affected = record.tests.filter { !$0.ignoredRequirements.isEmpty }.count
    return
      "\(quote(record.ignoredRequirements.joined(separator: ", "))) "
      + "(--ignore-requires): \(affected) scale test\(affected == 1 ? "" : "s") that lit would skip here ran "
      + "anyway, because the counter they select exists in release builds."
  }

  /// The comparison of each later toolchain with the first (empty with one toolchain).
  var toolchainComparisons: [CorpusComparison] {
    guard let base = record.toolchains.first?.name else { return [] }
    return record.toolchains.dropFirst().map { toolchain in
      CorpusComparison(base: record, baseToolchain: base, new: record, newToolchain: toolchain.name)
    }
  }

  static let timeBoundedNote =
    "Counters of RUN lines that bound the solver by time (`-solver-expression-time-threshold`) follow the "
    + "machine's speed and are not compared."

  /// One row per test, one column per toolchain: the verdict and why.
  var testsTable: ReportTable {
    let byTest = Dictionary(grouping: verdicts, by: \.testID)
    let toolchains = record.toolchains.map(\.name)
    return ReportTable(
      header: ["test", "kind"] + toolchains, alignments: [.left, .left] + toolchains.map { _ in .left },
      rows: record.tests.map { test in
        let cells = toolchains.map { name -> String in
          guard let verdict = byTest[test.id]?.first(where: { $0.toolchain == name }) else { return "" }
          return "\(verdict.status.rawValue): \(verdict.reason)"
        }
        return [test.path, Self.kind(of: test)] + cells
      })
  }

  /// Whether a test of the run has a `%target-swift-frontend` RUN line (the reports then say how it is run).
  var hasFrontendTests: Bool {
    record.tests.contains { test in
      test.runLines.contains { if case .frontend = $0 { true } else { false } }
    }
  }

  func markdown(charts: [(path: String, chart: GrowthChart)]) -> String {
    var out = "# Corpus run \(record.runID)\n\n"
    for line in headline { out += "- \(line)\n" }
    out += "\n"
    out +=
      "bench type-checks only (`swiftc -frontend -typecheck`): scale tests without `--typecheck` are compiled with "
      + "`-c` by `utils/scale-test`, but the Sema counters they select are the type checker's either way. Verify "
      + "tests run `swiftc -frontend \(CorpusRunLine.verifyFlags.joined(separator: " "))` plus their RUN line's "
      + "flags; the compiler's verifier decides."
    if hasFrontendTests {
      out +=
        " `%target-swift-frontend` lines run `swiftc -frontend \(CorpusRunLine.frontendFlags.joined(separator: " "))` "
        + "plus their own arguments: with `-verify` the verifier decides, otherwise exit status 0 passes."
    }
    out += "\n"
    if let note = ignoredRequirementsNote(quote: { "`\($0)`" }) { out += "\n**Requirements ignored:** \(note)\n" }
    let comparisons = toolchainComparisons
    if !comparisons.isEmpty {
      out += "\n## Changed\n\n"
      for comparison in comparisons {
        out += "\(comparison.newLabel) against \(comparison.baseLabel): \(comparison.summaryLine).\n\n"
        out += Self.timeBoundedNote + "\n\n"
        out += comparison.changedSection(limit: 10, level: "###")
      }
    }
    out += "\n## Tests\n\n"
    out += testsTable.markdown
    let fitted = verdicts.filter { !$0.counters.isEmpty }
    if !fitted.isEmpty {
      out += "\n## Counters at each N\n\n"
      out +=
        "Each selected counter's values (summed over the compile's statistics files), the winning fit and r² "
        + "(linear, `c + a·n^k` or `c + a·b^n`; none when no fit has r² > 0.99).\n\n"
      out +=
        ReportTable(
          header: ["test", "toolchain", "counter", "values (N: value)", "fit", "r²"],
          alignments: [.left, .left, .left, .left, .left, .right],
          rows: fitted.flatMap { verdict in
            verdict.counters.map { counter in
              let several = (record.tests.first { $0.id == verdict.testID }?.runLines.count ?? 1) > 1
              return [
                verdict.path, verdict.toolchain, (several ? "RUN \(counter.run + 1): " : "") + counter.name,
                zip(counter.ns, counter.values).map { "\($0): \(NumberFormat.compact($1, digits: 8))" }
                  .joined(separator: ", "),
                counter.winner?.orderText ?? "none",
                NumberFormat.fixed(
                  counter.winner?.rSquared ?? counter.candidates.map(\.rSquared).max() ?? 0, decimals: 4),
              ]
            }
          }
        ).markdown
    }
    if !charts.isEmpty {
      out += "\n## Charts\n\n"
      out += "Each scale test's selected counters against N, one line per toolchain and RUN line (log scale):\n\n"
      let paths = Set(charts.map(\.path))
      for test in record.tests where paths.contains(Self.chartPath(test.id)) {
        out += "- [\(Escaping.markdown(test.path))](\(Self.chartPath(test.id)))\n"
      }
    }
    out += "\n## Provenance\n\n"
    for toolchain in record.toolchains {
      out += "- `\(toolchain.name)`: `\(toolchain.swiftcPath)`, \(toolchain.identity)"
      out += toolchain.wrappedCompiler.map { ", runs `\($0)`\n" } ?? "\n"
    }
    let provenance = record.provenance
    out += "- Host: \(provenance.operatingSystem), \(provenance.cpuModel), \(provenance.coreCount) cores\n"
    out += "- Jobs: \(provenance.jobs); timeout \(NumberFormat.compact(provenance.timeoutSeconds)) s per compile\n"
    out += "- Started \(provenance.startedAt), finished \(provenance.finishedAt ?? "not finished")\n"
    if let shard = provenance.shard { out += "- Shard \(shard)\n" }
    out += "- Command: `\(Escaping.shellCommand(provenance.commandLine))`\n"
    return out
  }

  /// `scale` (with its N range), `verify`, `typecheck` (a plain `%target-swift-frontend -typecheck`), or `-` when
  /// nothing runs.
  static func kind(of test: CorpusTest) -> String {
    let kinds = test.runLines.map { line -> String in
      switch line {
      case .verify: "verify"
      case .frontend(let arguments): arguments.contains("-verify") ? "verify" : "typecheck"
      case .scaleTest(let options):
        (options.negated ? "not " : "") + "scale \(options.begin)..<\(options.end)"
          + (options.invertResult ? " inverted" : "")
      }
    }
    return kinds.isEmpty ? "-" : kinds.joined(separator: "; ")
  }

  /// One row per test, toolchain and fitted counter (a test without counters has one row).
  public var summaryCSV: String {
    var table = CSVTable(header: [
      "test", "path", "group", "kind", "toolchain", "verdict", "reason", "counter", "fit", "growth", "r_squared",
      "largest_n", "value_at_largest_n",
    ])
    let tests = Dictionary(record.tests.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    for verdict in verdicts {
      let prefix = [
        verdict.testID, verdict.path, verdict.group, tests[verdict.testID].map(Self.kind) ?? "", verdict.toolchain,
        verdict.status.rawValue, verdict.reason,
      ]
      if verdict.counters.isEmpty {
        let scopes = verdict.verifyScopes.map { NumberFormat.compact($0, digits: 12) } ?? ""
        table.rows.append(
          prefix + [verdict.verifyScopes == nil ? "" : StatName.constraintScopes, "", "", "", "", scopes])
        continue
      }
      for counter in verdict.counters {
        table.rows.append(
          prefix + [
            counter.name, counter.winner?.law.rawValue ?? "none",
            counter.winner.map { NumberFormat.compact($0.growth, digits: 4) } ?? "",
            NumberFormat.fixed(counter.winner?.rSquared ?? counter.candidates.map(\.rSquared).max() ?? 0, decimals: 6),
            counter.ns.last.map(String.init) ?? "",
            counter.values.last.map { NumberFormat.compact($0, digits: 12) } ?? "",
          ])
      }
    }
    return table.text
  }

  /// One row per compile.
  public var samplesCSV: String {
    var table = CSVTable(header: [
      "case_id", "test", "run", "n", "toolchain", "outcome", "detail", "wall_s", "user_s", "system_s",
      "max_rss_bytes", "scopes", "leaf_scopes",
    ])
    var caseInfo: [String: CorpusCase] = [:]
    for planned in record.plannedCases { caseInfo[planned.id] = planned }
    for sample in Self.ordered(record.samples, in: record) {
      let planned = caseInfo[sample.caseID]
      table.rows.append([
        sample.caseID, planned?.testID ?? "", planned.map { String($0.run + 1) } ?? "",
        planned?.n.map(String.init) ?? "", sample.toolchain, sample.outcome.rawValue, sample.detail ?? "",
        NumberFormat.fixed(sample.wallSeconds, decimals: 6), NumberFormat.fixed(sample.userSeconds, decimals: 6),
        NumberFormat.fixed(sample.systemSeconds, decimals: 6), String(sample.maxRSSBytes),
        sample.constraintScopes.map { NumberFormat.compact($0, digits: 12) } ?? "",
        sample.leafScopes.map { NumberFormat.compact($0, digits: 12) } ?? "",
      ])
    }
    return table.text
  }

  /// The samples in plan order, then toolchain order: deterministic whatever order `--jobs` finished them in.
  public static func ordered(_ samples: [TypeCheckSample], in record: CorpusRecord) -> [TypeCheckSample] {
    var position: [String: Int] = [:]
    for (index, planned) in record.plannedCases.enumerated() { position[planned.id] = index }
    var toolchainOrder: [String: Int] = [:]
    for (index, toolchain) in record.toolchains.enumerated() { toolchainOrder[toolchain.name] = index }
    return samples.sorted {
      (position[$0.caseID] ?? Int.max, toolchainOrder[$0.toolchain] ?? Int.max, $0.caseID)
        < (position[$1.caseID] ?? Int.max, toolchainOrder[$1.toolchain] ?? Int.max, $1.caseID)
    }
  }
}

/// Joins corpus runs (the shards of one corpus, or one run per toolchain) into one record.
public enum CorpusMerge {
  /// - Parameter allowMismatch: merge even when the shards are not one complete set of one corpus run.
  /// - Throws: `CompareError.data` naming the inputs when a test differs between them, a compile is in two (also an
  ///   input given twice), or the shards are not one complete set.
  public static func merge(
    _ inputs: [(label: String, record: CorpusRecord)], runID: String, allowMismatch: Bool = false
  ) throws -> CorpusRecord {
    guard let first = inputs.first?.record else { throw CompareError.usage("nothing to merge") }
    let shards = ShardSet(inputs.map { ($0.label, $0.record.provenance) })
    if let problem = shards.problem, !allowMismatch {
      throw CompareError.data("cannot merge: \(problem) (--allow-mismatch merges anyway)")
    }
    var toolchains: [ToolchainInfo] = []
    var tests: [String: (label: String, test: CorpusTest)] = [:]
    var owners: [PointKey: String] = [:]
    var samples: [TypeCheckSample] = []
    var ignored: [String] = []
    for (label, record) in inputs {
      for toolchain in record.toolchains where !toolchains.contains(where: { $0.name == toolchain.name }) {
        toolchains.append(toolchain)
      }
      for requirement in record.ignoredRequirements where !ignored.contains(requirement) {
        ignored.append(requirement)
      }
      for test in record.tests {
        if let known = tests[test.id], known.test.hash != test.hash || known.test.plan != test.plan {
          throw CompareError.data(
            "cannot merge \(label) with \(known.label): test \(test.path) differs (its file or what bench runs)")
        }
        if tests[test.id] == nil { tests[test.id] = (label, test) }
      }
      // A compile in two inputs (also one input given twice) would count twice.
      var keys: Set<PointKey> = []
      for sample in record.samples {
        let key = PointKey(sample)
        if let owner = owners[key] {
          throw CompareError.data(
            "cannot merge \(label): \(sample.caseID) with \(sample.toolchain) is also in \(owner)"
              + (owner == label ? " (given twice)" : ""))
        }
        keys.insert(key)
        samples.append(sample)
      }
      for key in keys { owners[key] = label }
    }
    var provenance = first.provenance
    provenance.startedAt = inputs.map(\.record.provenance.startedAt).min()!
    let finishes = inputs.map(\.record.provenance.finishedAt)
    provenance.finishedAt = finishes.contains(nil) ? nil : finishes.compactMap { $0 }.max()
    (provenance.shard, provenance.commandLine) = shards.merged(first.provenance.commandLine)
    var merged = CorpusRecord(
      runID: runID, provenance: provenance, toolchains: toolchains, ignoredRequirements: ignored,
      tests: tests.values.map(\.test).sorted { $0.id < $1.id }, samples: samples)
    merged.samples = CorpusReport.ordered(merged.samples, in: merged)
    return merged
  }
}
