import Generators

/// The generator parameters the validity tests cover, and the pairwise subset of them that gets compiled.
enum ValidityGrid {
  /// How a case chooses its overload set: an explicit kind count or a preset's own table.
  enum KindChoice: CaseIterable {
    case k1, k2, k4, k11, swiftuiPreset, minimalPreset

    func apply(to spec: inout CaseSpec) {
      switch self {
      case .k1: spec.kinds = 1
      case .k2: spec.kinds = 2
      case .k4: spec.kinds = 4
      case .k11: spec.kinds = 11
      case .swiftuiPreset: spec.preset = .swiftui
      case .minimalPreset: spec.preset = .minimal
      }
    }
  }

  static let families = FamilySet.builtIn.families
  static let models = BuilderModel.allCases
  static let kindChoices = KindChoice.allCases
  static let depths = [1, 2, 3]
  static let blockStyles = BlockStyle.allCases
  static let primitiveCycles: [[Primitive]] = [
    [.group], [.section], [.foreach], [.section, .group, .foreach], [.list, .section, .foreach],
  ]
  static let widths = [1, 2]
  static let branchCounts = [1, 2, 3, 4]
  static let branchForms = BranchForm.allCases
  static let chartVariants = ChartVariant.allCases
  /// The legacy surfaces (iOS 18.0 per-kind, idealised unified) or the SDK ones (iOS 26.2, iOS 27.0).
  static let sdkSurfaces = [false, true]

  /// Value counts of the factors, in row order.
  static let valueCounts = [
    families.count, models.count, kindChoices.count, depths.count, blockStyles.count, primitiveCycles.count,
    widths.count, branchCounts.count, branchForms.count, chartVariants.count, sdkSurfaces.count,
  ]

  /// Every row the cover may choose from: the factors that apply to each family (the parameters its descriptor
  /// lists), nil for the rest.
  static var candidates: [[Int?]] {
    var rows: [[Int?]] = []
    for family in families.indices {
      let descriptor = families[family].descriptor
      let range: (ParameterSpec, Int) -> [Int?] = { parameter, count in
        descriptor.has(parameter) ? (0..<count).map { $0 } : [nil]
      }
      for model in models.indices {
        for kinds in range(.kinds, kindChoices.count) {
          for depth in range(.depth, depths.count) {
            for style in range(.blockStyle, blockStyles.count) {
              for primitives in range(.primitives, primitiveCycles.count) {
                for width in range(.width, widths.count) {
                  for branches in range(.branches, branchCounts.count) {
                    for form in range(.branchForm, branchForms.count) {
                      for variant in range(.chartVariant, chartVariants.count) {
                        for surface in range(.surface, sdkSurfaces.count) {
                          let row = [
                            family, model, kinds, depth, style, primitives, width, branches, form, variant, surface,
                          ]
                          if isAffordable(row) && !isDuplicateChart(row) { rows.append(row) }
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
    return rows
  }

  /// Per-kind depth 3 with eleven kinds costs 1–20 s a compile (uniform `ForEach` overloads are the worst); the
  /// fidelity test compiles the SwiftUI preset at depth 3 instead.
  private static func isAffordable(_ row: [Int?]) -> Bool {
    guard models[row[1]!] == .perKind, let kinds = row[2], let depth = row[3] else { return true }
    let elevenKinds = kindChoices[kinds] == .k11 || kindChoices[kinds] == .swiftuiPreset
    return !(elevenKinds && depths[depth] == 3)
  }

  /// Per-kind Charts has no back-deployment overload: its `compat` and `modern` forms are one source.
  private static func isDuplicateChart(_ row: [Int?]) -> Bool {
    guard let variant = row[9] else { return false }
    return models[row[1]!] == .perKind && chartVariants[variant] == .modern
  }

  /// The spec a row stands for.
  static func spec(_ row: [Int?]) -> CaseSpec {
    var spec = CaseSpec(family: families[row[0]!], model: models[row[1]!])
    if let kinds = row[2] { kindChoices[kinds].apply(to: &spec) }
    if let depth = row[3] { spec[.depth] = .integer(depths[depth]) }
    if let style = row[4] { spec.blockStyle = blockStyles[style] }
    if let primitives = row[5] { spec[.primitives] = .names(primitiveCycles[primitives].map(\.rawValue)) }
    if let width = row[6] { spec[.width] = .integer(widths[width]) }
    if let branches = row[7] { spec[.branches] = .integer(branchCounts[branches]) }
    if let form = row[8] { spec[.branchForm] = ParameterValue(branchForms[form]) }
    if let variant = row[9] { spec.chartVariant = chartVariants[variant] }
    if let surface = row[10], sdkSurfaces[surface] { spec.surface = .current(for: spec.model) }
    return spec
  }

  /// One small case per family and model, for the inline form.
  static let inlineCases: [CaseSpec] = families.flatMap { family in
    models.flatMap { model in
      BuilderSurface.allCases.filter { $0.model == model }.map { surface in
        var spec = CaseSpec(family: family, model: model, depth: 2, branches: 2)
        spec.surface = surface
        return spec
      }
    }
  }

  /// The pairwise cover, as specs.
  static let cases: [CaseSpec] = {
    let rows = candidates
    return PairwiseCover.select(rows, valueCounts: valueCounts).map { spec(rows[$0]) }
  }()
}
