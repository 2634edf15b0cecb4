import Foundation
import TypeCheckBenchCore

/// One measured `swiftc -typecheck` of one case file: the compile, its statistics, its timings and its outcome.
///
/// `measure` has no state and no effect besides a scratch folder it removes, so a sweep can call it for warm-up
/// runs and discard the sample.
public enum TypeCheckMeasurement {
  /// Compiles `file` once with `toolchain` and returns the sample.
  /// - Parameters:
  ///   - file: The generated Swift file.
  ///   - caseLines: The lines of the case's own code in `file` (the rest is the miniature framework).
  ///   - caseID: `CaseSpec.id` of the case, recorded in the sample.
  ///   - toolchain: The compiler configuration; its `extraFlags` follow the timing flags.
  ///   - iteration: The sample's index among the measured runs of this point.
  ///   - timeout: Seconds before the compile is killed and the sample becomes a `timeout`.
  ///   - scratch: An existing folder for the compile's statistics folder, which is removed afterwards.
  ///   - moduleFolder: The folder holding the built framework module the case imports (module form), or nil.
  ///   - pass: Which kind of compile this is; `MeasurementFlags` decides its flags.
  ///   - needsStatsTimer: For a timed compile, whether its point's time is read from the stats timer (its
  ///     instrumented compile printed no case body), so that it must write statistics too (never when counted).
  ///   - counting: With `--meter instructions`, how a timed compile's frontend jobs are run and counted
  ///     (`MeasurementFlags.isCounted`); the sample's `instructions` is their total, its `baselineInstructions` is
  ///     `baseline`. An instrumented compile is never counted: it runs natively whatever the meter.
  /// - Throws: `BenchError.interrupted` when `ProcessRunner.interruptAll()` stopped the compile;
  ///   `BenchError.software` when swiftc cannot run or an ok compile wrote no statistics it was asked for;
  ///   `BenchError.io` when the scratch folder cannot be used or the disk is full.
  public static func measure(
    file: URL, caseLines: ClosedRange<Int>, caseID: String, toolchain: ToolchainInfo, iteration: Int,
    timeout: Double, scratch: URL, moduleFolder: URL? = nil, extraStats: Set<String> = [],
    pass: CompilePass = .timed, needsStatsTimer: Bool = false, counting: InstructionCounting? = nil,
    baseline: Double? = nil
  ) throws -> TypeCheckSample {
    let metered = counting != nil
    let statsFolder =
      MeasurementFlags.writesStatistics(pass, needsStatsTimer: needsStatsTimer, metered: metered)
      ? try CompilerStatistics.freshFolder(in: scratch) : nil
    defer { if let statsFolder { try? FileManager.default.removeItem(at: statsFolder) } }

    let result: ProcessResult
    var instructions: Double?
    // The file the compiler reads: the case file, or for a counted compile its staged copy.
    var compiled = file
    if let counting, MeasurementFlags.isCounted(pass, metered: metered) {
      let stage = try CountedCompileStage.make(file: file, moduleFolder: moduleFolder)
      defer { stage.remove() }
      compiled = stage.file
      (result, instructions) = try counting.compile(
        swiftc: toolchain.swiftcPath,
        arguments: MeasurementFlags.arguments(
          pass, file: stage.file, statsFolder: statsFolder, moduleFolder: stage.moduleFolder) + toolchain.extraFlags,
        timeout: timeout, stage: stage, inRoot: toolchain.wrappedCompiler != nil)
    } else {
      result = try ProcessRunner.run(
        toolchain.swiftcPath,
        MeasurementFlags.arguments(pass, file: file, statsFolder: statsFolder, moduleFolder: moduleFolder)
          + toolchain.extraFlags,
        timeout: timeout)
    }
    if result.interrupted {
      throw BenchError.interrupted("interrupted while compiling \(caseID)")
    }
    var verdict = CompileVerdict(status: result.status, timedOut: result.timedOut, stderrBytes: result.stderr)
    // Diagnostics name the file by its full path (scratch or stage); the file name alone keeps details comparable.
    verdict.detail = verdict.detail?.replacingOccurrences(of: compiled.path, with: file.lastPathComponent)

    // On a full disk the compiler writes an empty statistics file (or fails): that is the disk, not the compiler.
    if verdict.outcome.isFailure, DiskSpace.isFull(at: scratch) {
      throw DiskSpace.fullError(at: scratch, while: "cannot measure \(caseID)")
    }
    let stats = try statsFolder.flatMap {
      try statistics(in: $0, extra: extraStats, outcome: verdict.outcome, caseID: caseID, toolchain: toolchain)
    }

    let timings = caseTimings(in: result.stderr, caseLines: caseLines, compiled: compiled, file: file)
    var caseMilliseconds = timings.topLevelMilliseconds
    // A compile killed at the timeout took at least the timeout: the bodies that finished before the kill are
    // not its lower bound.
    if verdict.outcome == .timeout { caseMilliseconds = timeout * 1000 }

    return TypeCheckSample(
      caseID: caseID, toolchain: toolchain.name, iteration: iteration, pass: pass, outcome: verdict.outcome,
      detail: verdict.detail, wallSeconds: result.wallSeconds, userSeconds: result.userSeconds,
      systemSeconds: result.systemSeconds, maxRSSBytes: result.maxRSSBytes, caseMilliseconds: caseMilliseconds,
      stats: stats ?? [:], bodies: timings.bodies, expressions: timings.expressions,
      instructions: instructions, baselineInstructions: instructions == nil ? nil : baseline)
  }

