import Generators

/// Series of one family that differ only in what the family compares (builder model, or chart variant), across
/// every toolchain: the unit of one report table.
public struct SeriesComparison: Sendable {
  public var family: CaseFamily
  /// The parameters the compared series share, for a table heading.
  public var title: String
  /// Only the parameters that tell this comparison from the family's others (for example `K=4`); empty when the
  /// family has one comparison.
  public var distinction: String = ""
  /// The compared values present, in declaration order (`per-kind`, `unified` or `compat`, `modern`, `extracted`).
  public var contrasts: [String]
  public var toolchains: [String]
  public var series: [PointSeries]

  /// The series of one compared value and toolchain.
  public func series(contrast: String, toolchain: String) -> PointSeries? {
    series.first { SeriesComparison.contrast(of: $0.spec) == contrast && $0.toolchain == toolchain }
  }

  /// Every axis value measured by any member, ascending.
  public var axisValues: [Int] {
    Set(series.flatMap { $0.points.map(\.spec.axisValue) }).sorted()
  }

  /// What a template without SwiftUI or Charts imports compares: nothing, it is one series per parameter set.
  public static let templateContrast = TemplateCase.unmodeledContrast
  /// What cases compiled against the real SDK compare: the SDK decides the builder model, so there is one series.
  public static let sdkContrast = FrameworkSource.sdk.rawValue

  /// The value a family compares (its descriptor's `contrast`).
  public static func contrast(of spec: CaseSpec) -> String {
    spec.family.descriptor.contrast.value(spec)
  }

  /// Every compared value of `family`, in declaration order.
  public static func allContrasts(of family: CaseFamily) -> [String] {
    family.descriptor.contrast.values
  }

  /// Groups `series` of one family into comparisons, ordered by first appearance.
  public static func comparisons(of series: [PointSeries], toolchains: [String]) -> [SeriesComparison] {
    var order: [String] = []
    var members: [String: [PointSeries]] = [:]
    for line in series {
      // One comparison per series id (the axis left out) with the compared value fixed.
      let key = line.spec.family.descriptor.contrast.neutralized(line.spec).seriesID
      if members[key] == nil { order.append(key) }
      members[key, default: []].append(line)
    }
    var result = order.map { key in
      let lines = members[key]!
      let spec = lines[0].spec
      let present = Set(lines.map { contrast(of: $0.spec) })
      // The surfaces of one generation are compared with each other: with the model, the comparison names both.
      var skipped: Set<String> = [spec.axisParameter, spec.family.descriptor.contrast.parameter, "family"]
      if spec.family.descriptor.contrast.parameter == "model" { skipped.insert(ParameterSpec.surface.name) }
      var parts = spec.relevantParameters.filter { !skipped.contains($0.name) }.map { parameter in
        display(parameter.name, parameter.value)
      }
      if skipped.contains(ParameterSpec.surface.name) && spec.sets(.surface) {
        parts.append(display(ParameterSpec.surface.name, surfaces(of: spec)))
      }
      let title = parts.joined(separator: ", ")
      return SeriesComparison(
        family: spec.family, title: title, contrasts: allContrasts(of: spec.family).filter(present.contains),
        toolchains: toolchains.filter { name in lines.contains { $0.toolchain == name } }, series: lines)
    }
    // Name a comparison by the parameters whose values differ between the family's comparisons. Once a run
    // names an SDK surface, every comparison has one (a legacy one unspelled), which tells apart comparisons
    // that differ in nothing else; a run on the legacy surfaces alone is named as before they existed.
    guard result.count > 1 else { return result }
    let surface = ParameterSpec.surface.name
    let namesSurfaces = result.contains { $0.series.contains { $0.spec.sets(.surface) } }
    let shared = result.map { comparison in
      let spec = comparison.series[0].spec
      var values = Dictionary(spec.relevantParameters.map { ($0.name, $0.value) }) { a, _ in a }
      if namesSurfaces && spec.family.descriptor.has(.surface) { values[surface] = surfaces(of: spec) }
      return values
    }
    var candidates = result[0].series[0].spec.relevantParameters.map(\.name)
    if namesSurfaces && !candidates.contains(surface) { candidates.append(surface) }
    let names = candidates.filter { name in
      Set(shared.map { $0[name] ?? "" }).count > 1
    }
    for index in result.indices {
      // A legacy comparison in a run that names SDK surfaces names its own, as the others do.
      let spec = result[index].series[0].spec
      if namesSurfaces && spec.family.descriptor.has(.surface) && !spec.sets(.surface) {
        result[index].title += (result[index].title.isEmpty ? "" : ", ") + display(surface, surfaces(of: spec))
      }
      result[index].distinction = names.map { name in display(name, shared[index][name] ?? "") }.joined(
        separator: ", ")
    }
    return result
  }

  /// The surfaces a comparison of `spec` holds, as headings name them: with the model compared, both of its
  /// generation (`iOS 26.2 / iOS 27.0`), otherwise the case's own (`iOS 26.2`).
  static func surfaces(of spec: CaseSpec) -> String {
    let own = spec.surface
    guard spec.family.descriptor.contrast.parameter == "model" else { return own.title }
    let perKind = own.model == .perKind ? own : own.counterpart
    return "\(perKind.title) / \(perKind.counterpart.title)"
  }

  /// A parameter as a heading shows it: `K=4`, a template's `M=2`, otherwise `branch form switch`.
  static func display(_ name: String, _ value: String) -> String {
    if name == "kinds" { return "K=\(value)" }
    if name == ParameterSpec.surface.name {
      return "surface " + (BuilderSurface(rawValue: value)?.title ?? value)
    }
    if name.hasPrefix("param:") { return "\(name.dropFirst("param:".count))=\(value)" }
    return "\(name.replacingOccurrences(of: "_", with: " ")) \(value)"
  }
}
