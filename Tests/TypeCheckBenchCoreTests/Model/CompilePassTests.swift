import Foundation
import Generators
import Testing

@testable import TypeCheckBenchCore

/// A point's time comes from its timed compiles and its counters from its instrumented compile; censoring is decided
/// by the timed compiles; a timeout's time is the timeout.
@Suite struct CompilePassTests {
  static let spec = CaseSpec(family: .nesting, model: .perKind, depth: 3)

  static func sample(
    _ pass: CompilePass?, iteration: Int = 0, outcome: Outcome = .ok, milliseconds: Double?,
    stats: [String: Double] = [:]
  ) -> TypeCheckSample {
    TypeCheckSample(
      caseID: spec.id, toolchain: "default", iteration: iteration, pass: pass, outcome: outcome, wallSeconds: 1,
      userSeconds: 1, systemSeconds: 0, maxRSSBytes: 1, caseMilliseconds: milliseconds, stats: stats)
  }

  /// An instrumented compile 1.7× slower than the timed ones, with the counters; three timed compiles without any.
  static let point: [TypeCheckSample] = [
    sample(.instrumented, milliseconds: 340, stats: [StatName.constraintScopes: 17_844, StatName.leafScopes: 9_000]),
    sample(.timed, iteration: 0, milliseconds: 210),
    sample(.timed, iteration: 1, milliseconds: 200),
    sample(.timed, iteration: 2, milliseconds: 190),
  ]

  @Test func timesComeFromTheTimedCompilesAndCountersFromTheInstrumentedOne() throws {
    let summary = PointSummary(spec: Self.spec, toolchain: "default", samples: Self.point)
    #expect(summary.count == 3)
    #expect(summary.milliseconds?.median == 200)
    #expect(summary.milliseconds?.max == 210)
    #expect(summary.constraintScopes == 17_844)
    #expect(summary.leafScopes == 9_000)
    #expect(summary.statistics[StatName.constraintScopes] == 17_844)
    let measured = MeasuredPoint(caseID: Self.spec.id, toolchain: "default", samples: Self.point)
    #expect(measured.milliseconds == [210, 200, 190])
    #expect(measured.scopes == 17_844)
  }

  @Test func onlyTheTimedCompilesDecideCensoring() {
    // The instrumented compile ran into the timeout (it is slower); the timed ones finished: the point is measured.
    var slowInstruments = Self.point
    slowInstruments[0].outcome = .timeout
    #expect(TypeCheckSample.pointOutcome(of: slowInstruments) == .ok)
    // A timed compile that went censored censors the point.
    var censored = Array(Self.point.prefix(2))
    censored[0].outcome = .tooComplex
    censored[1].outcome = .tooComplex
    #expect(TypeCheckSample.pointOutcome(of: censored) == .tooComplex)
    // A failed instrumented compile fails the point: its counters are unknown.
    var crashed = Self.point
    crashed[0].outcome = .crash
    #expect(TypeCheckSample.pointOutcome(of: crashed) == .crash)
    // Records of measurement version 1 (no pass): every sample decides, as before.
    let legacy = [
      Self.sample(nil, milliseconds: 5), Self.sample(nil, iteration: 1, outcome: .timeout, milliseconds: 9),
    ]
    #expect(TypeCheckSample.pointOutcome(of: legacy) == .timeout)
  }

  /// Records measured before version 2 recorded a timed-out compile's finished bodies as its time; read back, the
  /// time is the run's timeout, so that reports, charts and compare show the right lower bound.
  @Test func anOldRecordsTimeoutReadsAsTheTimeout() throws {
    let provenance = Provenance(
      benchVersion: "0.1.0", gitRevision: nil, measurementVersion: 1, commandLine: ["bench", "run"],
      operatingSystem: "Linux", cpuModel: "CPU", coreCount: 2, startedAt: "2026-01-01T00:00:00Z", finishedAt: nil,
      runs: 1, warmup: 0, timeoutSeconds: 2, jobs: 1)
    let record = RunRecord(
      runID: "old", provenance: provenance,
      toolchains: [
        ToolchainInfo(
          name: "default", swiftcPath: "/usr/bin/swiftc", versionText: "Swift version 6.3.1", version: "6.3.1",
          extraFlags: [], assertionsEnabled: false)
      ],
      cases: [Self.spec],
      samples: [Self.sample(nil, outcome: .timeout, milliseconds: 0.1, stats: [:])])
    let decoded = try JSONDecoder().decode(RunRecord.self, from: Data(try ReportRenderer.runJSON(record).utf8))
    #expect(decoded.samples[0].caseMilliseconds == 2000)
    #expect(MeasuredPoint.points(in: decoded).first?.milliseconds == [2000])
    #expect(PointSummary.summaries(of: decoded).first?.milliseconds?.median == 2000)
    let markdown = try #require(try ReportRenderer.render(decoded, formats: [.md]).files["report.md"])
    #expect(markdown.contains("≥ 2,000"), "\(markdown)")
    #expect(!markdown.contains("0.1 "), "\(markdown)")
  }

  @Test func aVersion1RunSaysHowItsTimesWereTaken() {
    var record = ReportTestRecords.sweep
    record.provenance.measurementVersion = 1
    record.samples = record.samples.filter { $0.pass != .instrumented }.map { sample in
      var sample = sample
      sample.pass = nil
      return sample
    }
    #expect(RunReport(record).methodNote.contains("Measurement version 1: every compile also armed the expression"))
    #expect(!RunReport(ReportTestRecords.sweep).methodNote.contains("Measurement version 1"))
    #expect(RunReport(ReportTestRecords.sweep).methodNote.contains("one instrumented compile"))
  }
}
