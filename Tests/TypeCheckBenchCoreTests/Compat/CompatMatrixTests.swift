import Generators
import Testing
import TypeCheckBenchCore

@Suite struct CompatMatrixTests {
  @Test func judgesByErrorTextAndStatus() {
    let error = CompilerDiagnostic(
      severity: .error, file: "a.swift", line: 3, column: 9, message: "ambiguous use of 'clear'")
    let note = CompilerDiagnostic(severity: .note, file: "a.swift", line: 1, column: 1, message: "found this candidate")
    #expect(
      CompatObservation.judge(.diagnostic("ambiguous use of 'clear'"), diagnostics: [error, note], succeeded: false)
        == CompatObservation(observed: "error: ambiguous use of 'clear'", pass: true))
    #expect(
      !CompatObservation.judge(.diagnostic("ambiguous use of 'red'"), diagnostics: [error], succeeded: false).pass)
    #expect(CompatObservation.judge(.compiles, diagnostics: [note], succeeded: true).pass)
    #expect(!CompatObservation.judge(.compiles, diagnostics: [error], succeeded: false).pass)
    #expect(!CompatObservation.judge(.diagnostic("x"), diagnostics: [], succeeded: true).pass)
  }

  @Test func rendersAFailedRowAndMissingObservations() {
    let cases = [CompatCorpus.cases[0]]
    var observations: [CompatReproducer: CompatObservation] = [:]
    observations[cases[0].reproducer(.perKind)] = CompatObservation(observed: "compiles", pass: true)
    observations[cases[0].reproducer(.unified)] = CompatObservation(observed: "compiles", pass: false)
    let matrix = CompatMatrix(cases: cases, observations: observations, compiler: "Swift version 6.3.1")
    #expect(!matrix.allPass)
    #expect(matrix.rows.map(\.variant) == ["per-kind", "unified", "fix"])
    #expect(matrix.rows[2].observed == "not type-checked")
    #expect(matrix.markdown.contains("1 of 3 expectations met; 2 failed."))
    #expect(
      matrix.markdown.contains(
        "| \(cases[0].id) | unified | unified | `error: ambiguous use of 'opacity'` | `compiles` | **NO** |"))
    #expect(matrix.json.contains("\"allPass\" : false"))
  }
}
