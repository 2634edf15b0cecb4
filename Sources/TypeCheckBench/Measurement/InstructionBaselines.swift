import Foundation
import Generators
import TypeCheckBenchCore

/// The import-only baselines of a `--meter instructions` run: each distinct preamble of its cases (the framework
/// module's `import`) compiled alone, once per toolchain, exactly as the cases' timed compiles are compiled and
/// counted (`MeasurementFlags`: the timed flags, the toolchain's own, the frontend jobs counted).
public enum InstructionBaselines {
  /// Measures the baselines `record`'s cases need, skipping those `record.instructionMetering` already holds (a
  /// resumed run keeps its first).
  /// - Throws: `BenchError.software` when a preamble does not compile cleanly or is not counted.
  public static func measure(
    for record: RunRecord, folder: RunFolder, counting: InstructionCounting
  ) throws -> [InstructionBaseline] {
    let scratch = folder.scratchURL
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    var baselines = record.instructionMetering?.baselines ?? []
    for (index, toolchain) in record.toolchains.enumerated() {
      // The preambles of the cases this toolchain compiles (a fidelity run gives SDK cases their own compiler).
      var preambles: [BaselinePreamble] = []
      var seen: Set<String> = []
      for spec in record.cases where record.measures(spec, with: toolchain) {
        let preamble = BaselinePreamble(of: CaseGenerator.generate(spec, form: record.frameworkForm))
        if seen.insert(preamble.key).inserted { preambles.append(preamble) }
      }
      for preamble in preambles
      where !baselines.contains(where: { $0.key == preamble.key && $0.toolchain == toolchain.name }) {
        let file = scratch.appendingPathComponent(preamble.fileName)
        try AtomicFile.write(preamble.source, to: file)
        defer { try? FileManager.default.removeItem(at: file) }
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
        baselines.append(
          InstructionBaseline(
            key: preamble.key, label: preamble.label, toolchain: toolchain.name, instructions: instructions))
      }
    }
    return baselines
  }
}
