import Foundation
import TypeCheckBenchCore

extension Provenance {
  /// The provenance of a record about to be measured: this bench, its checkout and this host, `bench COMMAND
  /// ARGUMENTS…`, started now and not finished. The one place `bench run`, `bench corpus` and `bench fidelity` make
  /// it.
  static func measuring(
    command: String, arguments: [String], measurementVersion: Int, runs: Int, warmup: Int, timeout: Double, jobs: Int,
    shard: String? = nil
  ) -> Provenance {
    Provenance(
      benchVersion: HostFacts.benchVersion, gitRevision: HostFacts.gitRevision(),
      measurementVersion: measurementVersion, commandLine: ["bench", command] + arguments,
      operatingSystem: HostFacts.operatingSystem, cpuModel: HostFacts.cpuModel,
      coreCount: ProcessInfo.processInfo.activeProcessorCount, startedAt: HostFacts.timestamp(), finishedAt: nil,
      runs: runs, warmup: warmup, timeoutSeconds: timeout, jobs: jobs, shard: shard)
  }
}

extension HostFacts {
  /// Now in UTC as a run id begins, for example `20261123-221500`: readable and sortable.
  static func runIDStamp() -> String {
    timestamp().replacingOccurrences(of: ":", with: "").replacingOccurrences(of: "-", with: "")
      .replacingOccurrences(of: "T", with: "-").replacingOccurrences(of: "Z", with: "")
  }
}