  /// The statistics an `outcome` compile wrote to `folder`; nil when it wrote none, which an ok compile must not.
  /// A full disk is said as such (the compiler writes an empty file or fails there).
  static func statistics(
    in folder: URL, extra: Set<String>, outcome: Outcome, caseID: String, toolchain: ToolchainInfo
  ) throws -> [String: Double]? {
    let stats: [String: Double]?
    do {
      stats = try CompilerStatistics.read(folder: folder, extra: extra)
    } catch {
      if DiskSpace.isFull(at: folder) {
        throw DiskSpace.fullError(at: folder, while: "cannot read the compiler statistics of \(caseID)")
      }
      throw error
    }
    if stats == nil, outcome == .ok {
      throw BenchError.software(
        "\(toolchain.swiftcPath) wrote no statistics for \(caseID) (with -stats-output-dir \(folder.path))")
    }
    return stats
  }

  /// The case's own timings in a compile's output: its function bodies and expressions within `caseLines` of the
  /// compiled file (named as `file` when `compiled` is a staged copy), and the sum of its top-level bodies.
  ///
  /// The log is parsed from the bytes the compiler wrote, and its entries folded one at a time: the instrumented
  /// compile of a case the solver gives up on prints hundreds of thousands of expression lines.
  static func caseTimings(
    in output: Data, caseLines: ClosedRange<Int>, compiled: URL, file: URL
  ) -> (bodies: [TimingEntry], expressions: [TimingEntry], topLevelMilliseconds: Double?) {
    var parser = TimingLogParser()
    parser.consume(output)
    // Large cases print thousands of lines naming a handful of paths: resolve each path once.
    var isCaseFile: [String: Bool] = [:]
    var last: (file: String, isCase: Bool)?
    let relocates = compiled != file
    var bodies = TimingEntry.Merger()
    var expressions = TimingEntry.Merger()
    // Closure bodies are timed inside their enclosing body already: adding them would count them twice.
    var topLevelMilliseconds: Double?
    _ = parser.finish { entry in
      guard let entryFile = entry.file, let line = entry.line, caseLines.contains(line) else { return }
      let inCase: Bool
      if let last, last.file == entryFile {
        inCase = last.isCase
      } else {
        inCase = isCaseFile[entryFile] ?? isSameFile(entryFile, compiled)
        isCaseFile[entryFile] = inCase
        last = (entryFile, inCase)
      }
      guard inCase else { return }
      let moved = relocates ? entry.relocated(fileName: file.lastPathComponent, to: file.path) : entry
      if moved.kind == .function {
        bodies.add(moved)
        if !moved.isClosure { topLevelMilliseconds = (topLevelMilliseconds ?? 0) + moved.milliseconds }
      } else {
        expressions.add(moved)
      }
    }
    return (bodies.entries, expressions.entries, topLevelMilliseconds)
  }

  /// True when `printed` (a path as the compiler printed it) names `file`.
  static func isSameFile(_ printed: String, _ file: URL) -> Bool {
    if printed == file.path { return true }
    // The compiler prints the path as it was given; compare resolved forms for anything else.
    return URL(fileURLWithPath: printed).standardizedFileURL.resolvingSymlinksInPath().path
      == file.standardizedFileURL.resolvingSymlinksInPath().path
  }
}
