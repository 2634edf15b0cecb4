import Foundation
import Generators
import Testing

@testable import TypeCheckBenchCore

/// Schema 2 records say which framework form they measured; schema 1 records still load, as inline runs; compare and
/// merge keep the two forms apart.
@Suite struct FrameworkFormRecordTests {
  private static func record(_ form: FrameworkForm, runID: String = "r") -> RunRecord {
    var record = ReportTestRecords.sweep
    record.runID = runID
    record.frameworkForm = form
    record.moduleBuilds =
      form == .module
      ? [
        ModuleBuild(
          module: "MiniPerKindSwiftUIPack", toolchain: "default", wallSeconds: 1.5,
          stats: [StatName.constraintScopes: 852])
      ] : []
    return record
  }

  @Test func schemaOneRecordLoadsAsInline() throws {
    let current = Self.record(.inline)
    var object = try #require(
      try JSONSerialization.jsonObject(with: try ReportRenderer.runJSON(current).data(using: .utf8)!)
        as? [String: Any])
    object["schemaVersion"] = 1
    object.removeValue(forKey: "frameworkForm")
    object.removeValue(forKey: "moduleBuilds")
    let old = try JSONSerialization.data(withJSONObject: object)
    let loaded = try RecordValidation.decodeRecord(old)
    #expect(loaded.frameworkForm == .inline)
    #expect(loaded.moduleBuilds.isEmpty)
    #expect(loaded.schemaVersion == RunRecord.currentSchemaVersion)
    #expect(loaded.samples == current.samples)
  }

  @Test func moduleRecordRoundTripsWithItsBuilds() throws {
    let record = Self.record(.module)
    let loaded = try RecordValidation.decodeRecord(try ReportRenderer.runJSON(record).data(using: .utf8)!)
    #expect(loaded == record)
    #expect(loaded.moduleBuilds.first?.constraintScopes == 852)
  }

  @Test func futureSchemaIsRefused() throws {
    let data = Data(#"{"schemaVersion": 3}"#.utf8)
    #expect(throws: RecordValidation.Problem.self) { try RecordValidation.decodeRecord(data) }
  }

  @Test func reportSaysWhichFormAndShowsModuleBuilds() {
    let module = RunReport(Self.record(.module)).markdown
    #expect(module.contains("Framework form: module."))
    #expect(module.contains("| MiniPerKindSwiftUIPack | default | 852 | 1.50 |"))
    #expect(module.contains("sh cases/reproduce.sh "))
    // The record's module was built before names carried a hash: the reproduce line names the file it wrote.
    #expect(module.contains("-module-name MiniPerKindSwiftUIPack cases/MiniPerKindSwiftUIPack.swift "))
    var current = Self.record(.module)
    let name = CaseGenerator.module(for: current.cases[0]).name
    current.moduleBuilds[0].module = name
    #expect(RunReport(current).markdown.contains("-module-name \(name) cases/\(name).swift "))
    let inline = RunReport(Self.record(.inline)).markdown
    #expect(inline.contains("Framework form: inline."))
    #expect(!inline.contains("### Framework modules"))
  }

  @Test func compareRefusesMixedFormsUnlessTold() throws {
    let module = Self.record(.module, runID: "m")
    let inline = Self.record(.inline, runID: "i")
    #expect(throws: CompareError.self) { try Comparison(base: inline, new: module) }
    let allowed = try Comparison(base: inline, new: module, allowMixedForms: true)
    #expect(allowed.warnings.contains { $0.contains("framework forms differ") })
    #expect(allowed.base.label.contains("framework inline") && allowed.new.label.contains("framework module"))
    let same = try Comparison(base: module, new: module)
    #expect(!same.warnings.contains { $0.contains("framework forms") })
  }

  @Test func mergeRefusesMixedFormsAndKeepsModuleBuildsOnce() throws {
    #expect(throws: CompareError.self) {
      try RecordMerge.merge(
        [("a", Self.record(.module)), ("b", Self.record(.inline))], allowMismatch: true, allowDuplicates: true)
    }
    let merged = try RecordMerge.merge(
      [("a", Self.record(.module)), ("b", Self.record(.module))], allowDuplicates: true)
    #expect(merged.frameworkForm == .module)
    #expect(merged.moduleBuilds.count == 1)
  }
}
