import Foundation
import TypeCheckBenchCore

/// The compilers a command measures: `--swiftc`, `--toolchain NAME=PATH`, `--toolchain-flags NAME=FLAGS` and
/// `--allow-mixed`, resolved into inspected toolchains before any compile.
struct ToolchainOptions: Sendable {
  var swiftc = Self.swiftc("The compiler")
  var toolchain: Option<String>
  var toolchainFlags: Option<String>
  var allowMixed: Flag

  /// The group with the help its command gives `--toolchain`, `--toolchain-flags` and `--allow-mixed`.
  init(toolchain: String, toolchainFlags: String, allowMixed: String) {
    self.toolchain = Option("--toolchain", value: "NAME=PATH", repeatable: true, help: toolchain)
    self.toolchainFlags = Option("--toolchain-flags", value: "NAME=FLAGS", repeatable: true, help: toolchainFlags)
    self.allowMixed = Flag("--allow-mixed", help: allowMixed)
  }

  /// `--swiftc PATH` for `what` (`bench fidelity`'s miniature side), its default the locator's order; the same
  /// option and help line in every command that compiles (`run`, `compat`, `analyze`, `corpus`).
  static func swiftc(_ what: String) -> Option<String> {
    Option(
      "--swiftc", value: "PATH",
      help: "\(what) (default: \(ToolchainLocator.lookupOrder.dropFirst().joined(separator: ", "))).")
  }

  /// The toolchains the options name, each compiling with `extraFlags` (and its own `--toolchain-flags`).
  static func resolve<Options: ToolchainCommandOptions>(
    _ parsed: ParsedArguments<Options>, extraFlags: [String] = []
  ) throws -> [ToolchainInfo] {
    try resolve(
      swiftc: try parsed[\.toolchains.swiftc], named: try parsed.all(\.toolchains.toolchain),
      toolchainFlags: try parsed.all(\.toolchains.toolchainFlags), extraFlags: extraFlags,
      allowMixed: parsed[\.toolchains.allowMixed])
  }

  /// The toolchains `--toolchain` names (`named`), else `--swiftc`'s or the default compiler.
  /// - Parameter allowMixed: `--allow-mixed`; nil when assertions-enabled and release compilers mix freely
  ///   (`bench analyze` compares counts, not times); else false refuses to mix them (their times are not comparable).
  static func resolve(
    swiftc: String?, named: [String], toolchainFlags: [String] = [], extraFlags common: [String],
    allowMixed: Bool?
  ) throws -> [ToolchainInfo] {
    var flagsByName: [String: [String]] = [:]
    for entry in toolchainFlags {
      guard let equals = entry.firstIndex(of: "="), equals != entry.startIndex else {
        throw BenchError.usage("--toolchain-flags: expected NAME=FLAGS, got '\(entry)'")
      }
      flagsByName[String(entry[..<equals]), default: []] +=
        entry[entry.index(after: equals)...].split(separator: " ").map(String.init)
    }
    var toolchains: [ToolchainInfo] = []
    if named.isEmpty {
      guard flagsByName.isEmpty else {
        throw BenchError.usage("--toolchain-flags needs --toolchain NAME=PATH for each NAME")
      }
      let path = try ToolchainLocator.locateSwiftc(explicitPath: swiftc)
      toolchains.append(try ToolchainLocator.inspect(swiftcPath: path, name: "default", extraFlags: common))
    } else {
      guard swiftc == nil else {
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
    if allowMixed == false && assertions.count > 1 {
      let assertions = toolchains.filter(\.assertionsEnabled).map { "\($0.name) (Swift \($0.version))" }
      throw BenchError.usage(
        "\(assertions.joined(separator: ", ")) \(assertions.count == 1 ? "is an assertions build" : "are assertions builds"), "
          + "whose times are not comparable with release builds'; pass --allow-mixed to measure them together (times "
          + "are then shown side by side, never divided; scopes compare)")
    }
    return toolchains
  }
}
