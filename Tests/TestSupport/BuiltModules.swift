import Foundation
import Generators

/// The framework modules the tests have built, each once per test process (as `bench run` builds each once per
/// sweep), in one temporary folder per module, all in `root`, which is removed when the test process exits.
public actor BuiltModules {
  public static let shared = BuiltModules()

  /// This test process's folder of built modules (one per process: test processes may run side by side).
  static let root: URL = {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("tcb-generator-modules-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
    // Without this every test run left its modules behind (a folder per run in /tmp).
    atexit { try? FileManager.default.removeItem(at: BuiltModules.root) }
    return root
  }()

  private var builds: [String: Task<(folder: URL, run: TypeCheckRun), Error>] = [:]

  /// The folder holding `module` built, and the build's run (check `isClean`).
  public func folder(for module: FrameworkModule) async throws -> (folder: URL, run: TypeCheckRun) {
    try await folder(for: [module])
  }

  /// The folder holding `modules` built in order into one folder (an SDK surface's `SwiftUI` imports its
  /// `SwiftUICore`), and the first unclean build's run, else the last's (check `isClean`).
  public func folder(for modules: [FrameworkModule]) async throws -> (folder: URL, run: TypeCheckRun) {
    let key = modules.map(\.name).joined(separator: "+")
    if let existing = builds[key] { return try await existing.value }
    let task = Task { () async throws -> (folder: URL, run: TypeCheckRun) in
      let folder = BuiltModules.root.appendingPathComponent(modules.last!.name, isDirectory: true)
      var run: TypeCheckRun?
      for module in modules {
        run = try await TypeCheckRun.buildModule(module, into: folder)
        if run?.isClean != true { break }
      }
      return (folder: folder, run: run!)
    }
    builds[key] = task
    return try await task.value
  }
}
