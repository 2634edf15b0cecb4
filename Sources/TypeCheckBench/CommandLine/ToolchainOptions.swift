import Foundation
import TypeCheckBenchCore

/// Resolves `--swiftc`, `--Xfrontend`, `--Xswiftc`, `--toolchain NAME=PATH` and `--toolchain-flags NAME=FLAGS` into
/// inspected toolchains, before any compile.
enum ToolchainOptions {
  /// `--swiftc PATH`, the same option and help line in every command that compiles (`run`, `compat`, `analyze`).
  static let swiftc = swiftc("The compiler")

  /// `--swiftc PATH` for `what` (`bench fidelity`'s miniature side), its default the locator's order.
  static func swiftc(_ what: String) -> OptionSpec {
    OptionSpec(
      "--swiftc", value: "PATH",
      help: "\(what) (default: \(ToolchainLocator.lookupOrder.dropFirst().joined(separator: ", "))).")
  }

  /// - Parameter requireSameBuild: Refuse to mix assertions-enabled and release compilers without `--allow-mixed`
  ///   (their times are not comparable); `bench analyze` compares counts, not times, and mixes them freely.
  static func resolve(_ parsed: ParsedArguments, requireSameBuild: Bool = true) throws -> [ToolchainInfo] {
    let common =
      (parsed.values["--Xfrontend"] ?? []).flatMap { ["-Xfrontend", $0] } + (parsed.values["--Xswiftc"] ?? [])
      + (try SDKOptions.flags(parsed))
    var flagsByName: [String: [String]] = [:]
    for entry in parsed.values["--toolchain-flags"] ?? [] {
      guard let equals = entry.firstIndex(of: "="), equals != entry.startIndex else {
        throw BenchError.usage("--toolchain-flags: expected NAME=FLAGS, got '\(entry)'")
      }
      flagsByName[String(entry[..<equals]), default: []] +=
        entry[entry.index(after: equals)...].split(separator: " ").map(String.init)
    }
    var toolchains: [ToolchainInfo] = []
    let named = parsed.values["--toolchain"] ?? []
    if named.isEmpty {
      guard flagsByName.isEmpty else {
        throw BenchError.usage("--toolchain-flags needs --toolchain NAME=PATH for each NAME")
      }
      let path = try ToolchainLocator.locateSwiftc(explicitPath: parsed.value("--swiftc"))
      toolchains.append(try ToolchainLocator.inspect(swiftcPath: path, name: "default", extraFlags: common))
    } else {
      guard parsed.value("--swiftc") == nil else {
        throw BenchError.usage("--swiftc and --toolchain conflict: name every compiler with --toolchain NAME=PATH")
      }
      for entry in named {
        guard let equals = entry.firstIndex(of: "="), equals != entry.startIndex,
          entry.index(after: equals) != entry.endIndex
        else {
          throw BenchError.usage("--toolchain: expected NAME=PATH, got '\(entry)'")
        }
        let name = String(entry[..<equals])
        // The rule every reader of a record holds the name to, checked before anything is measured: a name the
        // record cannot hold (`..`, `.x`, 300 characters) used to be measured and recorded, then refused by every
        // other command.
        if let problem = RecordID.problem(name, field: "the name") {
          throw BenchError.usage("--toolchain: " + problem)
        }
        guard !toolchains.contains(where: { $0.name == name }) else {
          throw BenchError.usage("--toolchain: the name '\(name)' is given twice")
        }
        let path = try ToolchainLocator.locateSwiftc(explicitPath: String(entry[entry.index(after: equals)...]))
        toolchains.append(
          try ToolchainLocator.inspect(swiftcPath: path, name: name, extraFlags: common + (flagsByName[name] ?? [])))
      }
      for name in flagsByName.keys.sorted() where !toolchains.contains(where: { $0.name == name }) {
        throw BenchError.usage("--toolchain-flags: no --toolchain is named '\(name)'")
      }
    }
    let assertions = Set(toolchains.map(\.assertionsEnabled))
    if requireSameBuild && assertions.count > 1 && !parsed.has("--allow-mixed") {
      let assertions = toolchains.filter(\.assertionsEnabled).map { "\($0.name) (Swift \($0.version))" }
      throw BenchError.usage(
        "\(assertions.joined(separator: ", ")) \(assertions.count == 1 ? "is an assertions build" : "are assertions builds"), "
          + "whose times are not comparable with release builds'; pass --allow-mixed to measure them together (times "
          + "are then shown side by side, never divided; scopes compare)")
    }
    return toolchains
  }
}
