import Foundation
import Generators
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// `--meter instructions` with real compiles under cachegrind (tiny cases: a compile runs about 37 times slower),
/// and the refusal of a host without any instruction source. Serialized: one test sets `VALGRIND`.
@Suite(.serialized) struct InstructionMeterTests {
  /// Runs bench in this process and returns its status and its error lines.
  static func bench(_ arguments: [String]) -> (status: Int32, errors: [String]) {
    var errors: [String] = []
    let status = BenchCommandLine.main(arguments, output: { _ in }, errorOutput: { errors.append($0) })
    return (status, errors)
  }

  /// A case is staged at the same path in every run (its characters move the count too), and a stage in use is
  /// never shared: the next compile of that case gets the next free name.
  @Test func aCaseIsStagedAtTheSamePathEachRunButNeverInAStageInUse() throws {
    let folder = try TemporaryDirectory()
    let file = folder.url.appendingPathComponent("nesting-unified-swiftui-k11-pack-d1-w1-group.swift")
    try Data("let x = 1\n".utf8).write(to: file)
    let first = try CountedCompileStage.make(file: file, moduleFolder: nil, root: folder.url)
    let name = first.folder.lastPathComponent
    #expect(name.hasPrefix("tcb-") && name.hasSuffix("0000") && name.count == 20)
    #expect(try String(contentsOf: first.file, encoding: .utf8) == "let x = 1\n")
    let second = try CountedCompileStage.make(file: file, moduleFolder: nil, root: folder.url)
    #expect(second.folder.lastPathComponent == name.dropLast(4) + "0001")
    first.remove()
    second.remove()
    let again = try CountedCompileStage.make(file: file, moduleFolder: nil, root: folder.url)
    #expect(again.folder.lastPathComponent == name)
    again.remove()
    // Another case, another name; the same length.
    let other = try CountedCompileStage.claimFolder(for: "baseline-MiniSwiftUI.swift", in: folder.url)
    #expect(other.lastPathComponent != name && other.lastPathComponent.count == name.count)
  }

  @Test(.enabled(if: Integration.hasCompiler, "needs an installed swiftc"))
  func aHostWithoutAnySourceRefusesWithTheInstallHintAndWritesNothing() throws {
    let folder = try TemporaryDirectory()
    let run = folder.url.appendingPathComponent("run")
    setenv("VALGRIND", folder.url.appendingPathComponent("no-valgrind").path, 1)
    defer { unsetenv("VALGRIND") }
    // Where the kernel exposes a hardware counter, cachegrind is asked for by name: it is the one missing.
    let hardware: Bool
    #if canImport(Glibc)
      hardware = HardwareInstructionCounter.probe().available
    #else
      hardware = true
    #endif
    let source = hardware ? ["--instruction-source", "cachegrind"] : []
    let result = Self.bench(["run", "--depth", "1", "--meter", "instructions", "--quiet", "-o", run.path] + source)
    #expect(result.status == 64)
    #expect(result.errors.count == 1)
    #expect(result.errors.first?.contains("apt-get install valgrind") == true)
    #expect(!FileManager.default.fileExists(atPath: run.path))
  }

