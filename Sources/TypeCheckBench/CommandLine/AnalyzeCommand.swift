import Foundation
import TypeCheckBenchCore

/// `bench analyze PATH…`: builds a package (or type-checks files) with the timing flags, ranks the slowest bodies,
/// flags those over a threshold and hints at extracting builder-heavy ones.
enum AnalyzeCommand {
  static let options = [
    OptionSpec("--threshold", value: "MS", default: "100", help: "Flag bodies at or over this many milliseconds."),
    OptionSpec("--limit", value: "N", default: "20", help: "Bodies and expressions listed."),
    OptionSpec("--format", value: "table|md|json", default: "table", help: "Output format."),
    ToolchainOptions.swiftc,
    OptionSpec(
      "--scratch-path", value: "DIR",
      help: "swift build's scratch folder (default: a fresh one under /tmp, removed after)."),
    OptionSpec("--dependencies", help: "Also list bodies of the package's dependencies."),
    OptionSpec("--log", value: "FILE", help: "Also write the compiler's raw output here."),
    OptionSpec("--timeout", value: "SECONDS", default: "1800", help: "Kill the build after this long."),
  ]

  static let help = """
    USAGE: bench analyze PACKAGE_DIR | FILE.swift… | DIR… [options]

    For a Swift package (a folder with Package.swift), runs swift build (the swift beside --swiftc's compiler) in a
    scratch folder under /tmp (never the package's own .build) with -debug-time-function-bodies and
    -debug-time-expression-type-checking; for loose .swift files (or folders of them), runs swiftc -typecheck on them
    together. Ranks the slowest bodies, flags those at or over --threshold, and for builder-heavy bodies shows the
    nesting depth of builder blocks (`Name {`, `Name(…) {`) and the longest if/else-if or switch chain found by a
    lexical scan of the source, with the technote's recommended extraction as a hint.

    EXAMPLES:
      bench analyze /path/to/MyPackage
      bench analyze Sources/App/ContentView.swift Sources/App/Model.swift --threshold 50 --format md
      bench analyze /tmp/cases --format json --limit 5
    """

  static let command = Command(
    name: "analyze", summary: "Time a Swift package's or files' bodies and hint at extracting builder-heavy ones.",
    help: help, options: options,
    body: run)

  static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> ExitStatus {
    guard !parsed.positionals.isEmpty else {
      throw BenchError.usage("analyze: give a package folder or .swift files (see 'bench analyze --help')")
    }
    let threshold = try ValueParsers.milliseconds(try parsed.valueOrDefault("--threshold"), flag: "--threshold")
    let limit = try ValueParsers.integer(try parsed.valueOrDefault("--limit"), flag: "--limit", minimum: 1)
    let format: AnalysisReport.Format = try ValueParsers.choice(try parsed.valueOrDefault("--format"), flag: "--format")
    let timeout = try ValueParsers.seconds(try parsed.valueOrDefault("--timeout"), flag: "--timeout")
    let swiftc = try ToolchainLocator.locateSwiftc(explicitPath: parsed.value("--swiftc"))

    let build = try AnalyzeBuild(
      paths: parsed.positionals, swiftc: swiftc, scratchPath: parsed.value("--scratch-path"), timeout: timeout)
    let result = try build.run()
    let combined = result.stderr + result.stdout
    if let logPath = parsed.value("--log") { try AtomicFile.write(combined, to: URL(fileURLWithPath: logPath)) }
    let log = TimingLogParser.parse(utf8: combined)
    if result.timedOut { throw BenchError.software("analyze: the build timed out after \(Int(timeout)) s") }
    if !result.status.isSuccess {
      let errors = log.diagnostics.filter { $0.severity == .error }.prefix(3).map(\.message)
      let reason = errors.isEmpty ? result.status.description : errors.joined(separator: "; ")
      guard !log.bestAvailableEntries.isEmpty else { throw BenchError.software("analyze: the build failed: \(reason)") }
      context.warn("bench: the build failed (\(reason)); ranking what was timed")
    }
    let include: (String) -> Bool =
      parsed.has("--dependencies") ? { _ in true } : { path in build.isOwnFile(path) }
    let report = AnalysisReport(
      logs: [log], sources: { path in try? String(contentsOfFile: build.absolutePath(path), encoding: .utf8) },
      include: include, limit: limit, thresholdMilliseconds: threshold)
    if report.bodies.isEmpty {
      context.warn("bench: no timed bodies found (was everything already built?)")
    }
    var text = report.render(format)
    if text.hasSuffix("\n") { text.removeLast() }
    context.output(text)
    // What was timed is ranked, but a failed build is still a failure for a script or CI step.
    return result.status.isSuccess ? .success : .software
  }
}

