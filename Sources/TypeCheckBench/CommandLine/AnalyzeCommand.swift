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
    Ctrl-C). A build that fails is ranked as far as it got and exits 70; so does one where the solver gave up on an
    expression, as swiftc fails it (with --fail-over that is 2, at any share). A trace that leaves scopes unaccounted
    for exits 65, and so do unreadable trace rows, whatever is over the gate. A build that times no body and traces no
    expression exits 70: nothing was measured. A file whose name holds a line feed is refused (exit 64).
    With --toolchain, a compiler that runs past --timeout, gives up or does not compile the code is that compiler's
    outcome, not the end of the comparison: the others' scopes are listed beside it (a timeout as ≥ T s, a give-up as
    ≥N LIMIT), the asymmetric case is named ("F.swift:3: solves in 40 scopes with B, where A gives up"), and the exit
    is 70, or 2 with --fail-over (docs/toolchains.md has the rule).

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
    do {
      return try analyze(
        parsed, budget: budget, failOver: failOver, limit: limit, format: format, threshold: threshold,
        timeout: timeout, thresholdFlags: thresholdFlags, trap: trap, context: context)
    } catch let timedOut as AnalyzeBuild.TimedOut {
      // With one compiler there is nothing to set beside it: the analysis stops, in one line.
      throw timedOut.error
    }
  }

  /// What the analysis with one compiler gathers, step by step: the compilers' raw output (for `--log`), the failures
  /// it said, the expressions the solver gave up on (as the compiler's diagnostics count them: the build did not
  /// type-check), the timed compile's log and the traced compile's ranking.
  struct Gathered {
    var raw = Data()
    var failures: [String] = []
    var giveUps = 0
    var log: ParsedTimingLog?
    var scopes: ScopeRanking?
  }

  /// The analysis with one compiler: the timed compile (bodies) and the traced one (expressions).
  static func analyze(
    _ parsed: ParsedArguments<Options>, budget: ScopeBudget, failOver: Double?, limit: Int,
    format: AnalysisReport.Format, threshold: Double, timeout: Double, thresholdFlags: [String], trap: SignalTrap,
    context: CommandContext
  ) throws -> ExitStatus {
    let swiftc = try ToolchainLocator.locateSwiftc(explicitPath: try parsed[\.swiftc])
    let build = try AnalyzeBuild(
      paths: parsed.positionals, swiftc: swiftc, scratchPath: try parsed[\.scratchPath], timeout: timeout,
      frontendFlags: thresholdFlags)
    defer { build.removeWorkFolder() }
    let include: (String) -> Bool =
      parsed[\.dependencies] ? { _ in true } : { path in build.isOwnFile(path) }
    var gathered = Gathered()
    if parsed[\.scopesOnly], build.package != nil {
      // The traced type-checks need the package built: its targets' arguments and its dependencies' modules.
      let plain = try build.run(.plain, trap: trap, timeout: timeout)
      gathered.raw += plain.stderr + plain.stdout
      if !plain.status.isSuccess {
        let reason = Self.failureReason(TimingLogParser.parse(utf8: plain.stderr + plain.stdout), status: plain.status)
        gathered.failures.append(reason)
        context.warn("bench: the build failed (\(reason)); tracing what it left")
      }
    }
    if !parsed[\.scopesOnly] {
      try timeBodies(
        build, bodiesOnly: parsed[\.bodiesOnly], into: &gathered, trap: trap, timeout: timeout, context: context)
    }
    if !parsed[\.bodiesOnly] {
      try traceScopes(
        build, includeDependencies: parsed[\.dependencies], into: &gathered, trap: trap, timeout: timeout,
        ranking: { profile, diagnostics in
          ScopeRanking(
            profile: profile, budget: budget, include: include, limit: limit, failOver: failOver,
            diagnostics: diagnostics,
            sources: { path in try? String(contentsOfFile: build.absolutePath(path), encoding: .utf8) })
        }, context: context)
    }
    if let logPath = try parsed[\.log] {
      try AtomicFile.write(gathered.raw, to: URL(fileURLWithPath: logPath))
    }
    let report = AnalysisReport(
      logs: gathered.log.map { [$0] }, scopes: gathered.scopes,
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
    return exitStatus(gathered, report: report, failOver: failOver, context: context)
  }

  /// The timed compile (`-debug-time-function-bodies`): its log, its give-ups, and a failure said (or, with
  /// `--bodies-only` and nothing timed, thrown).
  static func timeBodies(
    _ build: AnalyzeBuild, bodiesOnly: Bool, into gathered: inout Gathered, trap: SignalTrap, timeout: Double,
    context: CommandContext
  ) throws {
    let timed = try build.run(.timed, trap: trap, timeout: timeout)
    gathered.raw += timed.stderr + timed.stdout
    let parsedLog = TimingLogParser.parse(utf8: timed.stderr + timed.stdout)
    gathered.log = parsedLog
    gathered.giveUps = max(gathered.giveUps, parsedLog.diagnostics.filter(isGiveUp).count)
    if !timed.status.isSuccess, !Self.failedOnlyByGiveUps(parsedLog, build: build) {
      let reason = Self.failureReason(parsedLog, status: timed.status)
      guard !parsedLog.bestAvailableEntries.isEmpty || !bodiesOnly else {
        throw BenchError.software("analyze: the build failed: \(reason)")
      }
      gathered.failures.append(reason)
      context.warn("bench: the build failed (\(reason)); ranking what was timed")
    }
  }

  /// The traced compile (`-trace-stats-events`): its expressions ranked by `ranking`, what the ranking says (give-ups
  /// it cannot place, the gate), or, with no trace at all, the failure (thrown when nothing was timed either).
  static func traceScopes(
    _ build: AnalyzeBuild, includeDependencies: Bool, into gathered: inout Gathered, trap: SignalTrap,
    timeout: Double, ranking: (ScopeProfile, [CompilerDiagnostic]) -> ScopeRanking, context: CommandContext
  ) throws {
    let traced = try build.tracedRun(trap: trap, timeout: timeout, includeDependencies: includeDependencies)
    gathered.raw += traced.output
    let tracedLog = TimingLogParser.parse(utf8: traced.output)
    gathered.giveUps = max(gathered.giveUps, tracedLog.diagnostics.filter(isGiveUp).count)
    if let status = traced.failure, !Self.failedOnlyByGiveUps(tracedLog, build: build), gathered.failures.isEmpty {
      let reason = Self.failureReason(tracedLog, status: status)
      gathered.failures.append(reason)
      context.warn("bench: the traced build failed (\(reason)); ranking what was traced")
    }
    switch traced.profile {
    case .success(let profile):
      let ranked = ranking(profile, tracedLog.diagnostics)
      ScopeOptions.warn(profile, context: context)
      for diagnostic in ranked.unmatchedGiveUps {
        context.warn(
          "bench: \(diagnostic.file ?? "?"):\(diagnostic.line ?? 0): the solver gave up here, but the trace has no "
            + "expression there")
      }
      ScopeOptions.gateLines(ranked).forEach(context.warn)
      gathered.giveUps = max(gathered.giveUps, ranked.atLimitCount)
      gathered.scopes = ranked
    case .failure(let error):
      // No trace at all (a compiler without the flag, one that rejected it, or a build that stopped first): the
      // bodies still stand.
      context.warn("bench: no expression scopes: \(error.description)")
      gathered.failures.append(error.description)
      if gathered.log == nil { throw error }
    }
  }

  /// The analysis's exit status. Unreadable trace rows decide first: the expressions they held are missing, and may
  /// be over the gate. Then the gate: an expression over it (or one the solver gave up on, at any share) fails the
  /// step whatever else happened. Then a failed build (what was measured is ranked, but a script or CI step must see
  /// it), one the solver gave up on (swiftc fails it too), then scopes left unaccounted for.
  static func exitStatus(
    _ gathered: Gathered, report: AnalysisReport, failOver: Double?, context: CommandContext
  ) -> ExitStatus {
    let giveUps = gathered.giveUps
    if let scopes = gathered.scopes, ScopeOptions.hasUnreadableRows([scopes]) { return .badData }
    if let scopes = gathered.scopes, scopes.failsGate { return WorkOutcome.regression.status }
    if failOver != nil, giveUps > 0 {
      context.warn(
        "bench: the solver gave up on \(giveUps) expression\(giveUps == 1 ? "" : "s"), which counts as over "
          + "--fail-over \(ScopeBudget.percent(failOver ?? 0))")
      return WorkOutcome.regression.status
    }
    // Nothing timed and nothing traced is nothing measured: never a success.
    if report.bodies?.isEmpty ?? true, gathered.scopes?.rows.isEmpty ?? true {
      return WorkOutcome.nothingMeasured.status
    }
    if !gathered.failures.isEmpty { return WorkOutcome.caseFailed.status }
    if giveUps > 0 {
      context.warn(
        "bench: the build does not type-check: the solver gave up on \(giveUps) expression\(giveUps == 1 ? "" : "s") "
          + "(\"unable to type-check this expression in reasonable time\")")
      return WorkOutcome.caseFailed.status
    }
    return gathered.scopes.map { ScopeOptions.status([$0]) } ?? .success
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

  /// `--toolchain NAME=PATH…`: the traced compile with each compiler, and each expression's scopes side by side. A
  /// compiler that runs past `--timeout`, gives up or rejects the code is that compiler's outcome: the others' scopes
  /// are kept and shown, and the exit status follows the rule `exitStatus` states.
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
    var fullRankings: [ScopeRanking] = []
    var endings: [ScopeComparison.Ending] = []
    var sourceBuild: AnalyzeBuild?
    for toolchain in toolchains {
      let build = try AnalyzeBuild(
        paths: parsed.positionals, swiftc: toolchain.swiftcPath, scratchPath: nil, timeout: timeout,
        frontendFlags: thresholdFlags)
      defer { build.removeWorkFolder() }
      if sourceBuild == nil { sourceBuild = build }
      let include: (String) -> Bool =
        parsed[\.dependencies] ? { _ in true } : { path in build.isOwnFile(path) }
      var failure: String?
      let traced: AnalyzeBuild.TracedCompile
      do {
        if build.package != nil {
          let plain = try build.run(.plain, trap: trap, timeout: timeout)
          if !plain.status.isSuccess {
            let reason = Self.failureReason(
              TimingLogParser.parse(utf8: plain.stderr + plain.stdout), status: plain.status)
            failure = reason
            context.warn("bench: \(toolchain.name): the build failed (\(reason)); tracing what it left")
          }
        }
        traced = try build.tracedRun(trap: trap, timeout: timeout, includeDependencies: parsed[\.dependencies])
      } catch let timedOut as AnalyzeBuild.TimedOut {
        // Its time is a lower bound and it wrote no trace; the other compilers are still traced.
        context.warn(
          "bench: \(toolchain.name): the \(timedOut.what) ran past the \(NumberFormat.compact(timeout, digits: 6)) s "
            + "timeout; every compiler process it started was stopped")
        fullRankings.append(ScopeRanking(profile: ScopeProfile(), budget: budget, limit: .max, failOver: failOver))
        endings.append(.timedOut(seconds: timeout))
        continue
      }
      let tracedLog = TimingLogParser.parse(utf8: traced.output)
      if let status = traced.failure, !Self.failedOnlyByGiveUps(tracedLog, build: build), failure == nil {
        let reason = Self.failureReason(tracedLog, status: status)
        failure = reason
        context.warn("bench: \(toolchain.name): the traced build failed (\(reason)); comparing what was traced")
      }
      let profile: ScopeProfile
      switch traced.profile {
      case .success(let read): profile = read
      case .failure(let error):
        // No trace (a compiler that rejects the flags, or code it stops on before any job): its outcome.
        context.warn("bench: \(toolchain.name): no expression scopes: \(error.description)")
        fullRankings.append(ScopeRanking(profile: ScopeProfile(), budget: budget, limit: .max, failOver: failOver))
        endings.append(.doesNotCompile(failure ?? error.description))
        continue
      }
      for note in profile.notes { context.warn("bench: \(toolchain.name): \(note.source): \(note.message)") }
      let full = ScopeRanking(
        profile: profile, budget: budget, include: include, limit: .max, failOver: failOver,
        diagnostics: tracedLog.diagnostics)
      ScopeOptions.gateLines(full, toolchain: toolchain.name).forEach(context.warn)
      fullRankings.append(full)
      let giveUps = max(full.atLimitCount, tracedLog.diagnostics.filter(isGiveUp).count)
      endings.append(failure.map { .doesNotCompile($0) } ?? (giveUps > 0 ? .gaveUp(giveUps) : .typeChecked))
    }
    let build = sourceBuild!
    let comparison = ScopeComparison(
      toolchains: toolchains.map(\.name), rankings: fullRankings, budget: budget, limit: limit, endings: endings,
      sources: { path in try? String(contentsOfFile: build.absolutePath(path), encoding: .utf8) })
    var text = comparison.render(format, base: build.workingDirectory.path)
    if text.hasSuffix("\n") { text.removeLast() }
    context.output(text)
    if ScopeOptions.hasUnreadableRows(fullRankings) { return .badData }
    return exitStatus(rankings: fullRankings, endings: endings, failOver: failOver, names: toolchains.map(\.name)) {
      context.warn($0)
    }
  }

  /// The exit status of a comparison, one rule (docs/scopes.md, "Exit status"):
  /// 1. with `--fail-over`, 2 when an expression is over the share or at the solver's limit with any toolchain, or
  ///    a toolchain gave up or ran past the timeout (its work is unknown, so it may be over any share);
  /// 2. 70 when the code did not type-check with some toolchain (it gave up, timed out, or the code does not compile
  ///    with it), as swiftc's own exit says;
  /// 3. 65 when a trace left scopes unaccounted for; else 0.
  static func exitStatus(
    rankings: [ScopeRanking], endings: [ScopeComparison.Ending], failOver: Double?, names: [String],
    warn: (String) -> Void
  ) -> ExitStatus {
    let unsolved = endings.indices.filter { !endings[$0].isSuccess }
    if let failOver {
      let censored = unsolved.filter {
        switch endings[$0] {
        case .gaveUp, .timedOut: true
        default: false
        }
      }
      for index in censored where !rankings[index].failsGate {
        warn(
          "bench: \(names[index]): \(endings[index].clause), which counts as over --fail-over "
            + ScopeBudget.percent(failOver))
      }
      if !censored.isEmpty || rankings.contains(where: \.failsGate) { return WorkOutcome.regression.status }
    }
    if !unsolved.isEmpty {
      let list = unsolved.map { "\(names[$0]) \(endings[$0].clause)" }.joined(separator: "; ")
      warn("bench: the code does not type-check with every toolchain: \(list)")
      return WorkOutcome.caseFailed.status
    }
    return ScopeOptions.status(rankings)
  }
}
