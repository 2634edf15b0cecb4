import Foundation
import Generators
import Testing
import TypeCheckBenchCore

/// The cachegrind output parser and the `swiftc -###` job reader, on files captured from real runs (valgrind 3.19.0,
/// Swift 6.3.1).
@Suite struct InstructionParsingTests {
  static func fixture(_ name: String) throws -> String {
    let url = try #require(
      Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures/cachegrind"))
    return try String(contentsOf: url, encoding: .utf8)
  }

  /// valgrind's own log of the same run, which says `I   refs:      127,679`: an independent reading.
  static func logCount(_ name: String) throws -> Double {
    let log = try fixture(name)
    let line = try #require(log.split(separator: "\n").first { $0.contains("I   refs:") })
    let digits = line.split(separator: ":").last!.filter(\.isNumber)
    return try #require(Double(String(digits)))
  }

  @Test func theInstructionCountIsTheSummaryOfTheIrEvent() throws {
    let count = try CachegrindOutput.instructions(in: try Self.fixture("true-cache-sim-no.out"))
    let logged = try Self.logCount("true-cache-sim-no.log")
    #expect(count == logged)
    #expect(count == 127_679)
  }

  @Test func withTheCacheSimulationTheIrColumnIsStillFound() throws {
    // `events: Ir I1mr ILmr Dr …`: the summary holds thirteen numbers; Ir is the first.
    let count = try CachegrindOutput.instructions(in: try Self.fixture("true-cache-sim-yes.out"))
    let logged = try Self.logCount("true-cache-sim-yes.log")
    #expect(count == logged)
  }

  @Test func aFileCutShortOrNotCachegrindsIsRefused() throws {
    let text = try Self.fixture("true-cache-sim-no.out")
    let cut = text.split(separator: "\n").dropLast().joined(separator: "\n")
    #expect(throws: CachegrindOutput.Problem.self) { try CachegrindOutput.instructions(in: cut) }
    #expect(throws: CachegrindOutput.Problem.self) { try CachegrindOutput.instructions(in: "hello\n") }
    #expect(throws: CachegrindOutput.Problem.self) {
      try CachegrindOutput.instructions(in: "events: Dr Dw\nsummary: 1 2\n")
    }
    #expect(throws: CachegrindOutput.Problem.self) {
      try CachegrindOutput.instructions(in: "events: Ir\nsummary: 12x\n")
    }
  }

  @Test func theDriversPlanIsOneFrontendJobWithItsQuotedPathsIntact() throws {
    // Captured: swiftc -### -typecheck "/tmp/cg/it's here/b.swift" -I "/tmp/cg/with space" …
    let jobs = try FrontendJobs.parse(try Self.fixture("driver-plan-6.3.1.txt"))
    #expect(jobs.count == 1)
    let job = try #require(jobs.first)
    #expect(job[0] == "/opt/swift/usr/bin/swift-frontend")
    #expect(job[1] == "-frontend")
    let file = try #require(job.firstIndex(of: "-primary-file"))
    #expect(job[file + 1] == "/tmp/cg/it's here/b.swift")
    let include = try #require(job.firstIndex(of: "-I"))
    #expect(job[include + 1] == "/tmp/cg/with space")
    #expect(job.contains("-debug-time-function-bodies"))
  }

  @Test func wordsSplitAsAShellWould() {
    #expect(FrontendJobs.words(of: "a 'b c' \"d \\\"e\\\"\" f\\ g ''") == ["a", "b c", "d \"e\"", "f g", ""])
    #expect(FrontendJobs.words(of: "x'y'z") == ["xyz"])
    #expect(FrontendJobs.words(of: "'open") == nil)
    #expect(FrontendJobs.words(of: "\"open") == nil)
  }

  @Test func aPlanWithoutAFrontendOrWithAnotherToolIsRefused() {
    #expect(throws: FrontendJobs.Problem.self) { try FrontendJobs.parse("\n") }
    #expect(throws: FrontendJobs.Problem.self) {
      try FrontendJobs.parse("/usr/bin/swift-frontend -frontend -c a.swift\n/usr/bin/clang -o a a.o\n")
    }
  }
}
