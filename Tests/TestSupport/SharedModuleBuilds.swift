import Foundation

/// The framework modules the tests' runs build, kept once each: `bench run` builds a module a run, and the suite runs
/// bench a hundred times with a few modules and compilers. Every test that runs bench makes a `TemporaryDirectory`
/// first, which sets `TYPECHECKBENCH_MODULE_CACHE` (bench's `ModuleBuildCache`) for the process and the children it
/// starts, unless it is set already. An entry is keyed by the module's source and the compiler's path, version and
/// flags, so a fake compiler's modules (under a test's own folder) are never another's.
enum SharedModuleBuilds {
  static let enabled: Bool = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("typecheckbench-test-modules")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return setenv("TYPECHECKBENCH_MODULE_CACHE", folder.path, 0) == 0
  }()
}
