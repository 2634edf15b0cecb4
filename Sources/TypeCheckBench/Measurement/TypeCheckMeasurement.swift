import Foundation
import TypeCheckBenchCore

/// One measured `swiftc -typecheck` of one case file: the compile, its statistics, its timings and its outcome.
///
/// `measure` has no state and no effect besides a scratch folder it removes, so a sweep can call it for warm-up
/// runs and discard the sample.
public enum TypeCheckMeasurement {
  /// The frontend flags that print body and expression times. Since Swift 6.2 expression timings print only while an
  /// expression timer is armed; the warning limit arms one that never fires.
  public static let frontendTimingFlags = [
    "-debug-time-function-bodies", "-debug-time-expression-type-checking", "-warn-long-expression-type-checking=100000",
  ]

  /// The swiftc arguments every measured compile gets, before the toolchain's extra flags.
  public static let timingFlags = frontendTimingFlags.flatMap { ["-Xfrontend", $0] }

  /// The swiftc arguments for measuring `file`, writing statistics to `statsFolder`, with the framework modules it
  /// imports in `moduleFolder` (module form).
  public static func arguments(
    file: URL, statsFolder: URL, extraFlags: [String], moduleFolder: URL? = nil
  ) -> [String] {
    ["-typecheck", file.path] + (moduleFolder.map { ["-I", $0.path] } ?? []) + timingFlags
      + ["-stats-output-dir", statsFolder.path] + extraFlags
  }

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
  ///   - counting: With `--meter instructions`, how the compile's frontend jobs are run and counted; the sample's
  ///     `instructions` is their total, and its `baselineInstructions` is `baseline`.
  /// - Throws: `BenchError.interrupted` when `ProcessRunner.interruptAll()` stopped the compile;
  ///   `BenchError.software` when swiftc cannot run or an ok compile wrote no statistics; `BenchError.io` when the
  ///   scratch folder cannot be used.
  public static func measure(
    file: URL, caseLines: ClosedRange<Int>, caseID: String, toolchain: ToolchainInfo, iteration: Int,
    timeout: Double, scratch: URL, moduleFolder: URL? = nil, extraStats: Set<String> = [],
    counting: InstructionCounting? = nil, baseline: Double? = nil
  ) throws -> TypeCheckSample {
    let statsFolder = try CompilerStatistics.freshFolder(in: scratch)
    defer { try? FileManager.default.removeItem(at: statsFolder) }

    let compileArguments = arguments(
      file: file, statsFolder: statsFolder, extraFlags: toolchain.extraFlags, moduleFolder: moduleFolder)
    let result: ProcessResult
    var instructions: Double?
    // The compile whose output holds the counters and the expression times: the measured one, unless instructions
    // are counted.
    var instrumented: ProcessResult?
    if let counting {
      // The counted compile carries -debug-time-function-bodies alone, which costs no instructions: the expression
      // timer's thousands of printed times and -stats-output-dir's timers cost instructions that differ from run to
      // run (measured on unified depth 1's own count: 0.014% and 0.02% between two runs, against 0.0005% without
      // them). The counters and expression times come from a second, native compile with every instrument.
      (result, instructions) = try counting.compile(
        swiftc: toolchain.swiftcPath,
        arguments: countedArguments(file: file, extraFlags: toolchain.extraFlags, moduleFolder: moduleFolder),
        timeout: timeout, scratch: scratch)
      if !result.interrupted {
        instrumented = try ProcessRunner.run(toolchain.swiftcPath, compileArguments, timeout: timeout)
      }
    } else {
      result = try ProcessRunner.run(toolchain.swiftcPath, compileArguments, timeout: timeout)
    }
    if result.interrupted || instrumented?.interrupted == true {
      throw BenchError.interrupted("interrupted while compiling \(caseID)")
    }
    let stderr = result.stderrText
    var verdict = CompileVerdict(status: result.status, timedOut: result.timedOut, stderr: stderr)
    // Diagnostics name the file by its full scratch path; the file name alone keeps details comparable.
    verdict.detail = verdict.detail?.replacingOccurrences(of: file.path, with: file.lastPathComponent)

    let stats = try CompilerStatistics.read(folder: statsFolder, extra: extraStats)
    if stats == nil, verdict.outcome == .ok, instrumented.map({ !$0.timedOut }) ?? true {
      throw BenchError.software(
        "\(toolchain.swiftcPath) wrote no statistics for \(caseID) (with -stats-output-dir \(statsFolder.path))")
    }

    let inCase = caseEntries(in: stderr, caseLines: caseLines, file: file)
    let bodies = inCase.filter { $0.kind == .function }
    let expressions = (instrumented.map { caseEntries(in: $0.stderrText, caseLines: caseLines, file: file) } ?? inCase)
      .filter { $0.kind == .expression }
    // Closure bodies are timed inside their enclosing body already: adding them would count them twice.
    let topLevel = bodies.filter { !$0.isClosure }
    let caseMilliseconds = topLevel.isEmpty ? nil : topLevel.reduce(0) { $0 + $1.milliseconds }

    return TypeCheckSample(
      caseID: caseID, toolchain: toolchain.name, iteration: iteration, outcome: verdict.outcome,
      detail: verdict.detail, wallSeconds: result.wallSeconds, userSeconds: result.userSeconds,
      systemSeconds: result.systemSeconds, maxRSSBytes: result.maxRSSBytes, caseMilliseconds: caseMilliseconds,
      stats: stats ?? [:], bodies: TimingEntry.merged(bodies), expressions: TimingEntry.merged(expressions),
      instructions: instructions, baselineInstructions: instructions == nil ? nil : baseline)
  }

  /// The swiftc arguments of a counted compile (`--meter instructions`): `-debug-time-function-bodies` alone, which
  /// costs no instructions, and the toolchain's flags.
  public static func countedArguments(file: URL, extraFlags: [String], moduleFolder: URL? = nil) -> [String] {
    ["-typecheck", file.path] + (moduleFolder.map { ["-I", $0.path] } ?? [])
      + ["-Xfrontend", "-debug-time-function-bodies"] + extraFlags
  }

  /// The timing entries of `stderr` in the case's own lines of `file`.
  static func caseEntries(in stderr: String, caseLines: ClosedRange<Int>, file: URL) -> [TimingEntry] {
    let log = TimingLogParser.parse(stderr)
    // Large cases print thousands of lines naming a handful of paths: resolve each path once.
    var isCaseFile: [String: Bool] = [:]
    return log.entries.filter { entry in
      guard let entryFile = entry.file, let line = entry.line, caseLines.contains(line) else { return false }
      if let known = isCaseFile[entryFile] { return known }
      let same = isSameFile(entryFile, file)
      isCaseFile[entryFile] = same
      return same
    }
  }

  /// True when `printed` (a path as the compiler printed it) names `file`.
  static func isSameFile(_ printed: String, _ file: URL) -> Bool {
    if printed == file.path { return true }
    // The compiler prints the path as it was given; compare resolved forms for anything else.
    return URL(fileURLWithPath: printed).standardizedFileURL.resolvingSymlinksInPath().path
      == file.standardizedFileURL.resolvingSymlinksInPath().path
  }
}
