import Foundation

/// The lines `bench sdk import` prints for a module set: per module, public declarations kept of declared, and
/// bodies, conformances and declarations that went.
public enum SDKImportSummary {
  public static func lines(_ manifest: SDKImportManifest) -> [String] {
    var lines = ["Compiler: \(manifest.compiler); target \(manifest.target); \(manifest.seconds) s"]
    for module in manifest.modules {
      let counts = module.counts
      let declared = counts.declared.values.reduce(0, +)
      let kept = counts.kept.values.reduce(0, +)
      let share = counts.publicDeclared == 0 ? 100 : Double(counts.publicKept) / Double(counts.publicDeclared) * 100
      lines.append(
        "  \(module.name): \(counts.publicKept) of \(counts.publicDeclared) public declarations kept "
          + "(\(String(format: "%.1f", share)) %); \(kept) of \(declared) in all; \(counts.bodiesStripped) bodies "
          + "stripped, \(counts.conformancesRemoved) conformances removed; \(counts.rounds) builds")
    }
    let stubbed = manifest.stubs.map { "\($0.module) (\($0.declarations.count))" }.joined(separator: ", ")
    lines.append("  stubs: \(stubbed.isEmpty ? "none" : stubbed)")
    if let initializers = manifest.builderInitializers {
      if manifest.modules.contains(where: { $0.name == "SwiftUICore" || $0.name == "SwiftUI" }) {
        lines += BuilderSurfaceCheck.check(initializers, against: BuilderSurfaceCheck.surface(for: initializers)).lines
      } else {
        lines.append(
          "  builder initializers of Group, Section and ForEach: \(initializers.count) (no SwiftUI module to "
            + "compare with a miniature surface)")
      }
    }
    lines.append("  every change, with its line and the compiler's reason: manifest.json")
    return lines
  }
}
