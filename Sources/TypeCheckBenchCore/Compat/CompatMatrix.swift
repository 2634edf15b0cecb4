import Escaping
import Foundation
import Generators

/// The compatibility corpus's results: one row per case and variant, rendered as Markdown or JSON.
public struct CompatMatrix: Hashable, Sendable {
  /// One reproducer's expectation and observation.
  public struct Row: Hashable, Codable, Sendable {
    public var caseID: String
    public var variant: String
    public var model: String
    public var expected: String
    public var observed: String
    public var pass: Bool

    public init(caseID: String, variant: String, model: String, expected: String, observed: String, pass: Bool) {
      self.caseID = caseID
      self.variant = variant
      self.model = model
      self.expected = expected
      self.observed = observed
      self.pass = pass
    }

    enum CodingKeys: String, CodingKey {
      case caseID = "case"
      case variant, model, expected, observed, pass
    }
  }

  /// What the matrix says about one case besides its rows.
  public struct CaseInfo: Hashable, Codable, Sendable {
    public var id: String
    public var title: String
    public var technoteDiagnostic: String
    public var note: String?
  }

  public var cases: [CaseInfo]
  public var rows: [Row]
  /// The compiler's `--version` first line, for the heading.
  public var compiler: String

  /// Builds the matrix from each reproducer and its observation, in the corpus's order.
  public init(cases: [CompatCase], observations: [CompatReproducer: CompatObservation], compiler: String) {
    self.cases = cases.map {
      CaseInfo(id: $0.id, title: $0.title, technoteDiagnostic: $0.technoteDiagnostic, note: $0.note)
    }
    rows = cases.flatMap(\.reproducers).map { reproducer in
      let observation =
        observations[reproducer] ?? CompatObservation(observed: "not type-checked", pass: false)
      return Row(
        caseID: reproducer.caseID, variant: reproducer.variant.rawValue, model: reproducer.variant.model.rawValue,
        expected: reproducer.expectation.summary, observed: observation.observed, pass: observation.pass)
    }
    self.compiler = compiler
  }

  /// True when every row met its expectation.
  public var allPass: Bool { rows.allSatisfy(\.pass) }

  /// A GitHub-flavoured Markdown page: the matrix, then each case's technote text and notes.
  public var markdown: String {
    func cell(_ text: String) -> String {
      "`" + Escaping.markdownPipes(text.replacingOccurrences(of: "`", with: "'")) + "`"
    }
    let failures = rows.filter { !$0.pass }.count
    var out = "# TN3211 compatibility corpus\n\n"
    out += "Compiler: \(compiler)\n\n"
    out += "\(rows.count - failures) of \(rows.count) expectations met"
    out += failures == 0 ? ".\n\n" : "; \(failures) failed.\n\n"
    out += "| Case | Variant | Model | Expected | Observed | Pass |\n|---|---|---|---|---|---|\n"
    for row in rows {
      out += "| \(row.caseID) | \(row.variant) | \(row.model) | \(cell(row.expected)) | \(cell(row.observed)) | "
      out += row.pass ? "yes |\n" : "**NO** |\n"
    }
    out += "\n## Cases\n"
    for info in cases {
      out += "\n### \(info.id)\n\n\(info.title).\n\nTechnote diagnostic: \(cell("error: " + info.technoteDiagnostic))\n"
      if let note = info.note { out += "\nNote: \(note)\n" }
    }
    return out
  }

  /// JSON with sorted keys: the compiler, the cases and the rows.
  public var json: String {
    struct Document: Encodable {
      var compiler: String
      var allPass: Bool
      var cases: [CaseInfo]
      var rows: [Row]
    }
    return (try? JSONFormat.document(Document(compiler: compiler, allPass: allPass, cases: cases, rows: rows))) ?? "\n"
  }
}
