import Dispatch
import Foundation
import Generators
import TypeCheckBench
import TypeCheckBenchCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One `swiftc -typecheck` of a generated case with the installed compiler: its diagnostics and, when asked, its
/// solver statistics.
public struct TypeCheckRun: Sendable {
  /// The case's id, for failure messages.
  public var caseID: String
  public var exitStatus: Int32
  /// Every output line that reports an error or a warning (LLVM style, one line per diagnostic).
  public var diagnostics: [String]
  /// `Sema.NumConstraintScopes` from the stats file, when the run wrote one.
  public var constraintScopes: Int?

  /// True when the compiler succeeded without a single error or warning.
  public var isClean: Bool { exitStatus == 0 && diagnostics.isEmpty }

  /// A failure message naming the case and its first diagnostics.
  public var summary: String {
    let shown = diagnostics.prefix(5).joined(separator: "\n  ")
    return "\(caseID): exit status \(exitStatus), \(diagnostics.count) diagnostics\n  \(shown)"
  }

  /// Seconds one compile may run before it is killed and reported as hung (`longRunning` ones get five times as
  /// long): the generator tests' guard against a hang. It counts the compile alone; a test's `.timeLimit` would also
  /// count the wait for a slot, and Swift Testing before 6.3 starts every case of a parameterized test at once, so
  /// each case's clock ran while it queued behind all the others' compiles (past 2 minutes with Swift 6.0.3 on a
  /// loaded 2-core machine).
  public static let compileTimeout = 120.0

  /// Type-checks `generated` in a fresh temporary folder, holding one of the shared compile slots meanwhile.
  /// - Parameters:
  ///   - statistics: also pass `-stats-output-dir` and read the constraint-scope count.
  ///   - longRunning: the compile takes many seconds; it gets the next free slot before shorter ones, and five times
  ///     `compileTimeout`.
  public static func typeCheck(
    _ generated: GeneratedCase, statistics: Bool = false, longRunning: Bool = false
  ) async throws -> TypeCheckRun {
    var moduleFolder: URL?
    if !generated.modules.isEmpty {
      let build = try await BuiltModules.shared.folder(for: generated.modules)
      guard build.run.isClean else { return build.run }
      moduleFolder = build.folder
    }
    return try await CompileSlots.withSlot(longRunning: longRunning) {
      try await typeCheckNow(
        generated, statistics: statistics, moduleFolder: moduleFolder,
        timeout: compileTimeout * (longRunning ? 5 : 1))
    }
  }

  /// Builds `module` with `swiftc -emit-module` (as `bench run` does) into `folder`; the run reports its diagnostics.
  static func buildModule(_ module: FrameworkModule, into folder: URL) async throws -> TypeCheckRun {
    try await CompileSlots.withSlot {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let source = folder.appendingPathComponent(module.fileName)
      try module.source.write(to: source, atomically: true, encoding: .utf8)
      let arguments =
        module.buildArguments(sourcePath: source.path, outputFolder: folder.path) + ["-diagnostic-style", "llvm"]
      let (status, diagnostics) = try await compile(arguments, in: folder, timeout: compileTimeout)
      return TypeCheckRun(caseID: module.name, exitStatus: status, diagnostics: diagnostics, constraintScopes: nil)
    }
  }

  private static func typeCheckNow(
    _ generated: GeneratedCase, statistics: Bool, moduleFolder: URL?, timeout: Double
  ) async throws -> TypeCheckRun {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("tcb-generator-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = folder.appendingPathComponent(generated.fileName)
    try generated.source.write(to: source, atomically: true, encoding: .utf8)
    let statsFolder = folder.appendingPathComponent("stats", isDirectory: true)
    var arguments = ["-typecheck", "-module-name", "GeneratedCase", "-diagnostic-style", "llvm", source.path]
    if let moduleFolder { arguments += ["-I", moduleFolder.path] }
    if statistics {
      // The compiler wants the folder to exist already.
      try FileManager.default.createDirectory(at: statsFolder, withIntermediateDirectories: true)
      arguments += ["-stats-output-dir", statsFolder.path]
    }
    let (status, diagnostics) = try await compile(arguments, in: folder, timeout: timeout)
    return TypeCheckRun(
      caseID: generated.spec.id, exitStatus: status, diagnostics: diagnostics,
      constraintScopes: statistics ? try constraintScopes(in: statsFolder) : nil)
  }

  /// Runs the installed compiler with `arguments` in `folder` through bench's own process runner (both pipes
  /// drained), on a thread of its own so that the test's concurrency pool stays free: the exit status and the
  /// diagnostics, with an error of its own when the compile was killed after `timeout` seconds.
  private static func compile(
    _ arguments: [String], in folder: URL, timeout: Double
  ) async throws -> (Int32, [String]) {
    let swiftc = try InstalledCompiler.required()
    let result = try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(
          with: Result { try ProcessRunner.run(swiftc, arguments, workingDirectory: folder, timeout: timeout) })
      }
    }
    var diagnostics = (result.stdoutText + result.stderrText).split(separator: "\n").map(String.init).filter {
      $0.contains("error:") || $0.contains("warning:")
    }
    if result.timedOut {
      diagnostics.append("error: the compile was killed after \(Int(timeout)) s (a hang?)")
    }
    let status: Int32 =
      switch result.status {
      case .exited(let code): code
      default: -1
      }
    return (status, diagnostics)
  }

  /// `Sema.NumConstraintScopes` as bench reads it (`CompilerStatistics`) from what the compiler wrote into `folder`:
  /// 0 when absent, since the compiler writes only non-zero counters.
  private static func constraintScopes(in folder: URL) throws -> Int {
    Int(try CompilerStatistics.read(folder: folder)?[StatName.constraintScopes] ?? 0)
  }
}
