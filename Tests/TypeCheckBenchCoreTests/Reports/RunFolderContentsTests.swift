import Testing

@testable import TypeCheckBenchCore

/// How a run folder's files are compared with what bench writes: byte for byte, in path order.
@Suite struct RunFolderContentsTests {
  @Test func differencesAreMissingUnexpectedOrAtALine() {
    let expected = ["a.md": "one\ntwo\nthree\n", "b.csv": "x\n", "cases/c.swift": "same\n"]
    let actual = ["a.md": "one\nTWO\nthree\n", "cases/c.swift": "same\n", "cases/old.swift": "stale\n"]
    #expect(
      RunFolderContents.differences(expected: expected, actual: actual) == [
        .init(path: "a.md", kind: .differs(line: 2)), .init(path: "b.csv", kind: .missing),
        .init(path: "cases/old.swift", kind: .unexpected),
      ])
    #expect(RunFolderContents.differences(expected: expected, actual: expected).isEmpty)
  }

  @Test func aPrefixDiffersAfterItsLastLine() {
    #expect(RunFolderContents.firstDifferingLine("a\nb\n", "a\nb\nc\n") == 3)
    // A missing last newline: the lines agree, the longer text has one more (empty) line.
    #expect(RunFolderContents.firstDifferingLine("a\nb", "a\nb\n") == 3)
  }

  @Test func canonicallyEquivalentTextsStillDiffer() {
    // "é" precomposed and as e + combining acute accent: equal as Swift strings, different bytes.
    let composed = "caf\u{E9}\n"
    let decomposed = "cafe\u{301}\n"
    #expect(composed == decomposed)
    #expect(
      RunFolderContents.differences(expected: ["x": composed], actual: ["x": decomposed]) == [
        .init(path: "x", kind: .differs(line: 1))
      ])
  }
}
