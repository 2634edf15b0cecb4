import Foundation
import TypeCheckBenchCore

/// How `--meter instructions` counts a compile on this host: the frontend jobs the driver plans (`swiftc -###`),
/// each run directly, counted by the best source the host has. The driver and bench are never counted.
public struct InstructionCounting: Sendable {
  public var source: InstructionSource
  /// The counting tool's version (`valgrind-3.19.0`), or the CPU whose counter counts.
  public var detail: String
  /// The valgrind executable (cachegrind only).
  var valgrind: String?

  /// The one line a host without any source gets (exit 64, before anything is written).
  static let installHint =
    "--meter instructions: this host has no instruction counter (no hardware counter the kernel exposes, "
    + "and no valgrind): install valgrind (apt-get install valgrind) or set VALGRIND to its path"

  /// The environment variable that makes a wrapper of `scripts/install-toolchain.sh` run its arguments inside its root.
  static let wrapperExec = "TYPECHECKBENCH_WRAPPER_EXEC"

  static let wrappedNeedsCachegrind =
    "--meter instructions counts a toolchain that runs in a root of its own only with cachegrind "
    + "(--instruction-source cachegrind)"

  /// Checks that each wrapped toolchain can be counted, by the valgrind inside its root, and says which valgrind
  /// counts it in `detail` (`valgrind-3.19.0; swift-6.0: valgrind-3.24.0 in its root`).
  /// - Throws: `BenchError.usage` (exit 64) when the source is not cachegrind or a root has no valgrind.
  mutating func prepare(for toolchains: [ToolchainInfo]) throws {
    var inRoots: [String] = []
    for toolchain in toolchains where toolchain.wrappedCompiler != nil {
      guard source == .cachegrind else { throw BenchError.usage(Self.wrappedNeedsCachegrind) }
      var environment = ProcessInfo.processInfo.environment
      environment[Self.wrapperExec] = "1"
      let result = try? ProcessRunner.run(
        toolchain.swiftcPath, ["valgrind", "--version"], environment: environment, timeout: 30)
      let version = result?.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
      guard let result, result.status.isSuccess, version.hasPrefix("valgrind") else {
        throw BenchError.usage(
          "--meter instructions: \(toolchain.name) runs in a root of its own that has no valgrind to count it with; "
            + "run scripts/install-toolchain.sh again for it (it adds valgrind to the root)")
      }
      inRoots.append("\(toolchain.name): \(version) in its root")
    }
    if !inRoots.isEmpty { detail += "; " + inRoots.joined(separator: ", ") }
  }

