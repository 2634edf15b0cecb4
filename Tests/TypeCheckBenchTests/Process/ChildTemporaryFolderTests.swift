import Foundation
import TestSupport
import Testing

@testable import TypeCheckBench

@Suite struct ChildTemporaryFolderTests {
  /// A folder of its own (not `shared`, which every test's children would see).
  private func childFolder(in environment: [String: String]?) -> URL? {
    environment?["TMPDIR"].map { URL(fileURLWithPath: $0, isDirectory: true) }
  }

  @Test func theRealDriverLeavesItsTemporaryFolderInBenchsFolderWhichIsRemovedAtTheEnd() async throws {
    let swiftc = try InstalledCompiler.required()
    let work = try TemporaryDirectory()
    let file = try work.file("case.swift", "let answer = 42\n")
    let folder = ChildTemporaryFolder()
    var seen: URL?
    let left = try await CompileSlots.withSlot {
      try folder.withFolder {
        let environment = folder.environment(for: nil)
        let result = try ProcessRunner.run(swiftc, ["-typecheck", file.path], environment: environment, timeout: 120)
        #expect(result.status.isSuccess)
        seen = childFolder(in: environment)
        return try FileManager.default.contentsOfDirectory(atPath: seen?.path ?? "/nonexistent")
      }
    }
    // What the driver left (Swift 6.3.1 leaves a TemporaryDirectory.XXXXXX holding an empty .keep-directory per call) is inside bench's folder.
    #expect(!left.isEmpty && left.allSatisfy { $0.hasPrefix("TemporaryDirectory.") })
    let path = try #require(seen).path
    #expect(path.hasPrefix(FileManager.default.temporaryDirectory.path))
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func aChosenTemporaryFolderIsKeptAndNothingChangesWhileInactive() throws {
    let folder = ChildTemporaryFolder()
    #expect(folder.environment(for: nil) == nil)
    #expect(folder.environment(for: ["A": "b"]) == ["A": "b"])
    folder.withFolder {
      let chosen = ["TMPDIR": "/elsewhere/", "A": "b"]
      if ProcessInfo.processInfo.environment["TMPDIR"] != "/elsewhere/" {
        #expect(folder.environment(for: chosen) == chosen)
      }
      // Inherited: only TMPDIR differs from this process's environment, and the name's length is fixed.
      let inherited = folder.environment(for: nil) ?? [:]
      var own = ProcessInfo.processInfo.environment
      own["TMPDIR"] = inherited["TMPDIR"]
      #expect(inherited == own)
      let name = URL(fileURLWithPath: inherited["TMPDIR"] ?? "").lastPathComponent
      #expect(name.count == "typecheckbench-children-".count + 8)
      // One folder per active period: a second child gets the same.
      #expect(folder.environment(for: nil)?["TMPDIR"] == inherited["TMPDIR"])
    }
    #expect(folder.environment(for: nil) == nil)
  }

  /// bench commands running side by side in one process (as the tests run them) share the folder: the first to end
  /// must not remove it under the others' compiles (the driver then fails with `couldNotFindTmpDir`).
  @Test func theFolderStaysUntilTheLastOverlappingCommandEnds() throws {
    let folder = ChildTemporaryFolder()
    var path = ""
    folder.withFolder {
      path = folder.environment(for: nil)?["TMPDIR"] ?? ""
      folder.withFolder {
        #expect(folder.environment(for: nil)?["TMPDIR"] == path)
      }
      // The other command ended; this one's children still write there.
      #expect(!path.isEmpty && FileManager.default.fileExists(atPath: path))
      #expect(folder.environment(for: nil)?["TMPDIR"] == path)
    }
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(folder.environment(for: nil) == nil)
  }
}
