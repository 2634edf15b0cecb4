import Generators

/// The fixed preamble of a generated case: the code before the case's own lines (the framework module's `import`,
/// or in inline form the whole framework), without the comments that name the case. Compiled alone, it is the
/// import-only baseline every case of that preamble pays.
public struct BaselinePreamble: Hashable, Sendable {
  /// The preamble's Swift source, a file of its own.
  public var source: String
  /// What it holds, for reports: `import PerKindUI`, `inline framework`, or `empty file`.
  public var label: String
  /// The module it imports (module form), built once per toolchain before any case.
  public var module: FrameworkModule?
  /// Every module it needs (an SDK surface's case imports SwiftUI, which imports SwiftUICore).
  public var modules: [FrameworkModule] = []

  /// The preamble of `generated`.
  public init(of generated: GeneratedCase) {
    let lines = generated.source.split(separator: "\n", omittingEmptySubsequences: false)
    let before = lines.prefix(max(0, generated.caseLines.lowerBound - 1))
    let code = before.filter { line in
      let trimmed = line.drop(while: \.isWhitespace)
      return !trimmed.isEmpty && !trimmed.hasPrefix("//")
    }
    source = code.joined(separator: "\n") + (code.isEmpty ? "" : "\n")
    module = generated.module
    modules = generated.modules
    let imports = code.filter { $0.hasPrefix("import ") }
    label =
      code.isEmpty
      ? "empty file"
      : imports.count == code.count ? imports.joined(separator: "; ") : "inline framework"
  }

  /// A hash of everything the baseline depends on: the preamble and the module source it imports.
  public var key: String {
    let text =
      source
      + (modules.isEmpty ? module.map { [$0] } ?? [] : modules).map {
        "\n// module \($0.name)\n" + $0.source
      }.joined()
    return "fnv1a64-" + FNV1a.hex(text)
  }

  /// The file name the baseline is compiled as.
  public var fileName: String { "baseline-\(key.suffix(16)).swift" }
}
