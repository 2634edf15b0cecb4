import Foundation
import Generators
import TypeCheckBenchCore

/// A private copy of what a counted compile reads (`--meter instructions`), at a place whose path has the same length
/// in every run, so that the count depends on the compiler and the case, not on where the run folder lives.
///
/// A compile's instruction count moves with the lengths of the paths it handles: measured under cachegrind on the
/// per-kind depth-3 case (Swift 6.3.1), run folders whose paths differed by 1 to 19 characters changed the compile's
/// count by up to 0.45 % (by 0.00001 % for two paths of the same length), the folder the framework module was built
/// in (its `.swiftsourceinfo` records it) by 0.45 %, and the working directory by 0.23 %: the compiler's
/// allocations, and so its hash tables' layouts, shift with them. So each counted compile runs in a fresh folder
/// `<temporary directory>/tcb-<16 hex digits>` (the same for a case in every run: `claimFolder`) that holds the case
/// file under its own name and the framework modules in `m/` without their source info, with that folder as its
/// working directory and `PWD`; the count of one case then agreed within 0.00005 % whatever folders the run and its
/// module build used. (`TMPDIR` is part of that path: runs to be compared keep the same one.)
struct CountedCompileStage {
  /// The stage's folder; the counted compile's working directory.
  let folder: URL
  /// The staged copy of the case file.
  let file: URL
  /// The staged framework modules, when the case imports one.
  let moduleFolder: URL?

  /// The file that marks a folder as a stage: its case file is bench's private copy, removed after the compile, so
  /// a wrapper compiler may edit it in place (scripts/small-work-swiftc.sh does).
  static let markerName = ".typecheckbench-stage"

  /// Copies `file` and the modules in `moduleFolder` (all but their `.swiftsourceinfo`, which records where they were
  /// built) into a new stage under `root`.
  /// - Throws: `BenchError.io` when the stage cannot be written.
  static func make(
    file: URL, moduleFolder: URL?, root: URL = FileManager.default.temporaryDirectory
  ) throws -> CountedCompileStage {
    let fileManager = FileManager.default
    let folder = try claimFolder(for: file.lastPathComponent, in: root)
    do {
      try Data().write(to: folder.appendingPathComponent(markerName))
      let staged = folder.appendingPathComponent(file.lastPathComponent)
      try fileManager.copyItem(at: file, to: staged)
      var stagedModules: URL?
      if let moduleFolder {
        let modules = folder.appendingPathComponent("m", isDirectory: true)
        try fileManager.createDirectory(at: modules, withIntermediateDirectories: true)
        for name in try fileManager.contentsOfDirectory(atPath: moduleFolder.path).sorted()
        where !name.hasSuffix(".swiftsourceinfo") {
          try fileManager.copyItem(
            at: moduleFolder.appendingPathComponent(name), to: modules.appendingPathComponent(name))
        }
        stagedModules = modules
      }
      return CountedCompileStage(folder: folder, file: staged, moduleFolder: stagedModules)
    } catch {
      try? fileManager.removeItem(at: folder)
      throw BenchError.io(
        "cannot stage \(file.lastPathComponent) for counting in \(folder.path): \(BenchError.reason(error))")
    }
  }

  /// Creates the stage's folder, `tcb-<12 hex digits of the case file name's hash><4 hex digits>`: the first free
  /// one counting up from `0000`, so that a case is staged at the same path in every run while no two compiles (more
  /// `--jobs`, or another bench) share a stage. Not a random name: the path's characters, not only its length, move
  /// the count (random names moved unified depth 2's total of 104 million by up to 800 instructions, half of the
  /// 0.01 % of its own 17 million that two runs must agree within; the A/A test failed at 0.014 % with them).
  /// - Throws: `BenchError.io` when no folder can be created.
  static func claimFolder(for fileName: String, in root: URL) throws -> URL {
    // FNV-1a: stable across processes, unlike `Hasher`.
    let prefix = "tcb-" + String(format: "%012llx", FNV1a.hash(fileName) >> 16)
    let fileManager = FileManager.default
    var lastError: Error?
    for sequence in 0..<0x1_0000 {
      let folder = root.appendingPathComponent(prefix + String(format: "%04x", sequence), isDirectory: true)
      do {
        try fileManager.createDirectory(at: folder, withIntermediateDirectories: false)
        return folder
      } catch {
        lastError = error
        // Taken by another compile (or left by a killed run): try the next; any other failure is the disk's.
        if !fileManager.fileExists(atPath: folder.path) { break }
      }
    }
    throw BenchError.io(
      "cannot create a folder to stage \(fileName) for counting in \(root.path): "
        + (lastError.map { BenchError.reason($0) } ?? "every name is taken"))
  }

  /// The environment of the stage's compiles: this process's, with `PWD` the stage and no `OLDPWD`, so that where
  /// bench was started from does not move the count either, and `TMPDIR` the stage too (rather than the children's
  /// folder of `ChildTemporaryFolder`, whose name differs in every run); the stage's removal takes what the driver
  /// leaves there.
  var environment: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["PWD"] = folder.path
    environment["OLDPWD"] = nil
    environment["TMPDIR"] = folder.path + "/"
    return environment
  }

  /// Removes the stage.
  func remove() {
    try? FileManager.default.removeItem(at: folder)
  }
}
