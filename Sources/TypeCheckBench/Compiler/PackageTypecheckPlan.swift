import Escaping
import Foundation
import TypeCheckBenchCore

/// How `bench analyze` traces a package's expressions: after a build, it type-checks each of the package's own Swift
/// targets again with `swiftc -typecheck`, with the arguments SwiftPM gave that target (read from the build's
/// `description.json`) and the trace flags.
///
/// Tracing a whole `swift build` does not work: Swift 6.3.1's separate emit-module job crashes (signal 11) writing
/// its trace, whose SIL function names it reads after freeing them; without that job
/// (`-no-emit-module-separately`) SwiftPM 6.3.1 starts a target before its dependencies' modules exist; and a
/// compile job writes its trace before generating code, so in batch mode the later files' bodies, checked then, are
/// missing. A `-typecheck` compile generates no code: its trace holds every check, and its stats file's count equals
/// the trace's.
struct PackageTypecheckPlan {
  /// One target's type-check.
  struct Target: Equatable {
    var moduleName: String
    var sources: [String]
    var importPath: String?
    /// SwiftPM's arguments for the target, less those that only name outputs or drive the build.
    var arguments: [String]
  }

  var targets: [Target]

  /// What SwiftPM writes for each Swift target in `<scratch>/debug/description.json` (the parts read here).
  private struct Description: Decodable {
    var swiftCommands: [String: Command]

    struct Command: Decodable {
      var moduleName: String
      var sources: [String]
      var importPath: String?
      var otherArguments: [String]
    }
  }

  /// Driver options SwiftPM passes that name outputs or steer the build, with whether each takes a value: a
  /// `-typecheck` compile has no outputs, and the trace needs no incremental or batch bookkeeping.
  static let droppedOptions: [String: Bool] = [
    "-v": false, "-incremental": false, "-enable-batch-mode": false, "-serialize-diagnostics": false,
    "-parseable-output": false, "-emit-objc-header": false, "-emit-module": false, "-emit-dependencies": false,
    "-index-system-modules": false, "-emit-library": false, "-emit-executable": false, "-c": false,
    "-index-store-path": true, "-emit-objc-header-path": true, "-output-file-map": true, "-emit-module-path": true,
    "-index-file-path": true, "-o": true,
  ]

  /// The plan for the targets whose sources pass `include`, from the description a build left in `scratch`.
  /// - Throws: `BenchError.software` when the build left no readable description.
  init(scratch: URL, include: (String) -> Bool) throws {
    let file = scratch.appendingPathComponent("debug").appendingPathComponent("description.json")
    let description: Description
    do {
      description = try JSONFormat.decode(Description.self, from: Data(contentsOf: file))
    } catch {
      throw BenchError.software(
        "analyze: the build left no readable \(file.path) (SwiftPM writes it since 5.5), so its targets' arguments "
          + "are unknown: \(BenchError.reason(error))")
    }
    targets = description.swiftCommands.keys.sorted().compactMap { key in
      let command = description.swiftCommands[key]!
      guard let first = command.sources.first, include(first) else { return nil }
      return Target(
        moduleName: command.moduleName, sources: command.sources, importPath: command.importPath,
        arguments: Self.kept(command.otherArguments))
    }
  }

  /// `arguments` without `droppedOptions` (and their values).
  static func kept(_ arguments: [String]) -> [String] {
    var kept: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if let takesValue = droppedOptions[argument] {
        index += takesValue ? 2 : 1
        continue
      }
      kept.append(argument)
      index += 1
    }
    return kept
  }

  /// The `swiftc` arguments that type-check `target` writing statistics and a trace into `statsFolder`.
  static func arguments(
    _ target: Target, statsFolder: URL, frontendFlags: [String]
  ) -> [String] {
    var arguments = ["-typecheck", "-module-name", target.moduleName]
    if let importPath = target.importPath { arguments += ["-I", importPath] }
    arguments += target.arguments + ["-stats-output-dir", statsFolder.path, "-continue-building-after-errors"]
    for flag in frontendFlags { arguments += ["-Xfrontend", flag] }
    return arguments + target.sources
  }
}
