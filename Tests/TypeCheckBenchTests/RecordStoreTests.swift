import Foundation
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// The one record reader: each kind of run decodes as what it is, and a command that reads one kind names the other
/// in one line.
@Suite struct RecordStoreTests {
  /// A finished corpus run of one verify test, compiled by the fake compiler.
  static func corpusRun(in temp: TemporaryDirectory) throws -> URL {
    let fake = try FakeCompiler(in: temp, name: "swiftc-corpus")
    let test = try temp.file("a.swift", "// RUN: %target-typecheck-verify-swift\nlet x = 1\n")
    let folder = temp.url.appendingPathComponent("corpus")
    let outcome = bench(["corpus", test.path, "--swiftc", fake.path, "-o", folder.path, "--quiet"])
    #expect(outcome.status == 0, "\(outcome.transcript)")
    return folder
  }

  @Test func eachKindDecodesAsWhatItIs() throws {
    let temp = try TemporaryDirectory()
    let sweep = try FaultInjectionTests.validRun(in: temp)
    let corpus = try Self.corpusRun(in: temp)
    let sweepRecord = try RecordStore.read(sweep)
    let corpusRecord = try RecordStore.read(corpus.appendingPathComponent("run.json"))
    #expect(sweepRecord.sweep?.cases.count == 1 && sweepRecord.corpus == nil)
    #expect(corpusRecord.corpus?.tests.count == 1 && corpusRecord.sweep == nil)
    #expect(sweepRecord.file.path == sweep.appendingPathComponent("run.json").path)
    // Each reader of one kind refuses the other in one line naming the file.
    do {
      _ = try RecordStore.corpus(sweep)
      Issue.record("a sweep run was read as a corpus run")
    } catch {
      #expect("\(error)" == "\(sweep.path)/run.json: not a corpus run record this bench reads")
    }
    do {
      _ = try RecordStore.sweep(corpus)
      Issue.record("a corpus run was read as a sweep run")
    } catch {
      #expect("\(error)".hasPrefix("\(corpus.path)/run.json: a corpus run (bench corpus)"))
    }
  }

  @Test func theCommandsThatReadSweepsOnlyNameACorpusRunInOneLine() throws {
    let temp = try TemporaryDirectory()
    let corpus = try Self.corpusRun(in: temp)
    let site = temp.url.appendingPathComponent("site")
    let generated = temp.url.appendingPathComponent("generated")
    for arguments in [
      ["counters", corpus.path], ["history", site.path, "--append", corpus.path], ["run", "--resume", corpus.path],
      ["generate", "--from", corpus.path, "-o", generated.path],
    ] {
      let outcome = bench(arguments)
      #expect(outcome.status == 65, "\(outcome.transcript)")
      #expect(
        outcome.errors == [
          "bench: \(corpus.path)/run.json: a corpus run (bench corpus); bench report, compare and merge read it, "
            + "this command does not"
        ], "\(outcome.transcript)")
    }
    #expect(!FileManager.default.fileExists(atPath: site.path))
    #expect(!FileManager.default.fileExists(atPath: generated.path))
  }
}
