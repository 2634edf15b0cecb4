import Foundation
import Generators

/// `--framework sdk` with `--sdk PATH` and `--target TRIPLE`: the swiftc flags that compile cases against the real
/// SwiftUI. On macOS the defaults come from `xcrun --show-sdk-path` and the host; elsewhere `--sdk` is required.
struct SDKOptions: Sendable {
  var sdk = Option<String>(
    "--sdk", value: "PATH",
    help: "With --framework sdk: an SDK or bench sdk import folder (default xcrun).")
  var target = Option<String>(
    "--target", value: "TRIPLE", help: "With --framework sdk: the target (default: the host's macOS).")

  /// The flags every compile gets (`-sdk PATH -target TRIPLE`), or none for the miniature.
  /// - Throws: `BenchError.usage` for `--sdk`/`--target` without `--framework sdk`, and where no SDK can be found.
  static func flags<Options: SDKCommandOptions & SweepCommandOptions>(_ parsed: ParsedArguments<Options>) throws
    -> [String]
  {
    guard parsed.text(\.sweep.framework) == FrameworkSource.sdk.rawValue else {
      if let stray = [\Options.sdk.sdk, \Options.sdk.target].first(where: { parsed.has($0) }) {
        throw BenchError.usage("\(parsed.name(stray)) applies only with --framework sdk (the miniature needs no SDK)")
      }
      return []
    }
    guard let flags = sdkFlags(parsed) else {
      throw BenchError.usage(
        "--framework sdk: no SwiftUI SDK found (there is none on Linux); pass --sdk PATH (and --target TRIPLE), "
          + "or use the miniature (the default)")
    }
    return flags
  }

  /// `-sdk PATH -target TRIPLE` from `--sdk` and `--target`, each defaulting on macOS to `xcrun --show-sdk-path` and
  /// the host; nil when there is no SDK (Linux without `--sdk`).
  static func sdkFlags<Options: SDKCommandOptions>(_ parsed: ParsedArguments<Options>) -> [String]? {
    var sdk = parsed.text(\.sdk.sdk)
    var target = parsed.text(\.sdk.target)
    #if os(macOS)
      if sdk == nil { sdk = xcrunSDKPath() }
      if target == nil { target = hostTarget() }
    #endif
    guard let sdk, !sdk.isEmpty else { return nil }
    // A module set `bench sdk import` wrote: its modules on the import path, for this host (no -sdk, no -target).
    if let modules = importedModules(sdk) { return ["-I", modules] }
    return ["-sdk", sdk] + (target.map { ["-target", $0] } ?? [])
  }

  /// The `modules` folder of the module set `bench sdk import` wrote at `path` (it holds a manifest.json), or nil.
  static func importedModules(_ path: String) -> String? {
    let folder = URL(fileURLWithPath: path)
    let modules = folder.appendingPathComponent("modules").path
    guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("manifest.json").path),
      FileManager.default.fileExists(atPath: modules)
    else { return nil }
    return modules
  }

  /// `xcrun --show-sdk-path`, or nil when it fails.
  static func xcrunSDKPath() -> String? {
    guard let result = try? ProcessRunner.run("/usr/bin/xcrun", ["--show-sdk-path"], timeout: 60),
      result.status == .exited(0)
    else { return nil }
    let path = String(decoding: result.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    return path.isEmpty ? nil : path
  }

  /// The host as a target triple, for example `arm64-apple-macos14.0`.
  static func hostTarget() -> String {
    #if arch(arm64)
      let architecture = "arm64"
    #else
      let architecture = "x86_64"
    #endif
    let version = ProcessInfo.processInfo.operatingSystemVersion
    return "\(architecture)-apple-macos\(version.majorVersion).\(version.minorVersion)"
  }
}
