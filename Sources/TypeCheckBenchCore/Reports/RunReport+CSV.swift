import Generators

extension RunReport {
  /// Every sample, one row each, in tidy long form: `pass` says which kind of compile it is (`timed`: its time is
  /// reported; `instrumented`: the point's counters, scopes among them; empty in runs measured before the two
  /// existed), `case_ms` is the case's own bodies (empty when none printed), `wall_s`, `user_s`, `system_s` the swiftc
  /// process, `typecheck_wall_s` the stats timer of the whole file's type checking; parameters that do not apply to
  /// the case's family are empty.
  var samplesCSV: CSVTable {
    let parameterNames = csvParameterNames
    var table = CSVTable(
      header: ["run_id", "toolchain", "case_id"] + parameterNames.map(RunReport.csvColumn) + [
        "iteration", "pass", "outcome", "detail", "case_ms", "wall_s", "user_s", "system_s", "max_rss_bytes",
        "constraint_scopes", "leaf_scopes", "typecheck_wall_s",
      ])
    let specs = CaseSpec.byID(record.cases)
    table.rows.reserveCapacity(record.samples.count)
    for sample in record.samples {
      let relevant = Dictionary(
        (specs[sample.caseID]?.relevantParameters ?? []).map { ($0.name, $0.value) }
      ) { first, _ in first }
      let parameters = parameterNames.map { relevant[$0] ?? "" }
      table.rows.append(
        [record.runID, sample.toolchain, sample.caseID] + parameters + [
          String(sample.iteration), sample.pass?.rawValue ?? "", sample.outcome.rawValue, sample.detail ?? "",
          RunReport.csvNumber(sample.caseMilliseconds), RunReport.csvNumber(sample.wallSeconds),
          RunReport.csvNumber(sample.userSeconds), RunReport.csvNumber(sample.systemSeconds),
          String(sample.maxRSSBytes), RunReport.csvNumber(sample.constraintScopes),
          RunReport.csvNumber(sample.leafScopes), RunReport.csvNumber(sample.stats[StatName.typeCheckWall]),
        ])
    }
    return table
  }

  /// One row per point. hyperfine's `--export-csv` columns come first and mean what they mean there: the swiftc
  /// process, in seconds (`mean`, `stddev`, `median`, `min`, `max` of the wall-clock time; `user` and `system` the
  /// mean CPU times). Then the toolchain, the outcome, the sample count and what the values are (`bound`: `exact`
  /// for a measured point, `lower` for a censored one, whose figures are lower bounds (the solver gave up or bench's
  /// timeout killed the compile), `none` for a point with no measurement); the case's type-check time in
  /// milliseconds (`case_ms_*`) and the clock it comes from (`case_timer`); the constraint scopes; and every case
  /// parameter, empty where it does not apply to the case's family.
  var summaryCSV: CSVTable {
    let parameterNames = csvParameterNames
    var table = CSVTable(
      header: ["command", "mean", "stddev", "median", "user", "system", "min", "max"]
        + ["toolchain", "outcome", "n", "bound"]
        + ["case_ms_median", "case_ms_mean", "case_ms_stddev", "case_ms_min", "case_ms_max", "case_timer"]
        + ["scopes", "leaf_scopes"] + extraCounters
        + parameterNames.map { "parameter_" + RunReport.csvColumn($0) })
    for point in points {
      let wall = point.wallSeconds
      let time = point.milliseconds
      let number = RunReport.csvNumber
      let relevant = Dictionary(point.spec.relevantParameters.map { ($0.name, $0.value) }) { first, _ in first }
      table.rows.append(
        [
          point.name, number(wall?.mean), number(wall?.standardDeviation), number(wall?.median),
          number(point.userSeconds?.mean), number(point.systemSeconds?.mean), number(wall?.min), number(wall?.max),
          point.toolchain, point.outcome.rawValue, String(point.count),
          point.outcome.isCensored ? "lower" : (point.outcome.isFailure ? "none" : "exact"),
          number(time?.median), number(time?.mean), number(time?.standardDeviation), number(time?.min),
          number(time?.max), point.timer?.rawValue ?? "",
          number(point.constraintScopes), number(point.leafScopes),
        ] + extraCounters.map { number(point.statistics[$0]) } + parameterNames.map { relevant[$0] ?? "" })
    }
    return table
  }

  /// Every built-in parameter of bench's first records, then those only some families' cases have (a template's
  /// `template`, `hash`, and each `--param`; a family's own). A parameter added later has a column only when some
  /// case of the run sets it (`surface` other than the legacy one), so a run's CSV does not change when one is added.
  var csvParameterNames: [String] {
    var names = ParameterSpec.builtIn.filter { parameter in
      parameter.alwaysSpelled || record.cases.contains { $0.sets(parameter) }
    }.map(\.name)
    for spec in record.cases {
      for parameter in spec.family.descriptor.parameters
      where !names.contains(parameter.name) && (parameter.alwaysSpelled || spec.sets(parameter)) {
        names.append(parameter.name)
      }
    }
    return names
  }

  /// A parameter's CSV column: a template's `param:N` is `param_N`.
  static func csvColumn(_ name: String) -> String { name.replacingOccurrences(of: ":", with: "_") }

  /// A number for CSV: up to 12 significant digits, `.` decimals, empty when absent.
  static func csvNumber(_ value: Double?) -> String {
    guard let value else { return "" }
    return NumberFormat.compact(value, digits: 12)
  }
}
