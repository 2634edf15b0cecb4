import Escaping
import Foundation

/// The slowest bodies of a build, each flagged against a threshold and, when builder-heavy, given the technote's
/// recommended extraction as a hint.
public struct AnalysisReport: Hashable, Sendable {
  /// An output format of `render(_:)`.
  public enum Format: String, CaseIterable, Sendable {
    case table, md, json
  }

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

  public var bodies: [Body]
  public var expressions: [SlowestReport.Row]
  /// True when the expressions come from a compile of their own with the expression timer armed (which slows the
  /// code it times), not from the compile the bodies were timed in.
  public var expressionsFromInstrumentedCompile: Bool
  public var thresholdMilliseconds: Double
  /// Bodies at or over the threshold, before `limit` cut the list.
  public var flaggedCount: Int

  /// Nesting depth from which a body's builder content counts as deeply nested.
  public static let deepNesting = 3
  /// Branches from which a chain counts as long (the technote's chart case fails from about ten).
  public static let longChain = 4

  /// Ranks the logs' bodies and looks up each body's shape in its source.
  /// - Parameters:
  ///   - logs: Parsed compiler output.
  ///   - expressionLogs: The output of a separate compile with the expression timer armed, whose expressions are
  ///     ranked instead of those in `logs`; nil to rank `logs`' own.
  ///   - sources: The text of a file given its path as the log prints it, or nil when it cannot be read.
  ///   - include: Keeps a row only when its file passes (for example: only the package's own files).
  ///   - limit: The most bodies and expressions listed.
  ///   - thresholdMilliseconds: Bodies at or over this are flagged.
  public init(
    logs: [ParsedTimingLog], expressionLogs: [ParsedTimingLog]? = nil, sources: (String) -> String?,
    include: (String) -> Bool = { _ in true }, limit: Int = 20, thresholdMilliseconds: Double = 100
  ) {
    func rank(_ logs: [ParsedTimingLog]) -> SlowestReport {
      SlowestReport(entries: logs.flatMap(\.bestAvailableEntries).filter { entry in entry.file.map(include) ?? false })
    }
    let ranked = rank(logs)
    self.thresholdMilliseconds = thresholdMilliseconds
    flaggedCount = ranked.bodies.filter { $0.maximumMilliseconds >= thresholdMilliseconds }.count
    expressionsFromInstrumentedCompile = expressionLogs != nil
    expressions = Array((expressionLogs.map(rank) ?? ranked).expressions.prefix(limit))
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

  /// The report as text in `format`.
  public func render(_ format: Format) -> String {
    switch format {
    case .table: table
    case .md: markdown
    case .json: json
    }
  }

  private func milliseconds(_ value: Double) -> String { NumberFormat.fixed(value, decimals: 2, trimZeros: false) }

  /// What the expression times are, when a separate compile took them.
  private var expressionsNote: String {
    expressionsFromInstrumentedCompile
      ? " (a second compile with the expression timer armed, which slows it: compare them with each other)" : ""
  }

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
    for body in bodies {
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
    if !expressions.isEmpty {
      out += "\nSlowest expressions\(expressionsNote):\n"
      for row in expressions { out += "\(milliseconds(row.maximumMilliseconds))  \(row.location)\n" }
    }
    return out
  }

  private var markdown: String {
    let escape = Escaping.markdownPipes
    var out = "## Slowest bodies\n\n\(flaggedCount) at or over \(milliseconds(thresholdMilliseconds)) ms.\n\n"
    out += "| ms | slow | builder depth | branches | location | body | hint |\n|---:|---|---:|---:|---|---|---|\n"
    for body in bodies {
      let cells = shapeCells(body)
      out += "| \(milliseconds(body.row.maximumMilliseconds)) | \(body.flagged ? "yes" : "") | \(cells.depth) | "
      out += "\(cells.branches) | `\(escape(body.row.location))` | \(escape(name(body.row))) | "
      out += "\(escape(body.hint ?? "")) |\n"
    }
    if !expressions.isEmpty {
      out += "\n## Slowest expressions\n\n"
      if expressionsFromInstrumentedCompile { out += "From a second compile\(expressionsNote).\n\n" }
      out += "| ms | location |\n|---:|---|\n"
      for row in expressions { out += "| \(milliseconds(row.maximumMilliseconds)) | `\(escape(row.location))` |\n" }
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
    struct ExpressionJSON: Encodable {
      var milliseconds: Double
      var location: String
    }
    struct Document: Encodable {
      var thresholdMilliseconds: Double
      var flaggedCount: Int
      /// `instrumented compile` or `same compile`: where the expression times come from.
      var expressionsFrom: String
      var bodies: [BodyJSON]
      var expressions: [ExpressionJSON]
    }
    let document = Document(
      thresholdMilliseconds: thresholdMilliseconds, flaggedCount: flaggedCount,
      expressionsFrom: expressionsFromInstrumentedCompile ? "instrumented compile" : "same compile",
      bodies: bodies.map {
        BodyJSON(
          milliseconds: $0.row.maximumMilliseconds, count: $0.row.count, location: $0.row.location,
          description: $0.row.description, flagged: $0.flagged, builderDepth: $0.shape?.builderDepth,
          branchCount: $0.shape?.branchCount, hint: $0.hint)
      },
      expressions: expressions.map { ExpressionJSON(milliseconds: $0.maximumMilliseconds, location: $0.location) })
    return (try? JSONFormat.document(document)) ?? "\n"
  }
}