  @Test func aMeterOtherThanTimeOrInstructionsIsBadUsage() {
    #expect(Self.bench(["run", "--depth", "1", "--meter", "cycles"]).status == 64)
    #expect(Self.bench(["run", "--depth", "1", "--instruction-source", "cachegrind"]).status == 64)
    #expect(
      Self.bench(["run", "--depth", "1", "--meter", "instructions", "--instruction-source", "papi"]).status == 64)
  }

  #if canImport(Glibc)
    /// The probe agrees with the perf tool, where it is installed: `<not supported>` means no counter.
    @Test func thePerfEventProbeAgreesWithPerfStat() throws {
      guard
        let perf = try? ProcessRunner.run("perf", ["stat", "-x", ",", "-e", "instructions:u", "true"], timeout: 60),
        perf.status.isSuccess
      else { return }
      let text = perf.stderrText
      let probe = HardwareInstructionCounter.probe()
      if text.contains("<not supported>") {
        #expect(!probe.available, "perf says not supported; the probe says available")
      } else if let first = text.split(separator: ",").first, Double(first) != nil {
        #expect(probe.available, "perf counted; the probe says \(probe.failure ?? "?")")
      }
    }
  #endif

  /// Two runs of the same tiny sweep under cachegrind, through a wrapper compiler that logs every call, into run
  /// folders whose paths differ in length (which moved counts by up to 0.45% before counted compiles were staged):
  /// the baseline is planned once per module and toolchain, each point's timed compile is the counted one (its own
  /// count is its total less the baseline) and its instrumented compile runs natively, uncounted, and the two runs
  /// agree to better than 0.01% at every point.
  @Test(.enabled(if: Integration.hasCompiler && Valgrind.available, "needs swiftc and valgrind"), .extended)
  func twoRunsUnderCachegrindAgreeAndTheBaselineIsMeasuredOnce() throws {
    let swiftc = try #require(Integration.swiftc)
    let folder = try TemporaryDirectory()
    let log = folder.url.appendingPathComponent("calls.log")
    let wrapper = try folder.script("swiftc", "printf '%s\\n' \"$*\" >> '\(log.path)'\nexec '\(swiftc)' \"$@\"")
    var records: [RunRecord] = []
    var plans: [[String]] = []
    var nativeCalls: [[String]] = []
    for name in ["a", "b-in-a-folder-of-a-longer-name"] {
      try? FileManager.default.removeItem(at: log)
      let run = folder.url.appendingPathComponent(name)
      let status = Self.bench([
        "run", "--toolchain", "default=\(wrapper)", "--depth", "1...2", "--model", "unified", "--meter",
        "instructions", "--instruction-source", "cachegrind", "--quiet", "-o", run.path,
        // One module (the by-hand count below builds one): the legacy unified surface.
        "--surface", "idealised",
      ]).status
      #expect(status == 0)
      records.append(try Integration.record(run))
      let calls = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
      plans.append(calls.filter { $0.hasPrefix("-### ") })
      nativeCalls.append(calls.filter { !$0.hasPrefix("-### ") && $0.contains("-typecheck") })
    }
    for ((record, planned), native) in zip(zip(records, plans), nativeCalls) {
      let metering = try #require(record.instructionMetering)
      #expect(metering.source == .cachegrind)
      #expect(record.provenance.runs == 1 && record.provenance.warmup == 0)
      // One module, one toolchain: one baseline, planned (swiftc -###) once; each case's timed compile planned
      // once, with the timed flags alone, as the baseline was.
      let baseline = try #require(metering.baselines.first)
      #expect(metering.baselines.count == 1)
      #expect(planned.filter { $0.contains("/baseline-") }.count == 1)
      #expect(planned.filter { $0.contains("/nesting-unified-") }.count == record.cases.count)
      for plan in planned {
        #expect(plan.contains("-debug-time-function-bodies"))
        #expect(!plan.contains("-stats-output-dir") && !plan.contains("-debug-time-expression-type-checking"))
      }
      #expect(baseline.instructions > 10_000_000)
      // Each point: its instrumented compile (native, every instrument, never counted) and one counted timed one.
      #expect(native.count == record.cases.count)
      #expect(native.allSatisfy { $0.contains("-debug-time-expression-type-checking") })
      #expect(record.samples.count == 2 * record.cases.count)
      for sample in record.samples where sample.pass == .instrumented {
        #expect(sample.instructions == nil && sample.baselineInstructions == nil)
        #expect(sample.constraintScopes != nil)
      }
      let timed = record.samples.filter { $0.pass == .timed }
      #expect(timed.count == record.cases.count)
      for sample in timed {
        let total = try #require(sample.instructions)
        #expect(sample.baselineInstructions == baseline.instructions)
        #expect(sample.caseInstructions == total - baseline.instructions)
        #expect(total > baseline.instructions)
      }
    }
    // A/A: every point's total and own count within 0.01% between the two runs.
    let second = Dictionary(
      records[1].samples.filter { $0.pass == .timed }.map { ($0.caseID, $0) }, uniquingKeysWith: { first, _ in first })
    for sample in records[0].samples where sample.pass == .timed {
      let other = try #require(second[sample.caseID])
      for (a, b) in [(sample.instructions, other.instructions), (sample.caseInstructions, other.caseInstructions)] {
        let (x, y) = (try #require(a), try #require(b))
        #expect(abs(x - y) / x < 0.0001, "\(sample.caseID): \(x) and \(y)")
      }
    }
    // bench adds nothing measurable: its count equals cachegrind's own count of the frontend job planned by hand
    // (`swiftc -###` through a shell with -debug-time-function-bodies alone, valgrind's log read for `I refs`),
    // with the module built by hand as well, both staged as bench stages them (CountedCompileStage: a folder
    // tcb-<16 characters> in the temporary directory, here a random one, whose characters move the count by about
    // 0.001%; it is the working directory, PWD and TMPDIR; the modules without their source info).
    let casesFolder = folder.url.appendingPathComponent("a/cases")
    let sample = try #require(records[0].samples.first { $0.pass == .timed })
    let module = try #require(
      try FileManager.default.contentsOfDirectory(atPath: casesFolder.path).first { $0.hasPrefix("Mini") })
    let modules = folder.url.appendingPathComponent("by-hand")
    try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
    let caseFile = casesFolder.appendingPathComponent(sample.caseID + ".swift").path
    let script = """
      set -e
      cd '\(modules.path)'
      '\(swiftc)' -emit-module -wmo -parse-as-library -module-name \(module.dropLast(6)) \
        '\(casesFolder.appendingPathComponent(module).path)' -emit-module-path \(module.dropLast(6)).swiftmodule
      stage=$(mktemp -d "${TMPDIR:-/tmp}/tcb-XXXXXXXXXXXXXXXX")
      trap 'rm -rf "$stage"' EXIT
      mkdir "$stage/m"
      cp \(module.dropLast(6)).swiftmodule \(module.dropLast(6)).swiftdoc "$stage/m/"
      cp '\(caseFile)' "$stage/"
      cd "$stage"
      job=$('\(swiftc)' -### -typecheck "$stage/\(sample.caseID).swift" -I "$stage/m" \
        -Xfrontend -debug-time-function-bodies)
      eval "env -u OLDPWD PWD=$stage TMPDIR=$stage/ valgrind --tool=cachegrind --cache-sim=no \
        --cachegrind-out-file=/dev/null --log-file='\(modules.path)/log.txt' $job" > /dev/null 2>&1
      grep 'I *refs:' '\(modules.path)/log.txt' | sed 's/.*refs://' | tr -dc '0-9'
      """
    let byHand = try ProcessRunner.run("/bin/sh", ["-c", script], timeout: 600)
    let countedText: String = byHand.stdoutText
    let counted = try #require(Double(countedText), "\(byHand.stderrText)")
    let measured = try #require(sample.instructions)
    // Staged alike, the two counts agree as two runs of bench do; -stats-output-dir alone would add 7%
    // (docs/measurement.md), the expression timer more.
    #expect(abs(measured - counted) / counted < 0.0001, "bench \(measured), by hand \(counted)")

    // And compare calls them the same, gating on scopes and instructions.
    var lines: [String] = []
    let status = BenchCommandLine.main(
      [
        "compare", folder.url.appendingPathComponent("a").path,
        folder.url.appendingPathComponent("b-in-a-folder-of-a-longer-name").path,
      ],
      output: { lines.append($0) }, errorOutput: { _ in })
    #expect(status == 0)
    #expect(lines.joined().contains("gate: scopes and instructions"))
  }
}
