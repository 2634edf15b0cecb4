import Foundation
import Generators
import TypeCheckBenchCore

/// Validity first: a template's smallest and largest instances are type-checked once before anything is measured,
/// so that a broken template is never reported as a slow one.
public enum TemplateValidity {
  /// Type-checks each of `cases` once with `toolchain`. An instance that type-checks, or that the solver gives up on
  /// ("unable to type-check this expression in reasonable time"), or that hits `timeout`, passes: those are
  /// measurements. Any other failure stops the sweep.
  /// - Parameter folder: where the instances are written; a failing one stays there for the user to open.
  /// - Throws: `BenchError.data` (exit 65) with the compiler's first error and the instance's file;
  ///   `BenchError.software` when swiftc cannot run; `BenchError.interrupted`.
  /// - Parameter form: the framework form the run measures in: in `.module` form the modules the instances import
  ///   are built first (into `folder`), so that an instance is checked exactly as it is measured (a template's own
  ///   declaration may shadow an imported miniature name, where inline it would clash).
  public static func check(
    _ cases: [CaseSpec], form: FrameworkForm = .module, toolchain: ToolchainInfo, timeout: Double, folder: URL,
    onCheck: (CaseSpec) -> Void = { _ in }
  ) throws {
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw BenchError.io("cannot create \(folder.path): \(BenchError.reason(error))")
    }
    var importPath: [String] = []
    if form == .module {
      for module in CaseGenerator.modules(for: cases) {
        let source = folder.appendingPathComponent(module.fileName)
        try AtomicFile.write(module.source, to: source)
        _ = try FrameworkModuleBuilder.build(
          module, source: source, toolchain: toolchain, outputFolder: folder, scratch: folder, timeout: timeout)
      }
      importPath = ["-I", folder.path]
    }
    for spec in cases {
      onCheck(spec)
      let generated = CaseGenerator.generate(spec, form: form)
      let file = folder.appendingPathComponent(generated.fileName)
      try AtomicFile.write(generated.source, to: file)
      let result = try ProcessRunner.run(
        toolchain.swiftcPath, ["-typecheck"] + importPath + [file.path] + toolchain.extraFlags, timeout: timeout)
      if result.interrupted { throw BenchError.interrupted("interrupted while checking \(spec.id)") }
      let verdict = CompileVerdict(status: result.status, timedOut: result.timedOut, stderr: result.stderrText)
      switch verdict.outcome {
      case .ok, .tooComplex, .timeout, .badData:
        try? FileManager.default.removeItem(at: file)
      case .error, .crash:
        // A crash's detail is the signal's name: said once.
        let what =
          verdict.outcome == .crash
          ? "crashed the compiler (\(verdict.detail ?? "a signal"))"
          : "does not type-check: \(verdict.detail ?? "no diagnostic")"
        throw BenchError.data(
          "template instance \(spec.template?.parameterText ?? spec.id)"
            + (spec.template?.imports.any == true ? " (\(spec.model.rawValue))" : "")
            + " \(what) (the instance is \(file.path))")
      }
    }
  }
}
