import Generators

/// Everything a report shows about one run, computed once from the record: points, series, comparisons.
public struct RunReport: Sendable {
  public var record: RunRecord
  /// One summary per (case, toolchain), in case order then toolchain order.
  public var points: [PointSummary]
  public var series: [PointSeries]
  /// Toolchain names in the record's order (plus any named only by samples).
  public var toolchains: [String]
  /// Families with at least one point, in declaration order.
  public var families: [CaseFamily]
  /// Comparisons per family.
  public var comparisons: [CaseFamily: [SeriesComparison]]
  /// The `--counter`s no compile of the run wrote. swiftc writes only non-zero counters, so such a name is misspelt
  /// or stays zero for every case: the report says so instead of fitting nothing.
  public var unwrittenCounters: [String]
  /// The metrics bench declares (`Metric.all`): a `--counter` reading one of them gets its columns, chart words and
  /// fit name. Tests set their own.
  var declaredMetrics = Metric.all

  public init(_ record: RunRecord) {
    self.record = record
    points = PointSummary.summaries(of: record)
    series = PointSeries.series(of: points)
    var toolchains = record.toolchains.map(\.name)
    for point in points where !toolchains.contains(point.toolchain) { toolchains.append(point.toolchain) }
    self.toolchains = toolchains
    families = Set(points.map(\.spec.family)).sorted()
    var comparisons: [CaseFamily: [SeriesComparison]] = [:]
    for family in families {
      comparisons[family] = SeriesComparison.comparisons(
        of: series.filter { $0.family == family }, toolchains: toolchains)
    }
    self.comparisons = comparisons
    var written: Set<String> = []
    for sample in record.samples where sample.givesCounters { written.formUnion(sample.stats.keys) }
    for build in record.moduleBuilds { written.formUnion(build.stats.keys) }
    // The case's own instructions are charted like a counter, but the timed compiles count them, not swiftc's stats.
    if record.samples.contains(where: { $0.instructions != nil }) { written.insert(StatName.instructions) }
    unwrittenCounters = record.chartedCounters.filter { $0 != StatName.constraintScopes && !written.contains($0) }
  }

  /// The warning `bench run` prints for each counter no compile wrote.
  public var unwrittenCounterWarnings: [String] {
    unwrittenCounters.map { counter in
      "warning: --counter \(counter): no compile of this run wrote it; swiftc writes only non-zero counters, so the "
        + "name is misspelt or the counter stays zero for these cases (bench counters RUN --all lists those written)"
    }
  }

  /// A family's name for headings, for example `Nesting`.
  /// What the compared values of a comparison mean, when their names alone could mislead (the chart variants).
  static func legend(for comparison: SeriesComparison) -> String? {
    comparison.family.descriptor.wording.legend(comparison.series.map(\.spec))
  }

  static func title(of family: CaseFamily) -> String { family.descriptor.title }

  /// The x axis of a family's tables and charts as its cases name it: the family's own, or the parameter a template
  /// is swept along.
  func axisName(of family: CaseFamily) -> String {
    points.first { $0.spec.family == family }?.spec.axisName ?? family.axis
  }

  /// "at depth 4", "at 8 branches", "at 16 states", or for an axis labelled apart from its name (a template's
  /// `param:N`, labelled `N`) "at N=6".
  static func axisPhrase(_ family: CaseFamily, _ value: Int) -> String {
    let parameter = family.descriptor.axis
    if parameter.label != parameter.name { return "at \(parameter.label)=\(value)" }
    let axis = parameter.name
    if axis == "depth" { return "at depth \(value)" }
    if axis == "branches" { return "at " + FamilyWording.branchCount(value) }
    return "at \(value) \(value == 1 ? String(axis.dropLast()) : axis)"
  }

  /// A series label: what it compares, what tells its comparison apart, and the toolchain when there are several.
  func label(of line: PointSeries, in comparison: SeriesComparison) -> String {
    var label = comparison.distinction.isEmpty ? line.label : SeriesComparison.contrast(of: line.spec)
    var distinction = comparison.distinction.split(separator: ", ").map(String.init)
    // When surfaces tell the comparisons apart, a series names its own with its model (`per-kind iOS 26.2`).
    if line.spec.family.descriptor.contrast.parameter == "model",
      let index = distinction.firstIndex(where: { $0.hasPrefix("surface ") })
    {
      label = "\(line.spec.modelLabel) \(line.spec.surface.title)"
      distinction.remove(at: index)
    }
    if !distinction.isEmpty { label += ", " + distinction.joined(separator: ", ") }
    return toolchains.count > 1 ? "\(label) @ \(line.toolchain)" : label
  }
}
