import Escaping
import Foundation

/// The slowest bodies of a build, each flagged against a threshold and, when builder-heavy, given the technote's
/// recommended extraction as a hint; and its expressions ranked by constraint scopes.
public struct AnalysisReport: Hashable, Sendable {
  /// An output format of `render(_:)` (the same as the scope ranking's; `github` gives only its annotations).
  public typealias Format = ScopeRanking.Format

  /// One ranked body.
  public struct Body: Hashable, Sendable {
    public var row: SlowestReport.Row
    /// True when the body took at least the threshold.
    public var flagged: Bool
    /// The body's builder shape, when its source could be read.
    public var shape: BuilderShape?
    /// The recommended extraction, for a flagged builder-heavy body.
    public var hint: String?
  }

  /// The ranked bodies; nil when no compile timed them (`--scopes-only`).
  public var bodies: [Body]?
  /// The expressions ranked by scopes; nil when no compile traced them (`--bodies-only`).
  public var scopes: ScopeRanking?
  public var thresholdMilliseconds: Double
  /// Bodies at or over the threshold, before `limit` cut the list.
  public var flaggedCount: Int

  /// Nesting depth from which a body's builder content counts as deeply nested.
  public static let deepNesting = 3
  /// Branches from which a chain counts as long (the technote's chart case fails from about ten).
  public static let longChain = 4

  /// Ranks the logs' bodies and looks up each body's shape in its source.
  /// - Parameters:
  ///   - logs: Parsed compiler output of the timed compile; nil when there was none.
  ///   - scopes: The traced compile's expressions, ranked.
  ///   - sources: The text of a file given its path as the log prints it, or nil when it cannot be read.
  ///   - include: Keeps a row only when its file passes (for example: only the package's own files).
  ///   - limit: The most bodies listed.
  ///   - thresholdMilliseconds: Bodies at or over this are flagged.
  public init(
    logs: [ParsedTimingLog]?, scopes: ScopeRanking? = nil, sources: (String) -> String?,
    include: (String) -> Bool = { _ in true }, limit: Int = 20, thresholdMilliseconds: Double = 100
  ) {
    self.thresholdMilliseconds = thresholdMilliseconds
    self.scopes = scopes
    guard let logs else {
      flaggedCount = 0
      bodies = nil
      return
    }
    let ranked = SlowestReport(
      entries: logs.flatMap(\.bestAvailableEntries).filter { entry in entry.file.map(include) ?? false })
    flaggedCount = ranked.bodies.filter { $0.maximumMilliseconds >= thresholdMilliseconds }.count
    var cache: [String: String?] = [:]
    bodies = ranked.bodies.prefix(limit).map { row in
      var shape: BuilderShape?
      if let file = row.file, let line = row.line, let column = row.column {
        if cache[file] == nil { cache[file] = .some(sources(file)) }
        if let text = cache[file] ?? nil { shape = BuilderShape.scan(text, line: line, column: column) }
      }
      let flagged = row.maximumMilliseconds >= thresholdMilliseconds
      return Body(row: row, flagged: flagged, shape: shape, hint: flagged ? shape.flatMap(Self.hint) : nil)
    }
  }

  /// The technote's remedy for a builder shape, or nil when the body is not builder-heavy.
  public static func hint(for shape: BuilderShape) -> String? {
    var hints: [String] = []
    if shape.branchCount >= longChain {
      let builder = shape.containsChart ? "@ChartContentBuilder" : "@ViewBuilder"
      hints.append("move the \(shape.branchCount)-branch chain into its own \(builder) function")
    }
    if shape.builderDepth >= deepNesting {
      hints.append("extract the nested content (\(shape.builderDepth) builder levels) into a subview")
    }
    return hints.isEmpty ? nil : hints.joined(separator: "; ")
  }

  /// The report as text in `format`; paths under `base` are shown relative to it.
  public func render(_ format: Format, base: String? = nil) -> String {
    switch format {
    case .table:
      [bodies.map { _ in table }, scopes?.render(.table, base: base)].compactMap { $0 }.joined(separator: "\n")
    case .md: [bodies.map { _ in markdown }, scopes?.render(.md, base: base)].compactMap { $0 }.joined(separator: "\n")
    case .json: json
    case .github: scopes?.render(.github, base: base) ?? ""
    }
  }

  private func milliseconds(_ value: Double) -> String { NumberFormat.fixed(value, decimals: 2, trimZeros: false) }

  /// The body's description without the `@file:line:col` the 6.x compilers append (the location column has it).
  private func name(_ row: SlowestReport.Row) -> String {
    guard let description = row.description else { return "" }
    if let at = description.range(of: "@", options: .backwards), description[at.upperBound...].contains(":") {
      return String(description[..<at.lowerBound])
    }
    return description
  }

  private func shapeCells(_ body: Body) -> (depth: String, branches: String) {
    guard let shape = body.shape else { return ("–", "–") }
    return (String(shape.builderDepth), String(shape.branchCount))
  }

  private var table: String {
    var rows = [["ms", "flag", "depth", "branches", "location", "body", "hint"]]
    for body in bodies ?? [] {
      let cells = shapeCells(body)
      rows.append([
        milliseconds(body.row.maximumMilliseconds), body.flagged ? "SLOW" : "", cells.depth, cells.branches,
        body.row.location, name(body.row), body.hint ?? "",
      ])
    }
    let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
    var out = "Slowest bodies (\(flaggedCount) at or over \(milliseconds(thresholdMilliseconds)) ms):\n"
    for row in rows {
      let padded = row.enumerated().map { column, cell in
        column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
      }
      out += padded.joined(separator: "  ").trimmingCharacters(in: .whitespaces) + "\n"
    }
    return out
  }

  private var markdown: String {
    let escape = Escaping.markdownPipes
    var out = "## Slowest bodies\n\n\(flaggedCount) at or over \(milliseconds(thresholdMilliseconds)) ms.\n\n"
    out += "| ms | slow | builder depth | branches | location | body | hint |\n|---:|---|---:|---:|---|---|---|\n"
    for body in bodies ?? [] {
      let cells = shapeCells(body)
      out += "| \(milliseconds(body.row.maximumMilliseconds)) | \(body.flagged ? "yes" : "") | \(cells.depth) | "
      out += "\(cells.branches) | `\(escape(body.row.location))` | \(escape(name(body.row))) | "
      out += "\(escape(body.hint ?? "")) |\n"
    }
    return out
  }

  private var json: String {
    struct BodyJSON: Encodable {
      var milliseconds: Double
      var count: Int
      var location: String
      var description: String?
      var flagged: Bool
      var builderDepth: Int?
      var branchCount: Int?
      var hint: String?
    }
    struct Document: Encodable {
      var thresholdMilliseconds: Double
      var flaggedCount: Int
      /// Absent when no compile timed the bodies.
      var bodies: [BodyJSON]?
      /// The expressions ranked by constraint scopes; absent when no compile traced them.
      var scopes: ScopeRanking.Document?
    }
    let document = Document(
      thresholdMilliseconds: thresholdMilliseconds, flaggedCount: flaggedCount,
      bodies: bodies?.map {
        BodyJSON(
          milliseconds: $0.row.maximumMilliseconds, count: $0.row.count, location: $0.row.location,
          description: $0.row.description, flagged: $0.flagged, builderDepth: $0.shape?.builderDepth,
          branchCount: $0.shape?.branchCount, hint: $0.hint)
      },
      scopes: scopes?.document)
    return (try? JSONFormat.document(document)) ?? "\n"
  }
}
