import Foundation
import TypeCheckBenchCore

/// `bench analyze PATH…`: builds a package (or type-checks files) twice: once with the timing flag, to rank the
/// slowest bodies, flag those over a threshold and hint at extracting builder-heavy ones; once writing the compiler's
/// trace, to rank every expression by the constraint scopes it cost, against the solver's budget.
enum AnalyzeCommand {
  struct Options: ScopeCommandOptions {
    var threshold = Option<Double>.milliseconds(
      "--threshold", default: "100", help: "Flag bodies at or over this many milliseconds.")
    var limit = Option<Int>.integer("--limit", default: "20", minimum: 1, help: "Bodies and expressions listed.")
    var format = Option<AnalysisReport.Format>.choice(
      "--format", value: "table|md|json|github", default: "table",
      help: "Output format (github: annotations of what is over --fail-over).")
    var swiftc = ToolchainOptions.swiftc("The compiler")
    var toolchain = Option<String>(
      "--toolchain", value: "NAME=PATH", repeatable: true,
      help: "Compare the expressions' scopes under each compiler (repeatable; replaces --swiftc).")
    var scopes = ScopeOptions()
    var scratchPath = Option<String>(
      "--scratch-path", value: "DIR",
      help: "swift build's scratch folder (default: a fresh one under /tmp, removed after).")
    var dependencies = Flag("--dependencies", help: "Also list bodies and expressions of the package's dependencies.")
    var log = Option<String>("--log", value: "FILE", help: "Also write the compiler's raw output here.")
    var timeout = Option<Double>.seconds("--timeout", default: "1800", help: "Kill the build after this long.")
    var bodiesOnly = Flag(
      "--bodies-only", help: "Skip the second, traced compile that counts each expression's scopes.")
    var scopesOnly = Flag("--scopes-only", help: "Skip the first, timed compile of the bodies.")
  }

  static let help = """
    USAGE: bench analyze PACKAGE_DIR | FILE.swift… | DIR… [options]

    For a Swift package (a folder with Package.swift), runs swift build (the swift beside --swiftc's compiler) in a
    scratch folder under /tmp (never the package's own .build); for loose .swift files (or folders of them), runs
    swiftc -typecheck on them together. Two compiles:

    - Bodies are timed in a compile with -debug-time-function-bodies alone, as a developer's build runs, and ranked;
      those at or over --threshold are flagged, and builder-heavy ones get the nesting depth of builder blocks
      (`Name {`, `Name(…) {`) and the longest if/else-if or switch chain, found by a lexical scan, with the
      technote's recommended extraction as a hint.
    - Expressions come from a second compile that writes the compiler's trace (-stats-output-dir with
      -trace-stats-events): for a package, swiftc -typecheck of each of its own targets with the arguments the build
      gave it (from the build's description.json). Every type-checked expression, statement and declaration gets
      the constraint scopes the solver opened while it was checked (its own, not those of checks nested in it), its
      share of the solver's budget (1,048,576 scopes in Swift 6; --solver-scope-threshold moves it, passed to the
      compiler too) and its own CPU time in the traced compile, which the tracing slows: compare times with each
      other. They are ranked by scopes, those the solver gave up on first. Scopes are counted, not timed: two runs
      give the same.

    --fail-over SHARE exits 2 when an expression of your own code uses more of the budget (or the solver gave up on
    it), naming each; --format github writes them as workflow annotations. --toolchain NAME=PATH (repeatable)
    traces the same code with each compiler and lists each expression's scopes and the ratio to the first, largest
    changes first (a package needs swift beside each swiftc; give a toolchain without one the package's files).
    --timeout or Ctrl-C stops every compiler process the build started and removes the scratch folder (exit 130 on
    Ctrl-C). A build that fails is ranked as far as it got and exits 70; a trace that leaves scopes unaccounted for
    exits 65. A build that times no body and traces no expression exits 70: nothing was measured.

    EXAMPLES:
      bench analyze /path/to/MyPackage
      bench analyze Sources/App/ContentView.swift Sources/App/Model.swift --threshold 50 --format md
      bench analyze /path/to/MyPackage --scopes-only --fail-over 10% --format github
      bench analyze Sources/App --scopes-only --toolchain 6.0=/path/to/6.0/swiftc --toolchain 6.3=/usr/bin/swiftc
    """

