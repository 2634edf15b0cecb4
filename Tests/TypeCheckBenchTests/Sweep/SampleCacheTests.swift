import Foundation
import Generators
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// `bench run --reuse`: samples that measured the same thing are copied, anything else is compiled.
@Suite struct SampleCacheTests {
  static let toolchain = ToolchainInfo(
    name: "default", swiftcPath: "/usr/bin/swiftc", versionText: FakeCompiler.versionText, version: "6.3.1",
    extraFlags: [], assertionsEnabled: false)

  static let host = SampleCache.Host(
    cpuModel: "Intel(R) Xeon(R) CPU @ 2.20GHz", coreCount: 2, operatingSystem: "Debian GNU/Linux 12 (bookworm)")

  @Test func theHostFactsThatChangeTimesAreInTheKey() {
    let key = SampleCache.key(source: "a", toolchain: Self.toolchain, measurementVersion: 1, host: Self.host)
    var others: [SampleCache.Host] = []
    for edit in [
      { (h: inout SampleCache.Host) in h.cpuModel = "Apple M3" },
      { (h: inout SampleCache.Host) in h.coreCount = 8 },
      { (h: inout SampleCache.Host) in h.operatingSystem = "macOS 15.1" },
    ] {
      var host = Self.host
      edit(&host)
      others.append(host)
    }
    let keys = others.map { SampleCache.key(source: "a", toolchain: Self.toolchain, measurementVersion: 1, host: $0) }
    #expect(Set(keys + [key]).count == 4)
  }

  @Test func anotherMachinesSamplesAreNotReused() throws {
    let temp = try TemporaryDirectory()
    let fake = try FakeCompiler(in: temp)
    let first = temp.url.appendingPathComponent("first")
    #expect(bench(["run", "--swiftc", fake.path, "-o", first.path] + Self.sweep).status == 0)
    let record = try RecordStore.sweep(first)
    // The same samples as another machine would have keyed them.
    var elsewhere = record
    elsewhere.provenance.cpuModel = "Apple M3"
    elsewhere.provenance.coreCount = 8
    let foreign = record.samples.map { sample -> TypeCheckSample in
      var moved = sample
      let spec = record.cases.first { $0.id == sample.caseID }!
      moved.cacheKey = SampleCache.key(
        source: CaseGenerator.generate(spec).measuredSource, toolchain: record.toolchains[0],
        measurementVersion: record.provenance.measurementVersion, host: SampleCache.Host(elsewhere.provenance))
      return moved
    }
    // 4 points: the instrumented compile and 2 timed ones each.
    #expect(SampleCache.reusable(from: record.samples, for: record).count == 12)
    #expect(SampleCache.reusable(from: foreign, for: record).isEmpty)
    #expect(SampleCache.reusable(from: foreign, for: elsewhere).count == 12)
  }

