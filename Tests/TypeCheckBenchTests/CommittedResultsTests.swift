import Foundation
import Testing

@testable import TypeCheckBench

/// The committed runs in Results/ are measured in the module form: no case file carries the miniature framework,
/// each module's source appears once, and the built-in families' case files stay small.
@Suite struct CommittedResultsTests {
  static let results = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Results")

  /// Every committed run folder (one holding run.json).
  static func runFolders() throws -> [URL] {
    try FileManager.default.contentsOfDirectory(at: results, includingPropertiesForKeys: nil)
      .filter { FileManager.default.fileExists(atPath: $0.appendingPathComponent("run.json").path) }
      .sorted { $0.path < $1.path }
  }

  @Test func committedRunsUseTheModuleForm() throws {
    let folders = try Self.runFolders()
    #expect(!folders.isEmpty)
    for folder in folders {
      #expect(try RecordStore.sweep(folder).frameworkForm == .module, "\(folder.lastPathComponent)")
    }
  }

  @Test func committedCaseFilesHoldNoFrameworkDeclaration() throws {
    for folder in try Self.runFolders() {
      let cases = folder.appendingPathComponent("cases")
      let files = try FileManager.default.contentsOfDirectory(atPath: cases.path).filter { $0.hasSuffix(".swift") }
      let record = try RecordStore.sweep(folder)
      let caseFiles = Set(record.cases.map { $0.id + ".swift" })
      for file in files where caseFiles.contains(file) {
        let text = try String(contentsOf: cases.appendingPathComponent(file), encoding: .utf8)
        let name = "\(folder.lastPathComponent)/cases/\(file)"
        #expect(!text.contains("@resultBuilder") && !text.contains("protocol View"), "\(name) carries the framework")
        // Templates are the user's text; the built-in families' cases are generated small.
        if !file.hasPrefix("template-") {
          let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
          #expect(lines < 80, "\(name): \(lines) lines")
        }
      }
      // Everything else in cases/ is a module source (once each, by name) or reproduce.sh.
      for file in files where !caseFiles.contains(file) {
        #expect(file.hasPrefix("Mini"), "\(folder.lastPathComponent)/cases/\(file)")
      }
    }
  }
}
