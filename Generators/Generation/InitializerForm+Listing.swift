/// The forms a case's framework declares and `bench generate --list-surface`'s listing of them: they read both kinds
/// of surface and the modules `CaseGenerator` names, so they live above the framework's layers.
extension InitializerForm {
  /// Every initializer form `spec`'s framework declares on Group, Section and ForEach, by primitive, kind and form:
  /// on an SDK surface, every module's (Charts' and MapKit's too, whether or not the case imports them).
  public static func forms(for spec: CaseSpec) -> [InitializerForm] {
    guard spec.surface.isLegacy else { return ModularSurface(spec: spec).forms }
    return PrimitiveForms.forms(of: FrameworkSurface(spec: spec))
  }

  /// `bench generate --list-surface`: for each surface (those `--surface` names, else all four) and each kind count
  /// of the sweep, the forms of Group, Section and ForEach, one line per form under a count per primitive and kind
  /// (and, on an SDK surface, per declaring module).
  public static func listing(_ sweep: CaseSweep) -> String {
    var lines: [String] = []
    let preset = sweep.values(of: .preset).first.flatMap { $0.flatMap { KindPreset(rawValue: $0.text) } } ?? .swiftui
    let given = sweep[.surface].map { $0.compactMap { BuilderSurface(rawValue: $0.text) } }
    let surfaces = (given ?? BuilderSurface.allCases).filter { sweep.models.contains($0.model) }
    for kinds in sweep.values(of: .kinds).map({ $0?.integer }) {
      for surface in surfaces.sorted(by: { ($0.model, $0.isLegacy ? 0 : 1) < ($1.model, $1.isLegacy ? 0 : 1) }) {
        var spec = CaseSpec(model: surface.model, preset: preset, kinds: kinds)
        spec.surface = surface
        let overloads = kinds.map { "\($0) uniform kinds" } ?? "preset \(preset.rawValue)"
        if !lines.isEmpty { lines.append("") }
        let modules =
          surface.isLegacy
          ? "module \(CaseGenerator.module(for: spec).name)"
          : "modules "
            + CaseGenerator.modules(of: ModularSurface(spec: spec).importingEveryModule).map(\.name).joined(
              separator: ", ")
        lines.append(
          "\(surface.model.rawValue) model, \(surface.title) surface (--surface \(surface.rawValue)), \(overloads) "
            + "(\(modules)):")
        lines += listing(forms(for: spec))
      }
    }
    return lines.joined(separator: "\n")
  }

  /// The lines of one surface's listing.
  static func listing(_ forms: [InitializerForm]) -> [String] {
    var lines: [String] = []
    for primitive in [Primitive.group, .section, .foreach] {
      let own = forms.filter { $0.primitive == primitive }
      lines.append("  \(primitive.typeName): \(own.count) builder initializer\(own.count == 1 ? "" : "s")")
      var kindOrder: [String] = []
      for form in own where !kindOrder.contains(form.kind) { kindOrder.append(form.kind) }
      for kind in kindOrder {
        let ofKind = own.filter { $0.kind == kind }
        var modules: [MiniatureModule] = []
        for form in ofKind { if let module = form.module, !modules.contains(module) { modules.append(module) } }
        let location =
          modules.count > 1
          ? ": "
            + modules.map { module in "\(module.rawValue) \(ofKind.count { $0.module == module })" }.joined(
              separator: ", ")
          : modules.first.map { ", \($0.rawValue)" } ?? ""
        lines.append("    \(kind) (\(ofKind.count)\(location))")
        lines += ofKind.map { form in
          "      \(form.name)" + (form.isDisfavored ? " (disfavored)" : "")
        }
      }
    }
    return lines
  }
}
