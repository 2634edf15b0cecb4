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
    OptionSpec("--bodies-only", help: "Skip the second, instrumented compile that times expressions."),
  ]

  static let help = """
    USAGE: bench analyze PACKAGE_DIR | FILE.swift… | DIR… [options]

    For a Swift package (a folder with Package.swift), runs swift build (the swift beside --swiftc's compiler) in a
    scratch folder under /tmp (never the package's own .build); for loose .swift files (or folders of them), runs
    swiftc -typecheck on them together. Bodies are timed in a compile with -debug-time-function-bodies alone, as a
    developer's build runs; expression times come from a second, instrumented compile with the expression timer
    armed (-debug-time-expression-type-checking), which slows what it times, so they rank expressions against each
    other (--bodies-only skips it). Ranks the slowest bodies, flags those at or over --threshold, and for
    builder-heavy bodies shows the nesting depth of builder blocks (`Name {`, `Name(…) {`) and the longest
    if/else-if or switch chain found by a lexical scan of the source, with the technote's recommended extraction as
    a hint. --timeout or Ctrl-C stops every compiler process the build started and removes the scratch folder (exit
    130 on Ctrl-C). A build that times no body exits 70: nothing was measured.

    EXAMPLES:
      bench analyze /path/to/MyPackage
      bench analyze Sources/App/ContentView.swift Sources/App/Model.swift --threshold 50 --format md
      bench analyze /tmp/cases --format json --limit 5 --bodies-only
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
    // Ctrl-C (or SIGTERM, SIGHUP) stops the build's whole process tree; the scratch folder goes either way.
    let trap = SignalTrap.install()
    defer { trap.uninstall() }
    defer { build.removeWorkFolder() }
    let passes: [CompilePass] = parsed.has("--bodies-only") ? [.timed] : [.timed, .instrumented]
    var results: [CompilePass: ProcessResult] = [:]
    for pass in passes {
      let result = try build.run(pass)
      if result.interrupted || trap.caughtSignal != nil {
        throw BenchError.interrupted("analyze: interrupted; the build was stopped and its scratch folder removed")
      }
      if result.timedOut {
        throw BenchError.software(
          "analyze: the \(pass == .timed ? "build" : "instrumented build") timed out after "
            + "\(NumberFormat.compact(timeout, digits: 6)) s; every compiler process it started was stopped")
      }
      results[pass] = result
      // A build that fails is ranked as far as it got; the instrumented one would fail the same way.
      if !result.status.isSuccess { break }
    }
    let timed = results[.timed]!
    let combined = timed.stderr + timed.stdout
    if let logPath = parsed.value("--log") {
      var raw = combined
      if let instrumented = results[.instrumented] { raw += instrumented.stderr + instrumented.stdout }
      try AtomicFile.write(raw, to: URL(fileURLWithPath: logPath))
    }
    let log = TimingLogParser.parse(utf8: combined)
    let expressionLog = results[.instrumented].map { TimingLogParser.parse(utf8: $0.stderr + $0.stdout) }
    if !timed.status.isSuccess {
      let errors = log.diagnostics.filter { $0.severity == .error }.prefix(3).map(\.message)
      let reason = errors.isEmpty ? timed.status.description : errors.joined(separator: "; ")
      guard !log.bestAvailableEntries.isEmpty else { throw BenchError.software("analyze: the build failed: \(reason)") }
      context.warn("bench: the build failed (\(reason)); ranking what was timed")
    }
    let include: (String) -> Bool =
      parsed.has("--dependencies") ? { _ in true } : { path in build.isOwnFile(path) }
    let report = AnalysisReport(
      logs: [log], expressionLogs: expressionLog.map { [$0] },
      sources: { path in try? String(contentsOfFile: build.absolutePath(path), encoding: .utf8) },
      include: include, limit: limit, thresholdMilliseconds: threshold)
    var text = report.render(format)
    if text.hasSuffix("\n") { text.removeLast() }
    context.output(text)
    // Nothing timed is nothing measured (a scratch folder already built compiles nothing): never a success.
    if report.bodies.isEmpty {
      context.warn(
        "bench: no timed bodies found"
          + (parsed.value("--scratch-path") != nil ? " (was everything already built in --scratch-path?)" : ""))
      return WorkOutcome.nothingMeasured.status
    }
    // What was timed is ranked, but a failed build is still a failure for a script or CI step.
    return timed.status.isSuccess ? WorkOutcome.completed.status : WorkOutcome.caseFailed.status
  }
}

/// The compiles `bench analyze` runs: `swift build` for a package, `swiftc -typecheck` for files; each pass with the
/// frontend flags `MeasurementFlags` gives it.
struct AnalyzeBuild {
  var swiftc: String
  var timeout: Double
  /// The package folder, or nil for loose files.
  var package: URL?
  var files: [URL]
  var scratch: URL?
  /// bench's own folder for this analysis, removed afterwards: the default scratch folder and, as the builds'
  /// TMPDIR, where SwiftPM puts its lock files (it used to leave one in /tmp after every analysis).
  var workFolder: URL
  /// The folder relative paths in the log are resolved against.
  var workingDirectory: URL

  init(paths: [String], swiftc: String, scratchPath: String?, timeout: Double) throws {
    self.swiftc = swiftc
    self.timeout = timeout
    let fileManager = FileManager.default
    let urls = paths.map { URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath() }
    var isFolder: ObjCBool = false
    let name = urls.count == 1 ? urls[0].deletingPathExtension().lastPathComponent : "files"
    workFolder = fileManager.temporaryDirectory.appendingPathComponent(
      "bench-analyze-\(name)-\(UUID().uuidString.prefix(8))", isDirectory: true)
    if urls.count == 1, fileManager.fileExists(atPath: urls[0].path, isDirectory: &isFolder), isFolder.boolValue,
      fileManager.fileExists(atPath: urls[0].appendingPathComponent("Package.swift").path)
    {
      package = urls[0]
      files = []
      let given = scratchPath.map { URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath() }
      // SwiftPM writes its build into the scratch folder: inside the package (or holding it) that is the user's
      // package written into, which bench never does.
      if let given,
        given.path == urls[0].path || given.path.hasPrefix(urls[0].path + "/")
          || urls[0].path.hasPrefix(given.path + "/")
      {
        throw BenchError.usage(
          "--scratch-path \(given.path) is \(given.path == urls[0].path ? "the package itself" : "inside or around the package") "
            + "\(urls[0].path): bench never writes into the package; give a folder outside it")
      }
      scratch = given ?? workFolder.appendingPathComponent("build", isDirectory: true)
      workingDirectory = urls[0]
      return
    }
    guard scratchPath == nil else {
      throw BenchError.usage("--scratch-path: only for a package folder (a folder with Package.swift)")
    }
    package = nil
    scratch = nil
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

  /// Runs the compile of `pass` and returns its result.
  /// - Throws: `BenchError.io` when the work folder cannot be made, what `ProcessRunner` throws.
  func run(_ pass: CompilePass) throws -> ProcessResult {
    let temporary = workFolder.appendingPathComponent("tmp", isDirectory: true)
    do {
      try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    } catch {
      throw BenchError.io("cannot create \(temporary.path): \(BenchError.reason(error))")
    }
    var environment = ProcessInfo.processInfo.environment
    environment["TMPDIR"] = temporary.path + "/"
    let flags = MeasurementFlags.frontendFlags(pass)
    if let package, let scratch {
      let swift = URL(fileURLWithPath: swiftc).deletingLastPathComponent().appendingPathComponent("swift").path
      let tool = FileManager.default.isExecutableFile(atPath: swift) ? swift : "swift"
      var arguments = ["build", "--package-path", package.path, "--scratch-path", scratch.path]
      for flag in flags { arguments += ["-Xswiftc", "-Xfrontend", "-Xswiftc", flag] }
      return try ProcessRunner.run(
        tool, arguments, workingDirectory: package, environment: environment, timeout: timeout)
    }
    var arguments = ["-typecheck"]
    for flag in flags { arguments += ["-Xfrontend", flag] }
    arguments += files.map(\.path)
    return try ProcessRunner.run(
      swiftc, arguments, workingDirectory: workingDirectory, environment: environment, timeout: timeout)
  }

  /// Removes bench's work folder (the default scratch folder and the builds' temporary files and locks).
  func removeWorkFolder() {
    try? FileManager.default.removeItem(at: workFolder)
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
