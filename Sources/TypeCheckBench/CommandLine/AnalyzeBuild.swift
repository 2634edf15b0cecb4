import Foundation
import TypeCheckBenchCore

/// The compiles `bench analyze` runs: `swift build` for a package, `swiftc -typecheck` for files; each pass with the
/// frontend flags `MeasurementFlags` gives it.
struct AnalyzeBuild {
  var swiftc: String
  var timeout: Double
  /// Frontend flags of both compiles (the solver's budget when the user moved it).
  var frontendFlags: [String] = []
  /// The package folder, or nil for loose files.
  var package: URL?
  var files: [URL]
  var scratch: URL?
  /// bench's own folder for this analysis, removed afterwards: the default scratch folder and, as the builds'
  /// TMPDIR, where SwiftPM puts its lock files (it used to leave one in /tmp after every analysis).
  var workFolder: URL
  /// The folder relative paths in the log are resolved against.
  var workingDirectory: URL

  init(paths: [String], swiftc: String, scratchPath: String?, timeout: Double, frontendFlags: [String] = []) throws {
    self.swiftc = swiftc
    self.timeout = timeout
    self.frontendFlags = frontendFlags
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
    // The compiler writes a file's path into its trace rows as it is: a line feed in it cuts every row of that file
    // in two, and its expressions would be lost.
    if let file = files.first(where: { $0.path.contains("\n") }) {
      throw BenchError.usage(
        "analyze: \(file.path.replacingOccurrences(of: "\n", with: "\\n")) has a line feed in its name, which the "
          + "compiler's trace cannot carry (its rows would be unreadable); rename the file")
    }
  }

  /// The compiles: the timed one (bodies); a plain build of a package (its modules, when nothing is timed); the
  /// traced one writing statistics and a trace into a folder (for a package, a type-check of each own target after
  /// a build: `PackageTypecheckPlan`).
  enum Compile {
    case timed
    case plain
    case traced(statsFolder: URL)
  }

  /// What the traced compile gave.
  struct TracedCompile {
    /// Its output, every target's one after the other.
    var output: Data
    /// The status of the first compile that failed, nil when all succeeded.
    var failure: ProcessStatus?
    /// The traces read, or why there are none.
    var profile: Result<ScopeProfile, BenchError>
  }

  /// The `swift` that builds the package with `swiftc`: the one beside it, or the one on `PATH` when its folder
  /// holds that same compiler. Any other would build with another compiler than the one named.
  /// - Throws: `BenchError.usage` when there is none.
  func swiftTool() throws -> String {
    let compiler = URL(fileURLWithPath: swiftc).resolvingSymlinksInPath()
    let beside = URL(fileURLWithPath: swiftc).deletingLastPathComponent().appendingPathComponent("swift").path
    if FileManager.default.isExecutableFile(atPath: beside) { return beside }
    if let onPath = ToolchainLocator.searchPath(for: "swift", environment: ProcessInfo.processInfo.environment) {
      let sibling = URL(fileURLWithPath: onPath).resolvingSymlinksInPath().deletingLastPathComponent()
        .appendingPathComponent("swiftc").resolvingSymlinksInPath()
      if sibling.path == compiler.path { return onPath }
    }
    throw BenchError.usage(
      "analyze: no swift beside \(swiftc) to build the package with (swift build would use another compiler); "
        + "give the package's .swift files instead, or a toolchain whose swiftc has swift beside it")
  }

  /// Runs `compile` and returns its result.
  /// - Throws: `BenchError.io` when the work folder cannot be made, what `ProcessRunner` throws.
  func run(_ compile: Compile) throws -> ProcessResult {
    let temporary = workFolder.appendingPathComponent("tmp", isDirectory: true)
    do {
      try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    } catch {
      throw BenchError.io("cannot create \(temporary.path): \(BenchError.reason(error))")
    }
    var environment = ProcessInfo.processInfo.environment
    environment["TMPDIR"] = temporary.path + "/"
    var frontend = frontendFlags
    var driver: [String] = []
    switch compile {
    case .timed:
      frontend = MeasurementFlags.frontendFlags(.timed) + frontend
    case .plain:
      break
    case .traced(let folder):
      frontend = MeasurementFlags.traceFrontendFlags + frontend
      // A file that does not compile must not stop the others' jobs: the rest is still ranked.
      driver = ["-stats-output-dir", folder.path, "-continue-building-after-errors"]
    }
    if let package, let scratch {
      var arguments = ["build", "--package-path", package.path, "--scratch-path", scratch.path]
      for flag in driver { arguments += ["-Xswiftc", flag] }
      for flag in frontend { arguments += ["-Xswiftc", "-Xfrontend", "-Xswiftc", flag] }
      return try ProcessRunner.run(
        try swiftTool(), arguments, workingDirectory: package, environment: environment, timeout: timeout)
    }
    var arguments = ["-typecheck"] + driver
    for flag in frontend { arguments += ["-Xfrontend", flag] }
    arguments += files.map(\.path)
    return try ProcessRunner.run(
      swiftc, arguments, workingDirectory: workingDirectory, environment: environment, timeout: timeout)
  }

