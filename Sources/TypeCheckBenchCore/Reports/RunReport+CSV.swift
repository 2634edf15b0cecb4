import Generators

extension RunReport {
  /// Every sample, one row each, in tidy long form.
  var samplesCSV: CSVTable {
    let parameterNames = CaseSpec().parameters.map(\.name)
    var table = CSVTable(
      header: ["run_id", "toolchain", "case_id"] + parameterNames + [
        "iteration", "outcome", "detail", "case_ms", "wall_s", "user_s", "system_s", "max_rss_bytes",
        "constraint_scopes", "leaf_scopes", "typecheck_wall_s",
      ])
    var specs: [String: CaseSpec] = [:]
    for spec in record.cases where specs[spec.id] == nil { specs[spec.id] = spec }
    table.rows.reserveCapacity(record.samples.count)
    for sample in record.samples {
      let parameters =
        specs[sample.caseID]?.parameters.map(\.value) ?? Array(repeating: "", count: parameterNames.count)
      table.rows.append(
        [record.runID, sample.toolchain, sample.caseID] + parameters + [
          String(sample.iteration), sample.outcome.rawValue, sample.detail ?? "",
          RunReport.csvNumber(sample.caseMilliseconds), RunReport.csvNumber(sample.wallSeconds),
          RunReport.csvNumber(sample.userSeconds), RunReport.csvNumber(sample.systemSeconds),
          String(sample.maxRSSBytes), RunReport.csvNumber(sample.constraintScopes),
          RunReport.csvNumber(sample.leafScopes), RunReport.csvNumber(sample.stats[StatName.typeCheckWall]),
        ])
    }
    return table
  }

  /// One row per point: hyperfine's `--export-csv` columns first (seconds), then the case parameters, then ours.
  var summaryCSV: CSVTable {
    let parameterNames = CaseSpec().parameters.map(\.name)
    var table = CSVTable(
      header: ["command", "mean", "stddev", "median", "user", "system", "min", "max"]
        + parameterNames.map { "parameter_\($0)" }
        + ["model", "family", "depth", "branches", "kinds", "scopes", "outcome", "n"])
    for point in points {
      let time = point.milliseconds
      let seconds = { (value: Double?) in RunReport.csvNumber(value.map { $0 / 1000 }) }
      let spec = point.spec
      table.rows.append(
        [
          point.name, seconds(time?.mean), seconds(time?.standardDeviation), seconds(time?.median),
          RunReport.csvNumber(point.userSeconds?.mean), RunReport.csvNumber(point.systemSeconds?.mean),
          seconds(time?.min), seconds(time?.max),
        ] + spec.parameters.map(\.value) + [
          spec.model.rawValue, spec.family.rawValue, String(spec.depth), String(spec.branches),
          String(spec.effectiveKinds), RunReport.csvNumber(point.constraintScopes), point.outcome.rawValue,
          String(point.count),
        ])
    }
    return table
  }

  /// A number for CSV: up to 12 significant digits, `.` decimals, empty when absent.
  static func csvNumber(_ value: Double?) -> String {
    guard let value else { return "" }
    return NumberFormat.compact(value, digits: 12)
  }
}
