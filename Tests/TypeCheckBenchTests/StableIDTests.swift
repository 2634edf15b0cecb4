import Foundation
import Generators
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// A case id names its family, its model, the parameters of bench's first records, and any later parameter a case
/// sets to another value than its neutral one: adding a parameter (with its neutral value as the default) renames
/// nothing, so every committed run, history and baseline keeps reading as it was.
@Suite struct StableIDTests {
  /// A parameter added to every built-in family the way docs/adding-a-family.md adds one: its declaration, with its
  /// neutral value as the default (no emitter reads it, as none would until a case sets it).
  static let leafConcat = ParameterSpec(
    "leaf_concat", flag: "--leaf-concat", help: "How leaves are joined.", form: .choices(["none", "concat"]),
    defaults: ["none"])

  /// The built-in families, each with `leafConcat` among its parameters.
  static let extended = FamilySet(
    FamilySet.builtIn.families.map { family in
      var descriptor = family.descriptor
      descriptor.parameters.append(leafConcat)
      return CaseFamily(descriptor)
    })

  /// Every committed run, read with the extended families, is still what this bench writes from its run.json
  /// (`bench report --check`: reports and CSV columns byte for byte, case files and modules regenerated as measured),
  /// and compares with itself as no change at every point (`bench compare RUN RUN --metric scopes`).
  @Test func everyCommittedRunPassesTheCheckWithAnAddedParameter() throws {
    let folders = try CommittedResultsTests.runFolders()
    #expect(!folders.isEmpty)
    for folder in folders {
      let name = folder.lastPathComponent
      let record = try RecordStore.sweep(folder, families: Self.extended)
      #expect(record.cases.contains { $0.family.descriptor.has(Self.leafConcat) } || name.hasPrefix("example-"))
      let differences = try RunFolderCheck.check(
        record, formats: nil, actual: try ReportCommand.folderFiles(folder)
      ).differences
      #expect(differences.isEmpty, "\(name): \(differences.first.map(String.init(describing:)) ?? "")")
      let comparisons = try Comparison.toolchainPairs(base: record, new: record).map { base, new in
        // Scopes decide: a run's few timed samples cannot carry a time verdict, its exact counts can.
        try Comparison(base: record, new: record, baseToolchain: base, newToolchain: new, metric: .scopes)
      }
      // Every point finds itself (a run of several toolchains compares each with itself), and is no change.
      let points = comparisons.map(\.points.count).reduce(0, +)
      #expect(points == Set(record.samples.map(PointKey.init)).count, "\(name)")
      for comparison in comparisons {
        #expect(comparison.count(.unchanged) == comparison.points.count, "\(name): \(comparison.summaryLine)")
      }
      #expect(Comparison.exitStatus(of: comparisons) == .success, "\(name)")
    }
  }

  /// The ids samples name are the ids of the record's cases, with or without the added parameter, so a record's
  /// samples, a journal being resumed and a merge all find their cases; and merging a run with itself keeps them.
  @Test func samplesFindTheirCasesAndMergeKeepsThem() throws {
    for folder in try CommittedResultsTests.runFolders() {
      let name = folder.lastPathComponent
      let plain = try RecordStore.sweep(folder)
      let record = try RecordStore.sweep(folder, families: Self.extended)
      #expect(plain.cases.map(\.id) == record.cases.map(\.id), "\(name)")
      let ids = Set(record.cases.map(\.id))
      #expect(Set(record.samples.map(\.caseID)).isSubset(of: ids), "\(name)")
      let merged = try RecordMerge.merge([("a", record), ("b", record)], allowDuplicates: true)
      #expect(Set(merged.cases.map(\.id)) == ids, "\(name)")
      #expect(merged.samples.count == 2 * record.samples.count, "\(name)")
    }
  }

  /// The committed runs as they were before surfaces existed (measured at 24c4190 on the iOS 18.0 and idealised
  /// surfaces, re-measured on the SDK surfaces since): their run.json files with the samples left out.
  static let legacyRecords = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/legacy-records")

  /// A history written by bench before surfaces existed (`bench history SITE --append` of the committed reference
  /// runs and example-chart-ladder, by the bench of commit 1898fb8) names the same case ids today's bench gives the
  /// records it was written from.
  @Test func aHistoryWrittenBeforeTheChangeNamesTodaysIDs() throws {
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/history-1898fb8.jsonl")
    let history = try History(jsonLines: String(contentsOf: fixture, encoding: .utf8))
    #expect(!history.entries.isEmpty)
    var ids: Set<String> = []
    let folders = try FileManager.default.contentsOfDirectory(
      at: Self.legacyRecords, includingPropertiesForKeys: nil)
    #expect(folders.count == 8)
    for folder in folders {
      ids.formUnion(try RecordStore.sweep(folder, families: Self.extended).cases.map(\.id))
    }
    for entry in history.entries {
      #expect(ids.contains(entry.caseID), "\(entry.runID): \(entry.caseID)")
    }
  }

  /// The trap of a changed default: a record without surfaces reads as the legacy surfaces it measured, named as
  /// such, never as today's default; and a case on today's default spells its surface.
  @Test func aRecordWithoutSurfacesReadsAsTheLegacyOnes() throws {
    let record = try RecordStore.sweep(Self.legacyRecords.appendingPathComponent("reference"))
    #expect(Set(record.cases.map(\.surface)) == [.ios18, .idealised])
    #expect(record.cases.allSatisfy { !$0.sets(.surface) && !$0.id.contains("ios") })
    var current = record.cases[0]
    current.surface = .current(for: current.model)
    #expect(current.id.hasSuffix("-" + BuilderSurface.current(for: current.model).rawValue))
    #expect(current.id != record.cases[0].id)
  }

  /// A case on an SDK surface keeps it through run.json; a surface of the other model is refused in one line.
  @Test func aSurfaceRoundTripsAndMustBeTheModelsOwn() throws {
    var spec = CaseSpec(family: .nesting, model: .unified, depth: 2)
    spec.surface = .ios27
    let data = try JSONEncoder().encode(spec)
    let decoded = try JSONDecoder().decode(CaseSpec.self, from: data)
    #expect(decoded == spec)
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains("\"surface\":\"ios27\""))
    let wrong = Data(text.replacingOccurrences(of: "ios27", with: "ios18").utf8)
    do {
      _ = try JSONDecoder().decode(CaseSpec.self, from: wrong)
      Issue.record("a unified case on the iOS 18.0 surface decoded")
    } catch {
      #expect("\(error)".contains("'ios18', not a value of the unified model"), "\(error)")
    }
  }
}