  @Test func theKeyChangesWithEveryInputAndOnlyWithThem() {
    let source = "struct A {}\n"
    let key = SampleCache.key(source: source, toolchain: Self.toolchain, measurementVersion: 1, host: Self.host)
    #expect(key.hasPrefix("fnv1a64-") && key.count == 24)
    #expect(SampleCache.key(source: source, toolchain: Self.toolchain, measurementVersion: 1, host: Self.host) == key)
    var renamed = Self.toolchain
    renamed.name = "other"
    #expect(SampleCache.key(source: source, toolchain: renamed, measurementVersion: 1, host: Self.host) == key)

    var changed: [String] = []
    changed.append(
      SampleCache.key(source: "struct B {}\n", toolchain: Self.toolchain, measurementVersion: 1, host: Self.host))
    changed.append(SampleCache.key(source: source, toolchain: Self.toolchain, measurementVersion: 2, host: Self.host))
    for edit in [
      { (t: inout ToolchainInfo) in t.swiftcPath = "/opt/swift/usr/bin/swiftc" },
      { (t: inout ToolchainInfo) in t.versionText = "Swift version 6.3.2 (swift-6.3.2-RELEASE)" },
      { (t: inout ToolchainInfo) in t.extraFlags = ["-Xfrontend", "-solver-disable-splitter"] },
    ] {
      var toolchain = Self.toolchain
      edit(&toolchain)
      changed.append(SampleCache.key(source: source, toolchain: toolchain, measurementVersion: 1, host: Self.host))
    }
    #expect(Set(changed).count == changed.count)
    #expect(!changed.contains(key))
    // Boundaries between the parts are part of the key: moving text from the flags to the source changes it.
    var flagged = Self.toolchain
    flagged.extraFlags = ["-a"]
    #expect(
      SampleCache.key(source: "b", toolchain: flagged, measurementVersion: 1, host: Self.host)
        != SampleCache.key(source: "-a\nb", toolchain: Self.toolchain, measurementVersion: 1, host: Self.host))
  }

  static let sweep = ["--depth", "1...2", "--model", "per-kind,unified", "--runs", "2", "--warmup", "1", "--quiet"]

  @Test func aRepeatedSweepCopiesEverySampleInsteadOfCompiling() throws {
    let temp = try TemporaryDirectory()
    let fake = try FakeCompiler(in: temp)
    let first = temp.url.appendingPathComponent("first")
    #expect(bench(["run", "--swiftc", fake.path, "-o", first.path] + Self.sweep).status == 0)
    #expect(fake.invocations == 4 * 3)
    let original = try RecordStore.sweep(first)
    #expect(original.samples.allSatisfy { $0.cacheKey != nil })

    let second = temp.url.appendingPathComponent("second")
    let outcome = bench(["run", "--swiftc", fake.path, "-o", second.path, "--reuse", first.path] + Self.sweep)
    #expect(outcome.status == 0, "\(outcome.transcript)")
    // Per point, the instrumented compile and the two timed ones.
    #expect(outcome.output.contains("Reusing 12 samples from \(first.path)."))
    #expect(fake.invocations == 4 * 3)
    let copied = try RecordStore.sweep(second)
    // The same samples, except that timing entries name this run's copy of each case file.
    #expect(copied.samples.count == original.samples.count)
    let relocated = original.samples.map { sample in
      var sample = sample
      for index in sample.bodies.indices {
        sample.bodies[index].file = sample.bodies[index].file?.replacingOccurrences(of: first.path, with: second.path)
        sample.bodies[index].description = sample.bodies[index].description?.replacingOccurrences(
          of: first.path, with: second.path)
      }
      return sample
    }
    #expect(Set(copied.samples) == Set(relocated))
    #expect(copied.samples.allSatisfy { $0.bodies.allSatisfy { $0.file?.hasPrefix(second.path + "/cases/") == true } })
    #expect(copied.samples.allSatisfy { !$0.bodies.isEmpty })
    #expect(journalLineCount(second) == 12)
  }

  @Test func aLongerSweepCompilesOnlyTheNewPoints() throws {
    let temp = try TemporaryDirectory()
    let fake = try FakeCompiler(in: temp)
    let first = temp.url.appendingPathComponent("first")
    #expect(bench(["run", "--swiftc", fake.path, "-o", first.path] + Self.sweep).status == 0)
    let before = fake.invocations
    let longer = temp.url.appendingPathComponent("longer")
    let arguments = Self.sweep.map { $0 == "1...2" ? "1...3" : $0 }
    #expect(bench(["run", "--swiftc", fake.path, "-o", longer.path, "--reuse", first.path] + arguments).status == 0)
    // Depth 3 of both models: the instrumented compile (the warm-up) and two runs each.
    #expect(fake.invocations - before == 2 * 3)
    #expect(try RecordStore.sweep(longer).samples.count == 18)
  }

  @Test func otherFlagsOrAnotherCompilerInvalidateTheCache() throws {
    let temp = try TemporaryDirectory()
    let fake = try FakeCompiler(in: temp)
    let first = temp.url.appendingPathComponent("first")
    #expect(bench(["run", "--swiftc", fake.path, "-o", first.path] + Self.sweep).status == 0)

    var before = fake.invocations
    let flagged = temp.url.appendingPathComponent("flagged")
    let withFlag = ["--Xfrontend", "-solver-disable-splitter", "--reuse", first.path]
    let outcome = bench(["run", "--swiftc", fake.path, "-o", flagged.path] + withFlag + Self.sweep)
    #expect(outcome.status == 0)
    #expect(outcome.output.contains("Reusing 0 samples from \(first.path)."))
    #expect(fake.invocations - before == 12)

    // The same script under another path, and one that reports another version, are other compilers.
    let copy = try FakeCompiler(in: temp, name: "swiftc-copy")
    let newer = try FakeCompiler(
      in: temp, name: "swiftc-newer", version: "Swift version 6.3.2 (swift-6.3.2-RELEASE)")
    for compiler in [copy, newer] {
      before = compiler.invocations
      let folder = temp.url.appendingPathComponent("with-\(URL(fileURLWithPath: compiler.path).lastPathComponent)")
      #expect(
        bench(["run", "--swiftc", compiler.path, "-o", folder.path, "--reuse", first.path] + Self.sweep).status == 0)
      #expect(compiler.invocations - before == 12)
    }
  }

  @Test func aTimeoutIsNeverReused() throws {
    let temp = try TemporaryDirectory()
    let hung = FaultInjectionTests.when(try FaultInjectionTests.caseIDs()[0], "sleep 5; exit 0")
    let fake = try FakeCompiler(in: temp, scenario: hung)
    let first = temp.url.appendingPathComponent("first")
    let arguments = FaultInjectionTests.sweep + ["--quiet", "--timeout", "0.5"]
    #expect(bench(["run", "--swiftc", fake.path, "-o", first.path] + arguments).status == 0)
    #expect(try RecordStore.sweep(first).samples.first?.outcome == .timeout)
    let before = fake.invocations
    let second = temp.url.appendingPathComponent("second")
    #expect(bench(["run", "--swiftc", fake.path, "-o", second.path, "--reuse", first.path] + arguments).status == 0)
    // Only the timed-out point is compiled again (its instrumented and timed compiles, which time out again).
    #expect(fake.invocations - before == 2)
  }

  @Test func aRunTakenWithOtherJobsIsRefused() throws {
    let temp = try TemporaryDirectory()
    let fake = try FakeCompiler(in: temp)
    let first = temp.url.appendingPathComponent("first")
    #expect(bench(["run", "--swiftc", fake.path, "-o", first.path] + Self.sweep).status == 0)
    let second = temp.url.appendingPathComponent("second")
    let outcome = bench(
      ["run", "--swiftc", fake.path, "-o", second.path, "--reuse", first.path, "--jobs", "2"] + Self.sweep)
    #expect(outcome.status == 64)
    #expect(outcome.errors.first?.contains("was measured with --jobs 1 and this run uses --jobs 2") == true)
    #expect(!FileManager.default.fileExists(atPath: second.path))
  }
}
