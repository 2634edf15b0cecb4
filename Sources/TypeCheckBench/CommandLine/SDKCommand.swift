import Foundation
import TypeCheckBenchCore

/// `bench sdk import SOURCE`: SwiftUI's own declarations, from an SDK's interface files, as modules the installed
/// swiftc imports on Linux; `--framework sdk --sdk DIR` then measures every case against them.
enum SDKCommand {
  struct Options: Sendable {
    var swiftc = ToolchainOptions.swiftc("The compiler that builds (and later imports) the modules")
    var output = Option<String>(
      "--output", value: "DIR",
      help: "Where the module set goes (default: ~/.cache/typecheckbench/sdk/NAME, NAME from the source folder).")
  }

  static let help = """
    USAGE: bench sdk import SOURCE [--output DIR] [--swiftc PATH]

    Builds SwiftUI's interface files into modules the installed swiftc can import, on Linux as on macOS. SOURCE is a
    folder of .swiftinterface files (SwiftUICore, SwiftUI, Charts, _MapKit_SwiftUI: any of them, with what they
    import) or an SDK (on macOS: xcrun --sdk iphoneos --show-sdk-path). Each interface is retargeted at this host,
    its #if blocks resolved as this compiler resolves them, the Apple-only modules it imports (UIKit, Combine, …)
    replaced by stub modules bench writes, and what still fails dropped, smallest first: a function body before its
    function, a conformance before its type, a member before its type. DIR gets modules/ (what cases import),
    interfaces/ and stubs/ (what was built), and manifest.json: each source's SHA-256 and path, the compiler,
    declarations kept and dropped by kind, and every change with its line in the original file and the compiler's
    reason. A second import of the same files with the same compiler reuses DIR. Nothing from an SDK belongs in a
    repository: keep DIR outside it.

    Measure against it with bench run --framework sdk --sdk DIR (bench generate --framework sdk writes the cases).

    EXAMPLES:
      bench sdk import ~/sdks/iPhoneOS26.2 --output ~/.cache/typecheckbench/sdk/ios26.2
      bench run --depth 1...8 --framework sdk --sdk ~/.cache/typecheckbench/sdk/ios26.2
    """

  static let command = Command(
    name: "sdk", summary: "Import SwiftUI's interface files as modules cases can import (bench sdk import SOURCE).",
    help: help, options: Options(), body: run)

  static func run(_ parsed: ParsedArguments<Options>, context: CommandContext) throws -> ExitStatus {
    guard parsed.positionals.first == "import" else {
      throw BenchError.usage("sdk: the one subcommand is 'import' (bench sdk import SOURCE; see 'bench sdk --help')")
    }
    var positionals = Array(parsed.positionals.dropFirst())
    #if os(macOS)
      if positionals.isEmpty,
        let path = try? ProcessRunner.run("/usr/bin/xcrun", ["--sdk", "iphoneos", "--show-sdk-path"], timeout: 60)
          .stdoutText.trimmingCharacters(in: .whitespacesAndNewlines), !path.isEmpty
      {
        positionals = [path]
      }
    #endif
    guard positionals.count == 1 else {
      throw BenchError.usage("sdk import: give exactly one SOURCE, a folder of .swiftinterface files or an SDK")
    }
    let source = URL(fileURLWithPath: positionals[0]).standardizedFileURL
    let output =
      try parsed.text(\.output).map { URL(fileURLWithPath: $0).standardizedFileURL }
      ?? defaultOutput(for: source)
    let swiftc = try ToolchainLocator.locateSwiftc(explicitPath: try parsed[\.swiftc])
    let importer = SDKImporter(swiftc: swiftc, output: output, log: context.output)
    let (manifest, reused) = try importer.run(source: source)
    context.output(reused ? "Reused \(output.path) (same interfaces, same compiler)." : "Wrote \(output.path)")
    for line in SDKImportSummary.lines(manifest) { context.output(line) }
    return .success
  }

  /// `~/.cache/typecheckbench/sdk/NAME`, NAME the source's last path component without `.sdk`.
  static func defaultOutput(for source: URL) throws -> URL {
    let environment = ProcessInfo.processInfo.environment
    let cache =
      environment["XDG_CACHE_HOME"].map { URL(fileURLWithPath: $0) }
      ?? URL(fileURLWithPath: environment["HOME"] ?? NSTemporaryDirectory()).appendingPathComponent(".cache")
    let name = source.lastPathComponent.replacingOccurrences(of: ".sdk", with: "")
    return cache.appendingPathComponent("typecheckbench/sdk/\(name)")
  }
}