  /// Finds the best source: the hardware counter (Linux `perf_event_open`, macOS `proc_pid_rusage`), else
  /// cachegrind (`$VALGRIND`, else `valgrind` on `PATH`).
  /// - Parameter requested: a source to use instead of the best (`--instruction-source`).
  /// - Throws: `BenchError.usage` (exit 64) naming what to install when there is none, or when `requested` is not
  ///   available here (with the reason).
  public static func detect(
    requested: InstructionSource? = nil, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws -> InstructionCounting {
    var reasons: [InstructionSource: String] = [:]
    for source in requested.map({ [$0] }) ?? InstructionSource.allCases {
      switch source {
      case .perfEvents:
        #if canImport(Glibc)
          let probe = HardwareInstructionCounter.probe()
          if probe.available {
            return InstructionCounting(source: .perfEvents, detail: HostFacts.cpuModel, valgrind: nil)
          }
          reasons[source] = probe.failure ?? "unavailable"
        #else
          reasons[source] = "Linux only"
        #endif
      case .processRusage:
        #if canImport(Darwin)
          return InstructionCounting(source: .processRusage, detail: HostFacts.cpuModel, valgrind: nil)
        #else
          reasons[source] = "macOS only"
        #endif
      case .cachegrind:
        let valgrind = environment["VALGRIND"].flatMap { $0.isEmpty ? nil : $0 } ?? "valgrind"
        if let result = try? ProcessRunner.run(valgrind, ["--version"], timeout: 30), result.status.isSuccess {
          let version = result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
          return InstructionCounting(source: .cachegrind, detail: version, valgrind: valgrind)
        }
        reasons[source] = "\(valgrind) --version does not run"
        // A VALGRIND that names nothing runnable is the user's setting to fix, not a missing install.
        if requested == nil, let given = environment["VALGRIND"], !given.isEmpty {
          throw BenchError.usage(
            "--meter instructions: VALGRIND=\(given) does not run (\(given) --version failed), and this host has no "
              + "hardware counter the kernel exposes (\(reasons[.perfEvents] ?? reasons[.processRusage] ?? "none")): "
              + "set VALGRIND to valgrind's path (apt-get install valgrind installs it), or unset it to use valgrind "
              + "on PATH")
        }
      }
    }
    if let requested {
      throw BenchError.usage(
        "--instruction-source \(requested.rawValue) is not available here (\(reasons[requested] ?? "unavailable"))"
          + (requested == .cachegrind ? ": install valgrind (apt-get install valgrind)" : ""))
    }
    throw BenchError.usage(installHint)
  }

  /// The record's description of this source, with no baseline yet.
  public var metering: InstructionMetering {
    InstructionMetering(source: source, detail: detail)
  }

  /// Compiles `swiftc arguments` with every frontend job the driver plans run directly and counted, in `stage`'s
  /// folder (working directory, environment and cachegrind's files), which `arguments` should name the staged files
  /// of.
  /// - Returns: the jobs' results combined (their standard error in order, their times added, the first failure's
  ///   status), and their instructions added; nil instructions when a job was killed or crashed before counting.
  /// - Throws: `BenchError.software` when the driver's plan cannot be read or a job that ended normally was not
  ///   counted; `BenchError.interrupted`.
  /// A toolchain that runs in a root of its own (`ToolchainInfo.wrappedCompiler`) plans jobs whose paths are the
  /// root's: each is counted by the root's own valgrind, through the wrapper (`inRoot`).
  func compile(
    swiftc: String, arguments: [String], timeout: Double, stage: CountedCompileStage, inRoot: Bool = false
  ) throws -> (
    result: ProcessResult, instructions: Double?
  ) {
    let planned = try ProcessRunner.run(
      swiftc, ["-###"] + arguments, workingDirectory: stage.folder, environment: stage.environment, timeout: timeout)
    // A driver that refuses the arguments has run no frontend: its own error is the compile's.
    guard planned.status.isSuccess, !planned.timedOut, !planned.interrupted else { return (planned, nil) }
    let jobs: [[String]]
    do {
      jobs = try FrontendJobs.parse(planned.stdoutText)
    } catch {
      throw BenchError.software("cannot read the frontend jobs of \(swiftc) -###: \(error)")
    }
    var combined: ProcessResult?
    var total: Double? = 0
    let deadline = ProcessRunner.monotonicSeconds() + timeout
    for job in jobs {
      let remaining = max(0.001, deadline - ProcessRunner.monotonicSeconds())
      let (result, instructions) = try run(
        job, timeout: remaining, stage: stage, wrapper: inRoot ? swiftc : nil)
      total = total.flatMap { sum in instructions.map { sum + $0 } }
      combined = combined.map { Self.combine($0, result) } ?? result
      if !result.status.isSuccess || result.timedOut || result.interrupted { break }
    }
    return (combined ?? planned, total)
  }

  /// Runs one frontend job, counted, in `stage`; with `wrapper`, inside the wrapper's root.
  private func run(_ job: [String], timeout: Double, stage: CountedCompileStage, wrapper: String?) throws -> (
    ProcessResult, Double?
  ) {
    guard source == .cachegrind, let valgrind else {
      if wrapper != nil {
        throw BenchError.usage(Self.wrappedNeedsCachegrind)
      }
      let result = try ProcessRunner.run(
        job[0], Array(job.dropFirst()), workingDirectory: stage.folder, environment: stage.environment,
        timeout: timeout, countInstructions: true)
      if result.instructions == nil, result.status.isSuccess {
        throw BenchError.software("\(source.rawValue) counted no instructions for \(job[0])")
      }
      return (result, result.instructions)
    }
    let folder = stage.folder.appendingPathComponent("cachegrind-\(UUID().uuidString)", isDirectory: true)
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw BenchError.io("cannot create \(folder.path): \(BenchError.reason(error))")
    }
    defer { try? FileManager.default.removeItem(at: folder) }
    // valgrind's own messages go to its log, so standard error is the frontend's; %p names each traced process's
    // files, so a frontend's children are counted too.
    let arguments =
      [
        "--tool=cachegrind", "--cache-sim=no", "--trace-children=yes",
        "--cachegrind-out-file=\(folder.path)/cachegrind.out.%p", "--log-file=\(folder.path)/valgrind.log.%p",
      ] + job
    let result: ProcessResult
    if let wrapper {
      var environment = stage.environment
      environment[Self.wrapperExec] = "1"
      result = try ProcessRunner.run(
        wrapper, ["valgrind"] + arguments, workingDirectory: stage.folder, environment: environment, timeout: timeout)
    } else {
      result = try ProcessRunner.run(
        valgrind, arguments, workingDirectory: stage.folder, environment: stage.environment, timeout: timeout)
    }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    var instructions = 0.0
    var counted = 0
    for name in names.sorted() where name.hasPrefix("cachegrind.out.") {
      let file = folder.appendingPathComponent(name)
      guard let data = FileManager.default.contents(atPath: file.path) else { continue }
      do {
        instructions += try CachegrindOutput.instructions(in: String(decoding: data, as: UTF8.self))
        counted += 1
      } catch {
        // A traced process killed at the timeout leaves a partial file: the compile has no count.
        if result.timedOut || result.interrupted || !result.status.isSuccess { return (result, nil) }
        throw BenchError.software("unreadable cachegrind output of \(job[0]): \(error)")
      }
    }
    if counted == 0 {
      if result.timedOut || result.interrupted || result.status.signalName != nil { return (result, nil) }
      let log = names.filter { $0.hasPrefix("valgrind.log.") }.sorted().first.flatMap {
        try? String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)
      }
      let said = log?.split(separator: "\n").last.map(String.init) ?? "no log"
      throw BenchError.software("valgrind counted nothing for \(job[0]) (\(result.status)): \(said)")
    }
    return (result, instructions)
  }

  /// Two jobs of one compile as one result.
  static func combine(_ first: ProcessResult, _ second: ProcessResult) -> ProcessResult {
    var combined = first
    combined.status = first.status.isSuccess ? second.status : first.status
    combined.stdout = first.stdout + second.stdout
    combined.stderr = first.stderr + second.stderr
    combined.wallSeconds += second.wallSeconds
    combined.userSeconds += second.userSeconds
    combined.systemSeconds += second.systemSeconds
    combined.maxRSSBytes = max(first.maxRSSBytes, second.maxRSSBytes)
    combined.timedOut = first.timedOut || second.timedOut
    combined.interrupted = first.interrupted || second.interrupted
    combined.instructions = nil
    return combined
  }
}
