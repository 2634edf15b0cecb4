import Foundation
import Generators
import TypeCheckBenchCore

/// The import-only baselines of a `--meter instructions` run: each distinct preamble of its cases (the framework
/// module's `import`) compiled alone, once per toolchain, exactly as the cases' timed compiles are compiled and
/// counted (`MeasurementFlags`: the timed flags, the toolchain's own, the frontend jobs counted).
public enum InstructionBaselines {
  /// Measures the baselines `record`'s cases need, skipping those `record.instructionMetering` already holds (a
  /// resumed run keeps its first), `record.provenance.jobs` at once: a count does not depend on what runs beside it.
  /// - Parameter scratch: The run's scratch folder, where the preambles are written and compiled.
  /// - Throws: `BenchError.software` when a preamble does not compile cleanly or is not counted.
  public static func measure(
    for record: RunRecord, scratch: URL, counting: InstructionCounting
  ) throws -> [InstructionBaseline] {
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    var baselines = record.instructionMetering?.baselines ?? []
    // Every (toolchain, preamble) still to count, in toolchain then case order.
    var wanted: [(index: Int, toolchain: ToolchainInfo, preamble: BaselinePreamble)] = []
    for (index, toolchain) in record.toolchains.enumerated() {
      // The preambles of the cases this toolchain compiles (a fidelity run gives SDK cases their own compiler).
      var seen: Set<String> = []
      for spec in record.cases where record.measures(spec, with: toolchain) {
        let preamble = BaselinePreamble(of: CaseGenerator.generate(spec, form: record.frameworkForm))
        guard seen.insert(preamble.key).inserted,
          !baselines.contains(where: { $0.key == preamble.key && $0.toolchain == toolchain.name })
        else { continue }
        wanted.append((index, toolchain, preamble))
      }
    }
    let work = wanted
    let results = ParallelWork.map(count: work.count, workers: record.provenance.jobs) { position in
      let (index, toolchain, preamble) = work[position]
      // A folder per baseline (several are counted at once), the file under its own name: the counted compile
      // stages a copy of it by that name (`CountedCompileStage`).
      let own = scratch.appendingPathComponent("baseline-\(position)", isDirectory: true)
      try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: own) }
      let file = own.appendingPathComponent(preamble.fileName)
      try AtomicFile.write(preamble.source, to: file)
      let sample = try TypeCheckMeasurement.measure(
        file: file, caseLines: 1...1, caseID: "baseline", toolchain: toolchain, iteration: 0,
        timeout: record.provenance.timeoutSeconds, scratch: scratch,
        moduleFolder: record.frameworkForm == .module
          ? FrameworkModuleBuilder.moduleFolder(scratch: scratch, toolchainIndex: index) : nil,
        pass: .timed, counting: counting)
      guard sample.outcome == .ok, let instructions = sample.instructions else {
        throw BenchError.software(
          "the import-only baseline (\(preamble.label)) did not compile cleanly with toolchain \(toolchain.name): "
            + (sample.detail ?? sample.outcome.rawValue))
      }
      return InstructionBaseline(
        key: preamble.key, label: preamble.label, toolchain: toolchain.name, instructions: instructions)
    }
    for result in results { baselines.append(try result!.get()) }
    return baselines
  }
}
