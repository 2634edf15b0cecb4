import Escaping
import Foundation
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// The table of kinds (`BenchCommandLine.kinds`): each kind's words are its own, and each kind's records are read
/// back as that kind.
@Suite struct RunKindTests {
  /// A finished run of each kind, by its title, made by the command that makes it. A kind added to the table without
  /// one here fails `everyKindRoundTrips`.
  static let runs: [String: @Sendable (TemporaryDirectory) throws -> URL] = [
    "sweep": { try FaultInjectionTests.validRun(in: $0) },
    "corpus": { try RecordStoreTests.corpusRun(in: $0) },
  ]

  @Test func noKindBorrowsAnothersWords() throws {
    let kinds = BenchCommandLine.kinds
    let commands = Set(BenchCommandLine.commands().map(\.name))
    #expect(kinds.count >= 2)
    for kind in kinds {
      // The command that resumes it is one bench has.
      let words = kind.command.split(separator: " ").map(String.init)
      #expect(words.count == 2 && words[0] == "bench" && commands.contains(words[1]), "\(kind.title): \(kind.command)")
      #expect(kind.measurementVersion >= 1, "\(kind.title)")
      #expect(!kind.noun.isEmpty && !kind.alreadyTaken.isEmpty && !kind.restartAdvice.isEmpty, "\(kind.title)")
    }
    // No two kinds share a command, a record name (nil included: one kind's run.json names none) or a title.
    #expect(Set(kinds.map(\.command)).count == kinds.count, "\(kinds.map(\.command))")
    #expect(Set(kinds.map { $0.recordName ?? "" }).count == kinds.count, "\(kinds.map(\.recordName))")
    #expect(Set(kinds.map(\.title)).count == kinds.count, "\(kinds.map(\.title))")
  }

  @Test func everyKindRoundTrips() throws {
    let kinds = BenchCommandLine.kinds
    #expect(Set(Self.runs.keys) == Set(kinds.map(\.title)))
    let temp = try TemporaryDirectory()
    for kind in kinds {
      guard let make = Self.runs[kind.title] else { continue }
      let folder = try make(temp)
      let stored = try RecordStore.read(folder)
      #expect(stored.kind.title == kind.title)
      // What the kind writes for the record it read (as the pipeline writes run.json) is read back as that kind, and
      // is the same record.
      let text = try stored.kind.encoded(stored)
      let onDisk = try String(contentsOf: stored.file, encoding: .utf8)
      #expect(text == onDisk, "\(kind.title)")
      let copy = temp.url.appendingPathComponent("copy-\(kind.title).json")
      try text.write(to: copy, atomically: true, encoding: .utf8)
      let again = try RecordStore.read(copy)
      #expect(again.kind.title == kind.title)
      let reencoded = try again.kind.encoded(again)
      #expect(reencoded == text, "\(kind.title)")
    }
  }
}

extension RunKind {
  /// The run.json this kind writes for the record of `stored`.
  fileprivate func encoded(_ stored: StoredRecord) throws -> String {
    try JSONFormat.record(record(of: stored))
  }
}
