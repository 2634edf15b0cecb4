import Foundation
import Generators
import TypeCheckBenchCore

extension RunCommand {
  /// The measurement version of a sweep (`SweepKind.measurementVersion`).
  static var measurementVersion: Int { SweepKind().measurementVersion }

  /// Where, how and by what a run was measured: the host, the command line, the settings of `plan`.
  static func provenance(of plan: RunPlan, arguments: [String]) -> Provenance {
    .measuring(
      command: "run", arguments: arguments, measurementVersion: measurementVersion, runs: plan.runs,
      warmup: plan.warmup, timeout: plan.timeout, jobs: plan.jobs, shard: plan.shard)
  }

  /// A readable, sortable run id: UTC time plus the families swept (or the template's name).
  static func runID(families: [CaseFamily], template: TemplateSweep? = nil) -> String {
    let stamp = HostFacts.runIDStamp()
    if let template { return stamp + "-template-" + template.name }
    return stamp + "-" + families.map(\.rawValue).joined(separator: "+")
  }

  /// The compilers a run measures, said before the first compile: `Toolchains: default = /path (Swift 6.3.1, release, x86_64-unknown-linux-gnu)`, and
  /// with `--toolchain` that the default swiftc is not among them unless named.
  static func toolchainLine(_ toolchains: [ToolchainInfo], named: Bool) -> String {
    let list = toolchains.map(\.assignmentLabel)
    let note =
      named && !toolchains.contains { $0.name == "default" }
      ? "; the default swiftc is not measured (--toolchain replaces it; add --toolchain default=PATH to keep it)" : ""
    return "Toolchains: " + list.joined(separator: ", ") + note
  }
}