  /// Runs `compile`, turning Ctrl-C and the timeout into the errors `bench analyze` stops with.
  /// - Throws: `BenchError.interrupted`, `TimedOut`, what `run(_:)` throws.
  func run(_ compile: Compile, trap: SignalTrap, timeout: Double) throws -> ProcessResult {
    let what =
      switch compile {
      case .timed, .plain: "build"
      case .traced: "traced build"
      }
    return try checked(try run(compile), trap: trap, what: what)
  }

  /// A compile that ran past `--timeout`: with one compiler the analysis stops on it (`error`); with several it is
  /// that compiler's outcome, a lower bound on its time.
  struct TimedOut: Error {
    var what: String
    var seconds: Double

    /// The one line `bench analyze` stops with.
    var error: BenchError {
      .software(
        "analyze: the \(what) timed out after \(NumberFormat.compact(seconds, digits: 6)) s; every compiler "
          + "process it started was stopped")
    }
  }

  /// `result`, unless it was interrupted or timed out.
  /// - Throws: `BenchError.interrupted`, `TimedOut` on the timeout.
  private func checked(_ result: ProcessResult, trap: SignalTrap, what: String) throws -> ProcessResult {
    if result.interrupted || trap.caughtSignal != nil {
      throw BenchError.interrupted("analyze: interrupted; the build was stopped and its scratch folder removed")
    }
    if result.timedOut { throw TimedOut(what: what, seconds: timeout) }
    return result
  }

  /// Runs the traced compile into a fresh statistics folder and reads its traces. A package must have been built
  /// first (its targets' arguments and its dependencies' modules come from that build).
  /// - Parameter includeDependencies: Also trace the package's dependencies' targets.
  func tracedRun(trap: SignalTrap, timeout: Double, includeDependencies: Bool = false) throws -> TracedCompile {
    let folder = try CompilerStatistics.freshFolder(in: workFolder)
    var output = Data()
    var failure: ProcessStatus?
    if let scratch {
      let plan = try PackageTypecheckPlan(scratch: scratch, include: { includeDependencies || isOwnFile($0) })
      for target in plan.targets {
        let arguments = PackageTypecheckPlan.arguments(
          target, statsFolder: folder, frontendFlags: MeasurementFlags.traceFrontendFlags + frontendFlags)
        let result = try checked(
          ProcessRunner.run(swiftc, arguments, workingDirectory: workingDirectory, timeout: timeout), trap: trap,
          what: "traced type-check of \(target.moduleName)")
        output += result.stderr + result.stdout
        if failure == nil, !result.status.isSuccess { failure = result.status }
      }
    } else {
      let result = try run(.traced(statsFolder: folder), trap: trap, timeout: timeout)
      output = result.stderr + result.stdout
      if !result.status.isSuccess { failure = result.status }
    }
    do {
      let profile = try StatsTraceFolder.read(folder, describe: { "trace of job " + Self.jobName($0) })
      return TracedCompile(output: output, failure: failure, profile: .success(profile))
    } catch let error as BenchError {
      // A compiler that rejects the flag stops before any job; say it in its own words.
      let log = TimingLogParser.parse(utf8: output)
      guard failure != nil, let first = log.diagnostics.first(where: { $0.severity == .error }) else {
        return TracedCompile(output: output, failure: failure, profile: .failure(error))
      }
      let reason =
        first.message.contains("trace-stats-events") || first.message.contains("stats-output-dir")
        ? "\(swiftc) does not write traces: \(first.message)"
        : "the traced compile stopped before writing a trace: \(first.message)"
      return TracedCompile(output: output, failure: failure, profile: .failure(.software(reason)))
    }
  }

  /// `Module-File.swift` from a trace file's name (`trace-<µs>-swift-frontend-<module>-<file>-<target>-…csv`).
  static func jobName(_ name: String) -> String {
    guard let parsed = StatsTraceFolder.FileName(name) else { return name }
    let parts = parsed.job.split(separator: "-")
    return parts.count >= 3 ? parts[1...2].joined(separator: "-") : parsed.job
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
