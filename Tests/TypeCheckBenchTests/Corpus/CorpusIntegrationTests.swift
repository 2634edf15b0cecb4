import Escaping
import Foundation
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// `bench corpus` on this project's own lit-style fixtures (Corpus/Fixtures: fast and slow, gyb and verify, every
/// RUN and REQUIRES form), with the installed swiftc, checked against what lit would say and against the compiler's
/// own output.
@Suite(.serialized) struct CorpusIntegrationTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

  /// What lit says of each fixture on a release toolchain, with `asserts` set aside for scale tests of release
  /// counters (`--ignore-requires asserts`).
  static let expected: [String: CorpusVerdict.Status] = [
    "Fixtures/fast/begin_after_end.swift.gyb": .error,
    "Fixtures/fast/conditional.swift.gyb": .pass,
    "Fixtures/fast/continuation.swift": .pass,
    "Fixtures/fast/expected_exit_code.swift.gyb": .pass,
    "Fixtures/fast/frontend_typecheck.swift": .pass,
    "Fixtures/fast/frontend_verify.swift": .pass,
    "Fixtures/fast/linear_sum.swift.gyb": .pass,
    "Fixtures/fast/multi_run.swift.gyb": .pass,
    "Fixtures/fast/nested_loops.swift.gyb": .pass,
    "Fixtures/fast/no_run_line.swift": .error,
    "Fixtures/fast/python_block.swift.gyb": .unsupported,
    "Fixtures/fast/quadratic_thresholds.swift.gyb": .pass,
    "Fixtures/fast/requires_objc.swift": HostFacts.operatingSystem.lowercased().contains("mac") ? .pass : .unsupported,
    "Fixtures/fast/unknown_tool.swift": .unsupported,
    "Fixtures/fast/unsupported_here.swift": .unsupported,
    "Fixtures/fast/unterminated_for.swift.gyb": .error,
    "Fixtures/fast/verify_ok.swift": .pass,
    "Fixtures/fast/verify_unexpected_limit.swift": .fail,
    "Fixtures/fast/xfail.swift": .pass,
    "Fixtures/fast/xrange.swift.gyb": .unsupported,
    "Fixtures/slow/invert_prefix_linear.swift.gyb": .fail,
    "Fixtures/slow/not_no_data.swift.gyb": .pass,
    "Fixtures/slow/superlinear_inverted.swift.gyb": .pass,
    "Fixtures/slow/target_triple.swift": HostFacts.operatingSystem.lowercased().contains("mac") ? .unsupported : .pass,
    "Fixtures/slow/verify_too_complex.swift": .pass,
  ]

  /// The fixtures whose RUN lines pass `-solver-scope-threshold`: with a compiler that refuses it as an unknown
  /// argument (Swift 6.0.3) bench cannot run them as written, an error it reports with the compiler's own message.
  static let needScopeThreshold = [
    "Fixtures/fast/continuation.swift", "Fixtures/fast/multi_run.swift.gyb", "Fixtures/fast/verify_ok.swift",
    "Fixtures/fast/verify_unexpected_limit.swift", "Fixtures/slow/verify_too_complex.swift",
  ]

  /// The last seven lines of gyb 1.0.2's output for fast/conditional.swift.gyb with N=4 (`gyb.py -DN=4
  /// --line-directive ''`, after `range(N)` became `range(int(N))` since gyb's -D values are strings).
  static let gybConditionalAt4 = """
    func alternate(_ x: Int) -> Int {
      return 0
        + x * 0
        - x * 1
        + x * 2
        + x * 3 // 100% last
    }
    """

  @Test(.enabled(if: Integration.hasCompiler), .timeLimit(.minutes(5)))
  func fixturesGetLitsVerdicts() throws {
    let scratch = try TemporaryDirectory()
    let run = scratch.url.appendingPathComponent("run")
    let status = Integration.bench([
      "corpus", Self.fixtures.path, "--ignore-requires", "asserts", "--swiftc", Integration.swiftc!, "--jobs", "2",
      "-o", run.path, "--quiet",
    ])
    // As lit: a test failed or errored, so the run exits 1 (its reports written all the same).
    #expect(status == 1)
    let record = try RecordStore.corpus(run)
    let verdicts = CorpusVerdict.all(record)
    var expected = Self.expected
    let reasons = Dictionary(uniqueKeysWithValues: verdicts.map { ($0.path, $0.reason) })
    if !InstalledCompiler.hasScopeThreshold {
      for path in Self.needScopeThreshold {
        expected[path] = .error
        #expect(reasons[path]?.contains("unknown argument: '-solver-scope-threshold=") == true, "\(path)")
      }
    }
    #expect(Dictionary(uniqueKeysWithValues: verdicts.map { ($0.path, $0.status) }) == expected)
    #expect(reasons["Fixtures/fast/python_block.swift.gyb"] == "Python block %{ }% at 2:1")
    #expect(reasons["Fixtures/fast/xrange.swift.gyb"] == "xrange() at 3:11")
    #expect(reasons["Fixtures/fast/unterminated_for.swift.gyb"] == "gyb: unterminated %for at 3:4")
    #expect(reasons["Fixtures/fast/no_run_line.swift"] == "no RUN line")
    #expect(reasons["Fixtures/fast/unknown_tool.swift"]?.hasPrefix("RUN line with an unknown tool") == true)
    #expect(reasons["Fixtures/fast/begin_after_end.swift.gyb"]?.contains("--begin 5 is not before --end 3") == true)
    let quadratic = try #require(verdicts.first { $0.path == "Fixtures/fast/quadratic_thresholds.swift.gyb" })
    #expect(quadratic.counters.first?.winner?.law == .polynomial)
    for file in ["report.md", "summary.csv", "samples.csv", "verdicts.json", "samples.jsonl"] {
      #expect(FileManager.default.fileExists(atPath: run.appendingPathComponent(file).path), "\(file)")
    }

    // The verifier decides: each verify fixture's verdict is swiftc's own -verify exit status, run here directly, with
    // lit's target-triple substitutions replaced by the triple swiftc prints in its target info; a frontend line's is
    // its own command's exit status.
    let info = try ProcessRunner.run(Integration.swiftc!, ["-print-target-info"], timeout: 120)
    let target = try JSONSerialization.jsonObject(with: info.stdout) as? [String: Any]
    let triple = try #require((target?["target"] as? [String: Any])?["triple"] as? String)
    for test in record.tests where !test.path.hasSuffix("target_triple.swift") || triple.contains("linux") {
      let arguments: [String]
      switch test.runLines.first {
      case .verify(let flags)?:
        arguments = CorpusRunLine.verifyFlags + flags.map { $0.hasPrefix("%target-") ? triple : $0 } + [test.source]
      case .frontend(let flags)?:
        arguments = CorpusRunLine.frontendFlags + flags.map { $0 == "%s" ? test.source : $0 }
      default: continue
      }
      let result = try ProcessRunner.run(Integration.swiftc!, ["-frontend"] + arguments, timeout: 120)
      let lit: CorpusVerdict.Status = (result.status == .exited(0)) != test.expectedToFail ? .pass : .fail
      let bench = verdicts.first { $0.testID == test.id }!.status
      #expect((bench == .pass) == (lit == .pass), "\(test.path): swiftc says \(lit), bench \(bench)")
    }

    // %if, %elif, %else and a line's own %% render as gyb 1.0.2 renders them (its output at N=4, captured).
    let conditional = try #require(record.tests.first { $0.path == "Fixtures/fast/conditional.swift.gyb" })
    let n4 = try #require(conditional.cases.first { $0.n == 4 })
    let rendered = try String(contentsOf: run.appendingPathComponent("cases/\(n4.id).swift"), encoding: .utf8)
    #expect(rendered.split(separator: "\n").suffix(7).joined(separator: "\n") == Self.gybConditionalAt4)

    // The counters are the compiler's: the case file bench compiled, compiled again here, writes the same values.
    let linear = try #require(record.tests.first { $0.path == "Fixtures/fast/linear_sum.swift.gyb" })
    for planned in linear.cases {
      let stats = scratch.url.appendingPathComponent("stats-\(planned.n!)")
      try FileManager.default.createDirectory(at: stats, withIntermediateDirectories: true)
      let file = run.appendingPathComponent("cases/\(planned.id).swift")
      _ = try ProcessRunner.run(
        Integration.swiftc!, ["-frontend", "-typecheck", file.path, "-stats-output-dir", stats.path], timeout: 120)
      let json = try FileManager.default.contentsOfDirectory(atPath: stats.path).first { $0.hasSuffix(".json") }!
      let object = try JSONSerialization.jsonObject(with: Data(contentsOf: stats.appendingPathComponent(json)))
      let leaf = (object as? [String: Any])?["Sema.NumLeafScopes"] as? NSNumber
      let sample = record.samples.first { $0.caseID == planned.id }
      #expect(sample?.leafScopes == leaf?.doubleValue, "N=\(planned.n!)")
    }
  }

  @Test(.enabled(if: Integration.hasCompiler), .timeLimit(.minutes(5)))
  func resumeCompilesOnlyWhatIsMissing() throws {
    let scratch = try TemporaryDirectory()
    let run = scratch.url.appendingPathComponent("run")
    let arguments = [
      "corpus", Self.fixtures.path, "--filter", "linear_sum|verify_ok", "--ignore-requires", "asserts", "--swiftc",
      Integration.swiftc!, "-o", run.path, "--quiet",
    ]
    #expect(Integration.bench(arguments) == 0)
    let complete = try RecordStore.corpus(run)
    #expect(complete.samples.count == 5)
    // An interruption after two compiles: the journal holds two samples and run.json none.
    let journal = run.appendingPathComponent("samples.jsonl")
    let lines = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n")
    try (lines.prefix(2).joined(separator: "\n") + "\n").write(to: journal, atomically: true, encoding: .utf8)
    var partial = complete
    partial.samples = []
    partial.provenance.finishedAt = nil
    try JSONFormat.document(partial).write(
      to: run.appendingPathComponent("run.json"), atomically: true, encoding: .utf8)
    #expect(Integration.bench(["corpus", "--resume", run.path, "--quiet"]) == 0)
    let resumed = try RecordStore.corpus(run)
    #expect(resumed.samples.count == 5)
    #expect(
      Dictionary(uniqueKeysWithValues: resumed.samples.map { ($0.caseID, $0.stats[StatName.leafScopes]) })
        == Dictionary(uniqueKeysWithValues: complete.samples.map { ($0.caseID, $0.stats[StatName.leafScopes]) }))
    #expect(try String(contentsOf: journal, encoding: .utf8).split(separator: "\n").count == 5)
    // Compared with itself: no flip, no counter change, exit 0.
    #expect(Integration.bench(["compare", run.path, run.path]) == 0)
    // Its reports are what bench renders from its run.json; an edited one is named.
    #expect(Integration.bench(["report", run.path, "--check"]) == 0)
    try "edited\n".write(to: run.appendingPathComponent("summary.csv"), atomically: true, encoding: .utf8)
    #expect(Integration.bench(["report", run.path, "--check"]) == 65)
    // A format it holds no file of is not asked of it (as one bench gained after the run); one it holds, whole.
    try FileManager.default.removeItem(at: run.appendingPathComponent("summary.csv"))
    let samples = run.appendingPathComponent("samples.csv")
    let samplesText = try Data(contentsOf: samples)
    try FileManager.default.removeItem(at: samples)
    #expect(Integration.bench(["report", run.path, "--check"]) == 0)
    try samplesText.write(to: samples)
    #expect(Integration.bench(["report", run.path, "--check"]) == 65)
  }

  /// A scale test's chart draws the N values swiftc's compiles were recorded at, names the verdict's fit, and is
  /// re-rendered and checked byte for byte by `bench report`; a verify test gets none.
  @Test(.enabled(if: Integration.hasCompiler), .timeLimit(.minutes(5)))
  func chartsFollowTheRunAndAreChecked() throws {
    let scratch = try TemporaryDirectory()
    let run = scratch.url.appendingPathComponent("run")
    #expect(
      Integration.bench([
        "corpus", Self.fixtures.path, "--filter", "linear_sum|verify_ok", "--ignore-requires", "asserts", "--swiftc",
        Integration.swiftc!, "-o", run.path, "--quiet",
      ]) == 0)
    let record = try RecordStore.corpus(run)
    let charts = try FileManager.default.contentsOfDirectory(atPath: run.appendingPathComponent("charts").path)
    #expect(charts == ["Fixtures-fast-linear_sum.swift.gyb.svg"])
    let svg = try String(contentsOf: run.appendingPathComponent("charts/\(charts[0])"), encoding: .utf8)
    // One point per compile of the test, at the N its case id names.
    let notes = svg.components(separatedBy: "<title>").dropFirst(2).map { String($0.prefix { $0 != "<" }) }
    let drawn = notes.compactMap { Int($0.components(separatedBy: ", N ").last!.prefix { $0.isNumber }) }
    let compiled = record.samples.filter { $0.caseID.contains("linear_sum") }
      .map { Int($0.caseID.split(separator: "N").last!)! }
    #expect(drawn == compiled.sorted())
    // The legend names the fit the verdict states (report.md's reason).
    let verdict = try #require(CorpusVerdict.all(record).first { $0.path.hasSuffix("linear_sum.swift.gyb") })
    let fit = verdict.reason.replacingOccurrences(of: "Sema.NumLeafScopes ", with: "")
    #expect(svg.contains(">default: \(fit)</text>"), "\(verdict.reason)")
    let html = try String(contentsOf: run.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(html.components(separatedBy: "<svg").count == 2)
    #expect(
      try String(contentsOf: run.appendingPathComponent("report.md"), encoding: .utf8).contains("(charts/\(charts[0]))")
    )

    #expect(Integration.bench(["report", run.path, "--check"]) == 0)
    // One byte of a chart changed: --check names the difference; bench report renders it back.
    let path = run.appendingPathComponent("charts/\(charts[0])")
    try svg.replacingOccurrences(of: "</svg>", with: "</svg> ").write(to: path, atomically: true, encoding: .utf8)
    #expect(Integration.bench(["report", run.path, "--check"]) == 65)
    try FileManager.default.removeItem(at: run.appendingPathComponent("index.html"))
    #expect(Integration.bench(["report", run.path]) == 0)
    #expect(try String(contentsOf: path, encoding: .utf8) == svg)
    #expect(Integration.bench(["report", run.path, "--check"]) == 0)
  }

  @Test(.enabled(if: Integration.hasCompiler), .timeLimit(.minutes(5)))
  func shardsMergeBackToTheWholeCorpus() throws {
    let scratch = try TemporaryDirectory()
    let common = [
      Self.fixtures.path, "--filter", "verify|linear_sum|no_run_line|xrange", "--ignore-requires", "asserts",
      "--swiftc", Integration.swiftc!, "--quiet",
    ]
    let whole = scratch.url.appendingPathComponent("whole")
    // no_run_line is an error and verify_unexpected_limit a failure: 1, as lit, for the whole and for the shard
    // holding either.
    #expect(Integration.bench(["corpus"] + common + ["-o", whole.path]) == 1)
    var shards: [String] = []
    for index in 1...2 {
      let shard = scratch.url.appendingPathComponent("shard-\(index)")
      let status = Integration.bench(["corpus"] + common + ["--shard", "\(index)/2", "-o", shard.path])
      let failing = CorpusVerdict.all(try RecordStore.corpus(shard)).contains {
        $0.status == .fail || $0.status == .error
      }
      #expect(status == (failing ? 1 : 0))
      shards.append(shard.path)
    }
    let counts = try shards.map { try RecordStore.corpus(URL(fileURLWithPath: $0)).tests.count }
    #expect(counts.allSatisfy { $0 > 0 })
    let merged = scratch.url.appendingPathComponent("merged")
    #expect(Integration.bench(["merge"] + shards + ["-o", merged.path]) == 0)
    let expected = CorpusVerdict.all(try RecordStore.corpus(whole)).map { "\($0.path) \($0.status)" }
    let joined = CorpusVerdict.all(try RecordStore.corpus(merged)).map { "\($0.path) \($0.status)" }
    #expect(joined == expected)
    #expect(counts.reduce(0, +) == expected.count)
    // The merged run against the whole one: the same compiler, so nothing differs.
    #expect(Integration.bench(["compare", whole.path, merged.path]) == 0)
  }

  /// lit's target-triple substitutions take the triple of `swiftc --version`'s Target line, as printed by Swift 6.0.3
  /// and 6.2.3 (Debian's builds, the latter with assertions) and 6.3.1 (swift.org's).
  @Test func targetTriplesComeFromTheVersionText() throws {
    let printed = [
      "Swift version 6.0.3 (swift-6.0.3-RELEASE)\nTarget: x86_64-pc-linux-gnu\n": "x86_64-pc-linux-gnu",
      "Swift version 6.2.3 (swift-6.2.3-RELEASE)\nTarget: x86_64-pc-linux-gnu\nBuild config: +assertions\n":
        "x86_64-pc-linux-gnu",
      "Swift version 6.3.1 (swift-6.3.1-RELEASE)\nTarget: x86_64-unknown-linux-gnu\n": "x86_64-unknown-linux-gnu",
    ]
    for (text, triple) in printed { #expect(CorpusMeasurement.targetTriple(versionText: text) == triple) }
    #expect(CorpusMeasurement.targetTriple(versionText: "Swift version 6.3.1\n") == nil)
    let line = try CorpusRunLine.parse("%target-swift-frontend -typecheck %s -target %target-swift-5.9-abi-triple")
    let file = URL(fileURLWithPath: "/c/t.swift")
    let arguments = CorpusMeasurement.arguments(
      line: line, file: file, statsFolder: URL(fileURLWithPath: "/s"), toolchainFlags: [],
      targetTriple: "x86_64-pc-linux-gnu")
    #expect(
      arguments == [
        "-frontend", "-swift-version", "4", "-typecheck", "/c/t.swift", "-target", "x86_64-pc-linux-gnu",
        "-stats-output-dir", "/s",
      ])
  }

  /// With --jobs 2 a scale line's next N may start before its first failure is known; the run keeps what scale-test
  /// would have compiled, whatever the job count.
  @Test func samplesAfterAScaleLinesFirstFailureAreDropped() {
    let features = LitRequirement.Features.host(operatingSystem: "Linux", cpu: "x86_64", assertionsEnabled: true)
    let test = CorpusTest.read(
      path: "fast/t.swift.gyb", id: "t", source: "/t",
      text: "// RUN: %scale-test --begin 1 --end 4 --step 1 --select NumLeafScopes %s\n${N}\n", features: features)
    let record = CorpusRecord(
      runID: "r",
      provenance: Provenance(
        benchVersion: "0", gitRevision: nil, measurementVersion: 1, commandLine: [], operatingSystem: "Linux",
        cpuModel: "cpu", coreCount: 2, startedAt: "", finishedAt: nil, runs: 1, warmup: 0, timeoutSeconds: 1, jobs: 2),
      toolchains: [], tests: [test])
    func sample(_ n: Int, _ outcome: Outcome) -> TypeCheckSample {
      TypeCheckSample(
        caseID: "t+N\(n)", toolchain: "a", iteration: 0, outcome: outcome, wallSeconds: 0, userSeconds: 0,
        systemSeconds: 0, maxRSSBytes: 0, caseMilliseconds: nil,
        stats: outcome == .ok ? [StatName.leafScopes: 1] : [CorpusMeasurementKeys.exitStatus: 1])
    }
    let kept = ScaleLines(record).pruned([sample(1, .ok), sample(3, .ok), sample(2, .error)])
    #expect(kept.map(\.caseID) == ["t+N1", "t+N2"])
  }

  @Test func badInputIsOneLineAndExit64() throws {
    var errors: [String] = []
    let missing = BenchCommandLine.main(
      ["corpus", "/no/such/folder"], output: { _ in }, errorOutput: { errors.append($0) })
    #expect(missing == 64)
    #expect(errors == ["bench: corpus: /no/such/folder does not exist"])
    #expect(BenchCommandLine.main(["corpus"], output: { _ in }, errorOutput: { _ in }) == 64)
    #expect(
      BenchCommandLine.main(
        ["corpus", ".", "--ignore-requires", "objc_interop"], output: { _ in }, errorOutput: { _ in })
        == 64)
  }

  /// With `--allow-mixed`, a release and an assertions-enabled compiler disagree on `REQUIRES: asserts`: which tests
  /// run is decided once, by the first toolchain's build, and the run says so (no compile is needed: the fixture is
  /// unsupported everywhere).
  @Test func mixedBuildsSayWhoseBuildDecidesAsserts() throws {
    let temp = try TemporaryDirectory()
    let release = try FakeCompiler(in: temp, name: "release")
    let snapshot = try FakeCompiler(
      in: temp, name: "snapshot",
      version: "Swift version 6.2-dev (LLVM fa1f889407fc8ca, Swift 4b8a9bbe3e0c6a9)\nTarget: x86_64-unknown-linux-gnu")
    let file = Self.fixtures.appendingPathComponent("fast/unsupported_here.swift").path
    let mixed = bench([
      "corpus", file, "--toolchain", "rel=\(release.path)", "--toolchain", "dev=\(snapshot.path)", "--allow-mixed",
      "-o", temp.url.appendingPathComponent("mixed").path, "--quiet",
    ])
    #expect(mixed.status == 0, "\(mixed.transcript)")
    let notes = mixed.errors.filter { $0.hasPrefix("note: REQUIRES: asserts") }
    #expect(notes.count == 1, "\(mixed.transcript)")
    #expect(notes.first?.contains("rel's build (assertions disabled)") == true, "\(mixed.transcript)")
    #expect(notes.first?.contains("also for dev,") == true, "\(mixed.transcript)")
    #expect(!mixed.output.contains { $0.contains("REQUIRES: asserts") })
    // Two builds alike: nothing to say.
    let alike = bench([
      "corpus", file, "--toolchain", "a=\(release.path)", "--toolchain", "b=\(release.path)",
      "-o", temp.url.appendingPathComponent("alike").path, "--quiet",
    ])
    #expect(alike.status == 0, "\(alike.transcript)")
    #expect(!(alike.output + alike.errors).contains { $0.contains("REQUIRES: asserts") }, "\(alike.transcript)")
  }
}
