import Foundation
import Generators
import TypeCheckBenchCore

/// Builds the framework modules a module-form sweep imports: each module once per toolchain, with that toolchain's
/// `swiftc -emit-module` and flags, before any case is measured.
public enum FrameworkModuleBuilder {
  /// The folder a toolchain's built modules go into under `scratch` (one per toolchain: the same module built by two
  /// compilers differs).
  public static func moduleFolder(scratch: URL, toolchainIndex: Int) -> URL {
    scratch.appendingPathComponent("modules-\(toolchainIndex)", isDirectory: true)
  }

  /// Builds `module` (its source already written at `source`) with `toolchain` into `outputFolder`, or copies the
  /// build from `ModuleBuildCache` when it holds one.
  /// - Returns: the build's wall time and statistics.
  /// - Throws: `BenchError.software` in one line naming the module, the toolchain and the first compiler error when
  ///   the module does not build; `BenchError.interrupted` when an interrupt stopped it; `BenchError.io` when the
  ///   scratch folders cannot be made.
  public static func build(
    _ module: FrameworkModule, source: URL, toolchain: ToolchainInfo, outputFolder: URL, scratch: URL,
    timeout: Double
  ) throws -> ModuleBuild {
    if let cached = ModuleBuildCache.restore(module, toolchain: toolchain, into: outputFolder) { return cached }
    let statsFolder = scratch.appendingPathComponent("module-stats-\(UUID().uuidString)", isDirectory: true)
    do {
      try FileManager.default.createDirectory(at: outputFolder, withIntermediateDirectories: true)
      try FileManager.default.createDirectory(at: statsFolder, withIntermediateDirectories: true)
    } catch {
      throw BenchError.io("cannot create \(statsFolder.path): \(BenchError.reason(error))")
    }
    defer { try? FileManager.default.removeItem(at: statsFolder) }
    let arguments =
      module.buildArguments(sourcePath: source.path, outputFolder: outputFolder.path)
      + ["-stats-output-dir", statsFolder.path] + toolchain.extraFlags
    let result = try ProcessRunner.run(toolchain.swiftcPath, arguments, timeout: timeout)
    if result.interrupted { throw BenchError.interrupted("interrupted while building module \(module.name)") }
    let verdict = CompileVerdict(status: result.status, timedOut: result.timedOut, stderr: result.stderrText)
    guard verdict.outcome == .ok else {
      let reason =
        verdict.outcome == .timeout
        ? "timed out after \(NumberFormat.compact(timeout, digits: 6)) s"
        : (verdict.detail ?? verdict.outcome.rawValue).replacingOccurrences(
          of: source.path, with: source.lastPathComponent)
      throw BenchError.software(
        "module \(module.name) does not build with toolchain \(toolchain.name) (\(toolchain.swiftcPath), "
          + "\(toolchain.identity)): \(reason)")
    }
    let build = ModuleBuild(
      module: module.name, toolchain: toolchain.name, wallSeconds: result.wallSeconds,
      stats: try CompilerStatistics.read(folder: statsFolder) ?? [:])
    ModuleBuildCache.store(module, toolchain: toolchain, from: outputFolder, build: build)
    return build
  }
}