/// The compile `bench analyze` runs: `swift build` for a package, `swiftc -typecheck` for files.
struct AnalyzeBuild {
  /// Frontend flags that print body and expression times: the same as a measured compile's.
  static let frontendFlags = TypeCheckMeasurement.frontendTimingFlags

  var swiftc: String
  var timeout: Double
  /// The package folder, or nil for loose files.
  var package: URL?
  var files: [URL]
  var scratch: URL?
  var removesScratch: Bool
  /// The folder relative paths in the log are resolved against.
  var workingDirectory: URL

  init(paths: [String], swiftc: String, scratchPath: String?, timeout: Double) throws {
    self.swiftc = swiftc
    self.timeout = timeout
    let fileManager = FileManager.default
    let urls = paths.map { URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath() }
    var isFolder: ObjCBool = false
    if urls.count == 1, fileManager.fileExists(atPath: urls[0].path, isDirectory: &isFolder), isFolder.boolValue,
      fileManager.fileExists(atPath: urls[0].appendingPathComponent("Package.swift").path)
    {
      package = urls[0]
      files = []
      if let scratchPath {
        scratch = URL(fileURLWithPath: scratchPath).standardizedFileURL
        removesScratch = false
      } else {
        scratch = fileManager.temporaryDirectory.appendingPathComponent(
          "bench-analyze-\(urls[0].lastPathComponent)-\(UUID().uuidString.prefix(8))")
        removesScratch = true
      }
      workingDirectory = urls[0]
      return
    }
    guard scratchPath == nil else {
      throw BenchError.usage("--scratch-path: only for a package folder (a folder with Package.swift)")
    }
    package = nil
    scratch = nil
    removesScratch = false
    workingDirectory = URL(fileURLWithPath: fileManager.currentDirectoryPath)
    var found: [URL] = []
    for url in urls {
      guard fileManager.fileExists(atPath: url.path, isDirectory: &isFolder) else {
        throw BenchError.usage("analyze: no such file or folder: \(url.path)")
      }
      if !isFolder.boolValue {
        guard url.pathExtension == "swift" else { throw BenchError.usage("analyze: not a .swift file: \(url.path)") }
        found.append(url)
        continue
      }
      let enumerator = fileManager.enumerator(
        at: url, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles, .skipsPackageDescendants])
      while let item = enumerator?.nextObject() as? URL {
        if item.lastPathComponent == ".build" { enumerator?.skipDescendants() }
        if item.pathExtension == "swift" { found.append(item.standardizedFileURL) }
      }
    }
    files = Array(Set(found)).sorted { $0.path < $1.path }
    guard !files.isEmpty else { throw BenchError.usage("analyze: no .swift files in \(paths.joined(separator: " "))") }
  }

  /// Runs the compile and returns its result; the scratch folder is removed afterwards unless given.
  func run() throws -> ProcessResult {
    if let package, let scratch {
      defer { if removesScratch { try? FileManager.default.removeItem(at: scratch) } }
      let swift = URL(fileURLWithPath: swiftc).deletingLastPathComponent().appendingPathComponent("swift").path
      let tool = FileManager.default.isExecutableFile(atPath: swift) ? swift : "swift"
      var arguments = ["build", "--package-path", package.path, "--scratch-path", scratch.path]
      for flag in Self.frontendFlags { arguments += ["-Xswiftc", "-Xfrontend", "-Xswiftc", flag] }
      return try ProcessRunner.run(tool, arguments, workingDirectory: package, timeout: timeout)
    }
    var arguments = ["-typecheck"]
    for flag in Self.frontendFlags { arguments += ["-Xfrontend", flag] }
    arguments += files.map(\.path)
    return try ProcessRunner.run(swiftc, arguments, workingDirectory: workingDirectory, timeout: timeout)
  }

  /// `path` as an absolute path (logs may print paths relative to the compile's folder).
  func absolutePath(_ path: String) -> String {
    path.hasPrefix("/") ? path : workingDirectory.appendingPathComponent(path).path
  }

  /// True for the package's own files (not its dependencies' checkouts), or for any given loose file.
  func isOwnFile(_ path: String) -> Bool {
    let absolute = URL(fileURLWithPath: absolutePath(path)).standardizedFileURL.path
    guard let package else { return true }
    if let scratch, absolute.hasPrefix(scratch.path + "/") { return false }
    return absolute.hasPrefix(package.path + "/") && !absolute.contains("/.build/")
  }
}
