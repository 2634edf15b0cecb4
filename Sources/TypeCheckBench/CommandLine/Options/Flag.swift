import Generators
import TypeCheckBenchCore

/// A switch: given or not (`--quiet`).
public struct Flag: OptionDeclaration {
  public var spec: OptionSpec

  public var name: String { spec.name }

  public init(_ name: String, alias: String? = nil, help: String) {
    spec = OptionSpec(name, alias: alias, help: help)
  }

  /// `--help` (alias `-h`), which every command takes.
  public static let help = Flag("--help", alias: "-h", help: "Show this help.")
}
