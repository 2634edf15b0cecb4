import Foundation
import Testing

@testable import TypeCheckBench

/// The documents that quote bench say what bench says now: docs/commands.md and the option tables come from the
/// commands' declarations, the examples and the reference runs' headlines from bench's output on committed files.
/// `scripts/generate-docs.sh` rewrites them (this suite with `TCB_WRITE_DOCS=1`).
@Suite struct GeneratedDocsTests {
  @Test func theGeneratedDocsAreWhatBenchWritesNow() throws {
    let writing = ProcessInfo.processInfo.environment["TCB_WRITE_DOCS"] == "1"
    var stale: [String] = []
    for (path, expected) in try GeneratedDocs.files().sorted(by: { $0.key < $1.key }) {
      let url = GeneratedDocs.root.appendingPathComponent(path)
      let actual = try? String(contentsOf: url, encoding: .utf8)
      guard actual != expected else { continue }
      stale.append(path)
      if writing { try expected.write(to: url, atomically: true, encoding: .utf8) }
    }
    if writing {
      print("generate-docs: \(stale.count) file(s) updated\(stale.isEmpty ? "" : ": " + stale.joined(separator: " "))")
    } else {
      #expect(stale.isEmpty, "stale (run scripts/generate-docs.sh and commit): \(stale.joined(separator: ", "))")
    }
  }

  /// Every command's help, subcommands' included (docs/commands.md quotes them all), fits 120 columns.
  @Test func everyHelpFits120Columns() throws {
    let commands = try #require(try GeneratedDocs.files()["docs/commands.md"])
    let wide = commands.split(separator: "\n").filter { $0.count > 120 }.map(String.init)
    #expect(wide.isEmpty, "\(wide)")
  }

  /// The command table in docs/usage.md names every command: a new command cannot be left out of it.
  @Test func usageNamesEveryCommand() throws {
    let usage = try GeneratedDocs.read("docs/usage.md")
    for command in BenchCommandLine.commands() {
      #expect(usage.contains("| `bench \(command.name)"), "docs/usage.md does not name bench \(command.name)")
    }
  }

  /// The front door stays short: at most 150 lines, the long tables in docs/ and Results/README.md.
  @Test func theReadmeIsAtMost150Lines() throws {
    let lines = try GeneratedDocs.read("README.md").split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count - 1 <= 150, "README.md has \(lines.count - 1) lines")
  }
}