  static let command = Command(
    name: "analyze",
    summary: "Rank a Swift package's or files' bodies by time and expressions by constraint scopes, with hints.",
    help: help, options: Options(),
    body: run)

  static func run(_ parsed: ParsedArguments<Options>, context: CommandContext) throws -> ExitStatus {
    guard !parsed.positionals.isEmpty else {
      throw BenchError.usage("analyze: give a package folder or .swift files (see 'bench analyze --help')")
    }
    let threshold = try parsed.valueOrDefault(\.threshold)
    let limit = try parsed.valueOrDefault(\.limit)
    let format = try parsed.valueOrDefault(\.format)
    let timeout = try parsed.valueOrDefault(\.timeout)
    let (budget, failOver) = try ScopeOptions.parse(parsed)
    guard !(parsed[\.bodiesOnly] && parsed[\.scopesOnly]) else {
      throw BenchError.usage("analyze: --bodies-only and --scopes-only leave nothing to do; give one at most")
    }
    if parsed[\.bodiesOnly] {
      for option in [\Options.scopes.failOver, \.toolchain] as [PartialKeyPath<Options>] where parsed.has(option) {
        throw BenchError.usage("analyze: \(parsed.name(option)) needs the traced compile, which --bodies-only skips")
      }
    }
    // The compiler's own default needs no flag; any other budget is passed to it so that it is the one in force.
    let thresholdFlags =
      budget.threshold == ScopeBudget.defaultThreshold ? [] : ["-solver-scope-threshold=\(budget.threshold)"]
    let trap = SignalTrap.install()
    defer { trap.uninstall() }
    if parsed.has(\.toolchain) {
      return try compareToolchains(
        parsed, budget: budget, failOver: failOver, limit: limit, format: format, timeout: timeout,
        thresholdFlags: thresholdFlags, trap: trap, context: context)
    }
    let swiftc = try ToolchainLocator.locateSwiftc(explicitPath: try parsed[\.swiftc])
    let build = try AnalyzeBuild(
      paths: parsed.positionals, swiftc: swiftc, scratchPath: try parsed[\.scratchPath], timeout: timeout,
      frontendFlags: thresholdFlags)
    defer { build.removeWorkFolder() }
    let include: (String) -> Bool =
      parsed[\.dependencies] ? { _ in true } : { path in build.isOwnFile(path) }
    var raw = Data()
    var failures: [String] = []

    var log: ParsedTimingLog?
    if parsed[\.scopesOnly], build.package != nil {
      // The traced type-checks need the package built: its targets' arguments and its dependencies' modules.
      let plain = try build.run(.plain, trap: trap, timeout: timeout)
      raw += plain.stderr + plain.stdout
      if !plain.status.isSuccess {
        let reason = Self.failureReason(TimingLogParser.parse(utf8: plain.stderr + plain.stdout), status: plain.status)
        failures.append(reason)
        context.warn("bench: the build failed (\(reason)); tracing what it left")
      }
    }
    if !parsed[\.scopesOnly] {
      let timed = try build.run(.timed, trap: trap, timeout: timeout)
      raw += timed.stderr + timed.stdout
      let parsedLog = TimingLogParser.parse(utf8: timed.stderr + timed.stdout)
      log = parsedLog
      if !timed.status.isSuccess, !Self.failedOnlyByGiveUps(parsedLog, build: build) {
        let reason = Self.failureReason(parsedLog, status: timed.status)
        guard !parsedLog.bestAvailableEntries.isEmpty || !parsed[\.bodiesOnly] else {
          throw BenchError.software("analyze: the build failed: \(reason)")
        }
        failures.append(reason)
        context.warn("bench: the build failed (\(reason)); ranking what was timed")
      }
    }

    var scopes: ScopeRanking?
    if !parsed[\.bodiesOnly] {
      let traced = try build.tracedRun(
        trap: trap, timeout: timeout, includeDependencies: parsed[\.dependencies])
      raw += traced.output
      let tracedLog = TimingLogParser.parse(utf8: traced.output)
      if let status = traced.failure, !Self.failedOnlyByGiveUps(tracedLog, build: build), failures.isEmpty {
        let reason = Self.failureReason(tracedLog, status: status)
        failures.append(reason)
        context.warn("bench: the traced build failed (\(reason)); ranking what was traced")
      }
      switch traced.profile {
      case .success(let profile):
        let ranking = ScopeRanking(
          profile: profile, budget: budget, include: include, limit: limit, failOver: failOver,
          diagnostics: tracedLog.diagnostics,
          sources: { path in try? String(contentsOfFile: build.absolutePath(path), encoding: .utf8) })
        ScopeOptions.warn(profile, context: context)
        for diagnostic in ranking.unmatchedGiveUps {
          context.warn(
            "bench: \(diagnostic.file ?? "?"):\(diagnostic.line ?? 0): the solver gave up here, but the trace has no "
              + "expression there")
        }
        ScopeOptions.gateLines(ranking).forEach(context.warn)
        scopes = ranking
      case .failure(let error):
        // No trace at all (a compiler without the flag, one that rejected it, or a build that stopped first): the
        // bodies still stand.
        context.warn("bench: no expression scopes: \(error.description)")
        failures.append(error.description)
        if log == nil { throw error }
      }
    }
    if let logPath = try parsed[\.log] {
      try AtomicFile.write(raw, to: URL(fileURLWithPath: logPath))
    }
    let report = AnalysisReport(
      logs: log.map { [$0] }, scopes: scopes,
      sources: { path in try? String(contentsOfFile: build.absolutePath(path), encoding: .utf8) },
      include: include, limit: limit, thresholdMilliseconds: threshold)
    let scratchHint = parsed.has(\.scratchPath) ? " (was everything already built in --scratch-path?)" : ""
    if let bodies = report.bodies, bodies.isEmpty {
      context.warn("bench: no timed bodies found" + scratchHint)
    }
    // Annotations name files relative to where the step runs (a workflow's workspace); tables, to the code.
    var text = report.render(
      format, base: format == .github ? FileManager.default.currentDirectoryPath : build.workingDirectory.path)
    if text.hasSuffix("\n") { text.removeLast() }
    context.output(text)
    // The gate decides first: an expression over it fails the step whatever else happened. Then a failed build (what
    // was measured is ranked, but a script or CI step must see it), then scopes left unaccounted for.
    if let scopes, scopes.failsGate { return WorkOutcome.regression.status }
    // Nothing timed and nothing traced is nothing measured: never a success.
    if report.bodies?.isEmpty ?? true, scopes?.rows.isEmpty ?? true { return WorkOutcome.nothingMeasured.status }
    if !failures.isEmpty { return WorkOutcome.caseFailed.status }
    return scopes.map { ScopeOptions.status([$0]) } ?? .success
  }

