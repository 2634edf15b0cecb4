import Foundation
import TypeCheckBenchCore

/// One frontend compile of a corpus case: `swiftc -frontend -typecheck` for a scale test at one N (as
/// `utils/scale-test` runs it, type-check only), the verifier's compile for a `%target-typecheck-verify-swift`
/// line, or a `%target-swift-frontend -typecheck` line's compile as written; statistics from `-stats-output-dir`,
/// kept only where the test reads them.
enum CorpusMeasurement {
  /// The arguments after `swiftc` for `line` compiling `file`, writing statistics into `statsFolder`; lit's
  /// target-triple substitutions become `targetTriple` (the toolchain's own target).
  static func arguments(
    line: CorpusRunLine, file: URL, statsFolder: URL, toolchainFlags: [String], targetTriple: String
  ) -> [String] {
    func target(_ words: [String]) -> [String] { CorpusRunLine.substitutingTarget(words, triple: targetTriple) }
    return switch line {
    case .scaleTest(let options):
      ["-frontend", "-typecheck", "-primary-file", file.path] + target(options.frontendFlags) + toolchainFlags
        + ["-stats-output-dir", statsFolder.path]
    case .verify(let flags):
      ["-frontend"] + CorpusRunLine.verifyFlags + target(flags) + toolchainFlags
        + [file.path, "-stats-output-dir", statsFolder.path]
    case .frontend(let given):
      ["-frontend"] + CorpusRunLine.frontendFlags + target(given).map { $0 == "%s" ? file.path : $0 } + toolchainFlags
        + ["-stats-output-dir", statsFolder.path]
    }
  }

  /// The target triple `swiftc --version` names (`Target: x86_64-unknown-linux-gnu`), or nil.
  static func targetTriple(versionText: String) -> String? {
    for line in versionText.split(separator: "\n") where line.hasPrefix("Target: ") {
      let triple = line.dropFirst("Target: ".count).trimmingCharacters(in: .whitespaces)
      if !triple.isEmpty { return triple }
    }
    return nil
  }

  /// The statistics a corpus sample keeps: the counters a scale line selects, and the scopes (for comparisons).
  static func keeps(_ name: String, line: CorpusRunLine) -> Bool {
    if name == StatName.constraintScopes || name == StatName.leafScopes { return true }
    if case .scaleTest(let options) = line { return !name.hasPrefix("time.") && name.contains(options.select) }
    return false
  }

  /// Compiles `file` once and returns its sample.
  /// - Throws: `BenchError.interrupted` when an interrupt stopped the compile; `BenchError.io` or `.software` when
  ///   the scratch folder or the compiler cannot be used.
  static func measure(
    file: URL, caseID: String, line: CorpusRunLine, toolchain: ToolchainInfo, timeout: Double, scratch: URL
  ) throws -> TypeCheckSample {
    let statsFolder = try CompilerStatistics.freshFolder(in: scratch)
    defer { try? FileManager.default.removeItem(at: statsFolder) }
    guard let triple = targetTriple(versionText: toolchain.versionText) ?? (line.usesTargetTriple ? nil : "") else {
      throw BenchError.software(
        "\(caseID): \(toolchain.name)'s --version names no Target:, which the RUN line's target-triple substitution needs"
      )
    }
    let result = try ProcessRunner.run(
      toolchain.swiftcPath,
      arguments(
        line: line, file: file, statsFolder: statsFolder, toolchainFlags: toolchain.extraFlags, targetTriple: triple),
      timeout: timeout)
    if result.interrupted { throw BenchError.interrupted("interrupted while compiling \(caseID)") }
    let stderr = result.stderrText
    var verdict: CompileVerdict
    if line.isVerifier {
      let source = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
      verdict = verifierVerdict(status: result.status, timedOut: result.timedOut, stderr: stderr, source: source)
    } else {
      verdict = CompileVerdict(status: result.status, timedOut: result.timedOut, stderr: stderr)
    }
    verdict.detail = verdict.detail?.replacingOccurrences(of: file.path, with: file.lastPathComponent)
    var stats = (try CompilerStatistics.read(folder: statsFolder) ?? [:]).filter { keeps($0.key, line: line) }
    if case .exited(let code) = result.status, code != 0 { stats[CorpusMeasurementKeys.exitStatus] = Double(code) }
    return RecordValidation.quarantined(
      TypeCheckSample(
        caseID: caseID, toolchain: toolchain.name, iteration: 0, outcome: verdict.outcome, detail: verdict.detail,
        wallSeconds: result.wallSeconds, userSeconds: result.userSeconds, systemSeconds: result.systemSeconds,
        maxRSSBytes: result.maxRSSBytes, caseMilliseconds: nil, stats: stats))
  }

  /// The verifier's verdict: exit 0 is `ok` (every expected diagnostic was produced and no other); otherwise
  /// `too-complex` when a complaint concerns the solver's limits (an unexpected "reasonable time" error, or an
  /// expected one, on a line of `source` that expects it, not produced or worded otherwise), else `error` with the
  /// first complaint.
  static func verifierVerdict(status: ProcessStatus, timedOut: Bool, stderr: String, source: String)
    -> CompileVerdict
  {
    if timedOut { return CompileVerdict(outcome: .timeout) }
    if let signal = status.signalName { return CompileVerdict(outcome: .crash, detail: signal) }
    if status == .exited(0) { return CompileVerdict(outcome: .ok) }
    let general = CompileVerdict(status: status, timedOut: false, stderr: stderr)
    if general.outcome == .crash { return general }
    let errors = stderr.split(separator: "\n").filter { $0.contains("error: ") }
    let sourceLines = source.split(separator: "\n", omittingEmptySubsequences: false)
    func mentionsSolverLimit(_ text: Substring) -> Bool {
      text.contains("reasonable time") || text.contains("too complex")
    }
    // `file:LINE:COL: error: expected error not produced` points at the line holding the expectation.
    func expectsSolverLimit(_ complaint: Substring) -> Bool {
      let parts = complaint.split(separator: ":", maxSplits: 3)
      guard parts.count >= 3, let line = Int(parts[1]), line >= 1, line <= sourceLines.count else { return false }
      return mentionsSolverLimit(sourceLines[line - 1])
    }
    if let solver = errors.first(where: { mentionsSolverLimit($0) || expectsSolverLimit($0) }) {
      return CompileVerdict(outcome: .tooComplex, detail: String(solver))
    }
    return CompileVerdict(outcome: .error, detail: errors.first.map(String.init) ?? "swiftc ended with \(status)")
  }
}
