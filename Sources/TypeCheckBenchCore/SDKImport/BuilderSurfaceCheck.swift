import Foundation
import Generators

/// The imported modules' builder initializers against a miniature surface's forms: the same primitive, kind,
/// declaring module, name and ranking, as many times each. What differs is a finding about one side or the other.
public struct BuilderSurfaceCheck: Sendable, Equatable {
  public struct Key: Hashable, Comparable, Sendable {
    public var primitive: String
    public var kind: String
    public var module: String
    public var name: String
    public var isDisfavored: Bool

    public static func < (a: Key, b: Key) -> Bool {
      (a.primitive, a.kind, a.module, a.name, a.isDisfavored ? 1 : 0)
        < (b.primitive, b.kind, b.module, b.name, b.isDisfavored ? 1 : 0)
    }

    var description: String {
      "\(module) \(primitive).\(name) (\(kind)\(isDisfavored ? ", disfavored" : ""))"
    }
  }

  public var surface: BuilderSurface
  /// Keys whose counts differ: how many the imported modules declare and how many the miniature does.
  public var differences: [(key: Key, imported: Int, miniature: Int)]
  public var importedCount: Int

  public static func == (a: Self, b: Self) -> Bool {
    a.surface == b.surface && a.importedCount == b.importedCount
      && a.differences.map { "\($0.key)\($0.imported)/\($0.miniature)" }
        == b.differences.map { "\($0.key)\($0.imported)/\($0.miniature)" }
  }

  /// The surface an imported set is compared with: the unified one when any form takes the unified builder.
  public static func surface(for imported: [BuilderInitializer]) -> BuilderSurface {
    imported.contains { $0.kind == "ContentBuilder" } ? .ios27 : .ios26
  }

  public static func check(_ imported: [BuilderInitializer], against surface: BuilderSurface) -> BuilderSurfaceCheck {
    var spec = CaseSpec(model: surface.model)
    spec.surface = surface
    var miniature: [Key: Int] = [:]
    for form in InitializerForm.forms(for: spec) {
      // `init(_:content:) [Range<Int>]`: the SDK's name before what tells equal labels apart.
      let name = form.name.split(separator: " ").first.map(String.init) ?? form.name
      let key = Key(
        primitive: form.primitive.typeName, kind: form.kind, module: form.module?.rawValue ?? "",
        name: name, isDisfavored: form.isDisfavored)
      miniature[key, default: 0] += 1
    }
    var declared: [Key: Int] = [:]
    for initializer in imported {
      let key = Key(
        primitive: initializer.primitive, kind: initializer.kind, module: initializer.module, name: initializer.name,
        isDisfavored: initializer.isDisfavored)
      declared[key, default: 0] += 1
    }
    let differences = Set(miniature.keys).union(declared.keys).sorted().compactMap { key in
      let (a, b) = (declared[key] ?? 0, miniature[key] ?? 0)
      return a == b ? nil : (key: key, imported: a, miniature: b)
    }
    return BuilderSurfaceCheck(surface: surface, differences: differences, importedCount: imported.count)
  }

  static let shownDifferences = 20

  /// The lines `bench sdk import` prints: a match, or each difference.
  public var lines: [String] {
    let head = "  builder initializers of Group, Section and ForEach: \(importedCount)"
    guard !differences.isEmpty else {
      return [head + ", each as the miniature's \(surface.rawValue) surface declares it (module, name, kind, rank)"]
    }
    let shown = differences.prefix(Self.shownDifferences).map {
      "    \($0.key.description): imported \($0.imported), miniature \($0.miniature)"
    }
    let more = differences.count - shown.count
    return [head + "; \(differences.count) differ from the miniature's \(surface.rawValue) surface:"] + shown
      + (more > 0 ? ["    and \(more) more: builderInitializers in manifest.json"] : [])
  }
}