  /// The first errors of a failed compile (each message once, the solver's give-ups counted), or its status.
  static func failureReason(_ log: ParsedTimingLog, status: ProcessStatus) -> String {
    let errors = log.diagnostics.filter { $0.severity == .error }
    let giveUps = errors.filter(isGiveUp).count
    var messages: [String] = []
    for error in errors where !isGiveUp(error) {
      var message = error.message
      if let file = error.file, let line = error.line {
        message = "\(URL(fileURLWithPath: file).lastPathComponent):\(line): \(message)"
      }
      if !messages.contains(message) { messages.append(message) }
    }
    var parts = messages.prefix(3).map { $0 }
    if giveUps > 0 { parts.append("the solver gave up on \(giveUps) expression\(giveUps == 1 ? "" : "s")") }
    return parts.isEmpty ? status.description : parts.joined(separator: "; ")
  }

  static func isGiveUp(_ diagnostic: CompilerDiagnostic) -> Bool {
    ScopeRanking.giveUpMessages.contains(where: diagnostic.message.contains)
  }

  /// True when a compile failed only because the solver gave up on some expressions: for loose files that is the
  /// answer (they are ranked first, at the limit), not a gap in it, since the compiler checks the rest of each file
  /// all the same. A package's build stops at the failing target, so there it is a failure.
  static func failedOnlyByGiveUps(_ log: ParsedTimingLog, build: AnalyzeBuild) -> Bool {
    let errors = log.diagnostics.filter { $0.severity == .error }
    return build.package == nil && !errors.isEmpty && errors.allSatisfy(isGiveUp)
  }

