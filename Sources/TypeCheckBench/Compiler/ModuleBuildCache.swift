import Escaping
import Foundation
import Generators
import TypeCheckBenchCore

/// Framework modules built before, kept in a folder named by `TYPECHECKBENCH_MODULE_CACHE`, so that runs that build
/// the same module with the same compiler build it once: the test suite's hundred `bench run`s (TestSupport sets the
/// variable), or anyone who sets it. Off unless set.
///
/// An entry is keyed by everything the build depends on (the module's source, the compiler's path and `--version`
/// text, its flags, the build's arguments but its folders), holds the module's files and the first build's
/// `ModuleBuild` (its wall time and statistics), and appears whole or not at all (written aside, then renamed).
enum ModuleBuildCache {
  /// The environment variable that names the cache folder.
  static let variable = "TYPECHECKBENCH_MODULE_CACHE"

  /// The cache folder, or nil when caching is off.
  static var folder: URL? {
    guard let path = ProcessInfo.processInfo.environment[variable], !path.isEmpty else { return nil }
    return URL(fileURLWithPath: path, isDirectory: true)
  }

  /// The entry's folder for `module` built by `toolchain`.
  static func entry(_ module: FrameworkModule, toolchain: ToolchainInfo, in folder: URL) -> URL {
    var text = "typecheckbench-module-cache 1\n"
    let arguments = module.buildArguments(sourcePath: "SOURCE", outputFolder: "OUTPUT")
    for part in [module.source, toolchain.swiftcPath, toolchain.versionText] + arguments + toolchain.extraFlags {
      text += "\(part.utf8.count):\(part)\n"
    }
    return folder.appendingPathComponent(module.name + "-" + FNV1a.hex(text), isDirectory: true)
  }

  private static let recordName = "build.json"

  /// Copies a cached build of `module` into `outputFolder` and returns its record, or nil when there is none.
  static func restore(_ module: FrameworkModule, toolchain: ToolchainInfo, into outputFolder: URL) -> ModuleBuild? {
    guard let folder else { return nil }
    let entry = entry(module, toolchain: toolchain, in: folder)
    let fileManager = FileManager.default
    guard let data = fileManager.contents(atPath: entry.appendingPathComponent(recordName).path),
      var build = try? JSONFormat.decode(ModuleBuild.self, from: data),
      let names = try? fileManager.contentsOfDirectory(atPath: entry.path)
    else { return nil }
    do {
      try fileManager.createDirectory(at: outputFolder, withIntermediateDirectories: true)
      for name in names where name != recordName {
        let target = outputFolder.appendingPathComponent(name)
        try? fileManager.removeItem(at: target)
        try fileManager.copyItem(at: entry.appendingPathComponent(name), to: target)
      }
    } catch {
      return nil
    }
    build.toolchain = toolchain.name
    return build
  }

  /// Keeps the build of `module` now in `outputFolder`; a failure to keep it is no failure of the run.
  static func store(_ module: FrameworkModule, toolchain: ToolchainInfo, from outputFolder: URL, build: ModuleBuild) {
    guard let folder else { return }
    let entry = entry(module, toolchain: toolchain, in: folder)
    let fileManager = FileManager.default
    guard !fileManager.fileExists(atPath: entry.path) else { return }
    let aside = folder.appendingPathComponent(".\(entry.lastPathComponent)-\(UUID().uuidString)", isDirectory: true)
    do {
      try fileManager.createDirectory(at: aside, withIntermediateDirectories: true)
      for name in try fileManager.contentsOfDirectory(atPath: outputFolder.path)
      where name.hasPrefix(module.name + ".") {
        try fileManager.copyItem(at: outputFolder.appendingPathComponent(name), to: aside.appendingPathComponent(name))
      }
      try JSONFormat.lineEncoder().encode(build).write(to: aside.appendingPathComponent(recordName))
      try fileManager.moveItem(at: aside, to: entry)
    } catch {
      try? fileManager.removeItem(at: aside)
    }
  }
}
