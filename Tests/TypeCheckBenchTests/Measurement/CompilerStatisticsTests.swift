import Foundation
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

@Suite struct CompilerStatisticsTests {
  // An excerpt of a real Swift 6.3.1 statistics file (tabs and exponent notation as swiftc writes them).
  static let excerpt = """
    {
    \t"AST.NumSourceBuffers": 1,
    \t"Sema.NumConformancesDeserialized": 123,
    \t"Sema.NumConstraintScopes": 19,
    \t"Sema.NumLeafScopes": 6,
    \t"Sema.NumDeclsTypechecked": 3,
    \t"time.swift.source-file-populate-cache.wall": 2.1457672119140625e-06,
    \t"time.swift.Type checking and Semantic analysis.wall": 9.2536854743957520e-01,
    \t"time.swift.Type checking and Semantic analysis.user": 9.2207200000000000e-01,
    \t"time.swift.Type checking and Semantic analysis.sys": 1.7609999999999987e-03
    }
    """

  @Test func keepsEveryCounterAndTheNamedTimers() throws {
    let stats = try CompilerStatistics.parse(Data(Self.excerpt.utf8), source: "excerpt")
    #expect(
      stats == [
        "AST.NumSourceBuffers": 1, "Sema.NumConformancesDeserialized": 123, "Sema.NumConstraintScopes": 19,
        "Sema.NumLeafScopes": 6,
        "Sema.NumDeclsTypechecked": 3, StatName.typeCheckWall: 0.9253685474395752, StatName.typeCheckUser: 0.922072,
      ])
  }

  @Test func keepsATimerACounterOptionNames() throws {
    let name = "time.swift.source-file-populate-cache.wall"
    let stats = try CompilerStatistics.parse(Data(Self.excerpt.utf8), source: "excerpt", extra: [name])
    #expect(stats[name] == 2.1457672119140625e-06)
    #expect(stats["time.swift.Type checking and Semantic analysis.sys"] == nil)
  }

  @Test func refusesTextThatIsNotAnObjectOfNumbers() {
    #expect(throws: BenchError.self) { try CompilerStatistics.parse(Data("[1]".utf8), source: "x") }
    #expect(throws: BenchError.self) { try CompilerStatistics.parse(Data("{".utf8), source: "x") }
    #expect(throws: BenchError.self) {
      try CompilerStatistics.parse(Data(#"{"Sema.NumConstraintScopes": "many"}"#.utf8), source: "x")
    }
  }

  @Test func readsNothingFromAnEmptyFolder() throws {
    let folder = try TemporaryDirectory()
    #expect(try CompilerStatistics.read(folder: folder.url) == nil)
  }

  @Test func sumsSeveralFiles() throws {
    let folder = try TemporaryDirectory()
    _ = try folder.file("a.json", #"{"Sema.NumConstraintScopes": 2, "AST.NumDecls": 1}"#)
    _ = try folder.file("b.json", #"{"Sema.NumConstraintScopes": 3, "Sema.NumLeafScopes": 1}"#)
    _ = try folder.file("notes.txt", "ignored")
    #expect(
      try CompilerStatistics.read(folder: folder.url) == [
        "Sema.NumConstraintScopes": 5, "Sema.NumLeafScopes": 1, "AST.NumDecls": 1,
      ])
  }
}