  /// `--toolchain NAME=PATH…`: the traced compile with each compiler, and each expression's scopes side by side.
  static func compareToolchains(
    _ parsed: ParsedArguments<Options>, budget: ScopeBudget, failOver: Double?, limit: Int,
    format: AnalysisReport.Format,
    timeout: Double, thresholdFlags: [String], trap: SignalTrap, context: CommandContext
  ) throws -> ExitStatus {
    guard !parsed.has(\.threshold) else {
      throw BenchError.usage(
        "analyze: --toolchain compares scopes only; --threshold flags bodies, which it does not time")
    }
    // Scopes are counted the same way whatever the build's assertions; the times, which differ, are not compared.
    let toolchains = try ToolchainOptions.resolve(
      swiftc: try parsed[\.swiftc], named: try parsed.all(\.toolchain), extraFlags: [], allowMixed: nil)
    var failed = false
    var fullRankings: [ScopeRanking] = []
    var sourceBuild: AnalyzeBuild?
    for toolchain in toolchains {
      let build = try AnalyzeBuild(
        paths: parsed.positionals, swiftc: toolchain.swiftcPath, scratchPath: nil, timeout: timeout,
        frontendFlags: thresholdFlags)
      defer { build.removeWorkFolder() }
      if sourceBuild == nil { sourceBuild = build }
      let include: (String) -> Bool =
        parsed[\.dependencies] ? { _ in true } : { path in build.isOwnFile(path) }
      if build.package != nil {
        let plain = try build.run(.plain, trap: trap, timeout: timeout)
        if !plain.status.isSuccess {
          failed = true
          let reason = Self.failureReason(
            TimingLogParser.parse(utf8: plain.stderr + plain.stdout), status: plain.status)
          context.warn("bench: \(toolchain.name): the build failed (\(reason)); tracing what it left")
        }
      }
      let traced = try build.tracedRun(
        trap: trap, timeout: timeout, includeDependencies: parsed[\.dependencies])
      let tracedLog = TimingLogParser.parse(utf8: traced.output)
      if let status = traced.failure, !Self.failedOnlyByGiveUps(tracedLog, build: build) {
        failed = true
        context.warn(
          "bench: \(toolchain.name): the traced build failed (\(Self.failureReason(tracedLog, status: status))); "
            + "comparing what was traced")
      }
      let profile: ScopeProfile
      switch traced.profile {
      case .success(let read): profile = read
      case .failure(let error):
        throw BenchError.software("analyze: \(toolchain.name): no expression scopes: \(error.description)")
      }
      for note in profile.notes { context.warn("bench: \(toolchain.name): \(note.source): \(note.message)") }
      let full = ScopeRanking(
        profile: profile, budget: budget, include: include, limit: .max, failOver: failOver,
        diagnostics: tracedLog.diagnostics)
      ScopeOptions.gateLines(full, toolchain: toolchain.name).forEach(context.warn)
      fullRankings.append(full)
    }
    let build = sourceBuild!
    let comparison = ScopeComparison(
      toolchains: toolchains.map(\.name), rankings: fullRankings, budget: budget, limit: limit,
      sources: { path in try? String(contentsOfFile: build.absolutePath(path), encoding: .utf8) })
    var text = comparison.render(format, base: build.workingDirectory.path)
    if text.hasSuffix("\n") { text.removeLast() }
    context.output(text)
    if fullRankings.contains(where: \.failsGate) { return .regression }
    if failed { return .software }
    return ScopeOptions.status(fullRankings)
  }
}

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
  /// - Throws: `BenchError.interrupted`, `BenchError.software` on the timeout, what `run(_:)` throws.
  func run(_ compile: Compile, trap: SignalTrap, timeout: Double) throws -> ProcessResult {
    let what =
      switch compile {
      case .timed, .plain: "build"
      case .traced: "traced build"
      }
    return try checked(try run(compile), trap: trap, what: what)
  }

  /// `result`, unless it was interrupted or timed out.
  /// - Throws: `BenchError.interrupted`, `BenchError.software` on the timeout.
  private func checked(_ result: ProcessResult, trap: SignalTrap, what: String) throws -> ProcessResult {
    if result.interrupted || trap.caughtSignal != nil {
      throw BenchError.interrupted("analyze: interrupted; the build was stopped and its scratch folder removed")
    }
    if result.timedOut {
      throw BenchError.software(
        "analyze: the \(what) timed out after \(NumberFormat.compact(timeout, digits: 6)) s; every compiler "
          + "process it started was stopped")
    }
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
