import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a child process from an argument vector (never a shell) and reports its output, status and cost.
///
/// The child leads its own process group, so a timeout or an interrupt ends the whole group, grandchildren
/// included. Standard input is `/dev/null`; standard output and standard error are drained concurrently by one
/// `poll` loop, so a child that writes megabytes to either never blocks.
///
/// What the CPU and memory figures cover (checked on Linux with Swift 6.3.1): `wait4` reports the child's own
/// usage plus that of every descendant the child waited for (Linux returns RUSAGE_SELF + RUSAGE_CHILDREN of the
/// reaped child, measured equal to this process's RUSAGE_CHILDREN delta, grandchildren included; BSD and Darwin
/// add the children's usage into a process's own at exit), and `ru_maxrss` is the maximum over those processes,
/// not their sum. `swiftc` is the driver: for a single-file `-typecheck` it execs `swift-frontend` in place (same
/// pid), and when it spawns frontends it waits for them, so their cost is included either way, as is the driver's
/// own start-up (about 65 ms of wall and 40 ms of user time that the frontend's own `-stats-output-dir` timers do
/// not see). `ru_maxrss` is KiB on Linux and bytes on Darwin; the result is always bytes. On Linux its floor is
/// this process's resident size at the spawn (see `forgetPeakResidentSize`).
public enum ProcessRunner {
  /// Seconds between an interrupt's SIGINT and the SIGKILL that follows for groups still running.
  public static let interruptGrace = 2.0

  /// Runs `executable` with `arguments` to completion, or until `timeout` seconds pass.
  /// - Parameters:
  ///   - executable: Path of the program; a name without a slash is looked up in this process's `PATH`.
  ///   - arguments: The arguments after `argv[0]`, passed as they are.
  ///   - workingDirectory: The child's working directory, or nil for this process's.
  ///   - environment: The child's whole environment, or nil to inherit this process's; either way with `TMPDIR` in
  ///     bench's folder for its children while one is active (`ChildTemporaryFolder`).
  ///   - timeout: Seconds before the child's process group is killed with SIGKILL, or nil for no limit.
  ///   - countInstructions: Count the instructions the child retires with the host's hardware counter
  ///     (`HardwareInstructionCounter`) into `ProcessResult.instructions`.
  /// - Throws: `BenchError.software` when the child cannot be started, or its instructions cannot be counted;
  ///   `BenchError.interrupted` after `interruptAll()`.
  public static func run(
    _ executable: String, _ arguments: [String], workingDirectory: URL? = nil,
    environment: [String: String]? = nil, timeout: Double? = nil, countInstructions: Bool = false
  ) throws -> ProcessResult {
    try run(
      executable, arguments, workingDirectory: workingDirectory, environment: environment, timeout: timeout,
      groups: .shared, countInstructions: countInstructions)
  }

  /// `run` with the registry of running groups an interrupt reaches (tests use their own).
  static func run(
    _ executable: String, _ arguments: [String], workingDirectory: URL?, environment: [String: String]?,
    timeout: Double?, groups: ChildProcessGroups, countInstructions: Bool = false
  ) throws -> ProcessResult {
    _ = enableOrphanReaping
    #if canImport(Glibc)
      // Armed on this thread just before the spawn: the child inherits it and its exec switches it on.
      var counter: HardwareInstructionCounter?
      if countInstructions {
        let armed = HardwareInstructionCounter.arm()
        guard let armedCounter = armed.counter else {
          throw BenchError.software("cannot count the instructions of \(executable): \(armed.failure ?? "no counter")")
        }
        counter = armedCounter
      }
    #endif
    let outputPipe = try makePipe()
    let errorPipe = try makePipe()
    var readEndsOpen = true
    defer {
      if readEndsOpen {
        close(outputPipe.read)
        close(errorPipe.read)
      }
    }
    var start = 0.0
    let spawned = Result {
      try groups.register {
        start = monotonicSeconds()
        return try spawn(
          executable, arguments, workingDirectory: workingDirectory, environment: environment,
          stdout: outputPipe.write, stderr: errorPipe.write)
      }
    }
    // Only the child may hold the write ends, or the pipes would never reach end of file.
    close(outputPipe.write)
    close(errorPipe.write)
    #if canImport(Glibc)
      if case .failure = spawned { _ = counter?.finish() }
    #endif
    let child = try spawned.get()

    let deadline = timeout.map { start + $0 }
    var drain = OutputDrain(stdout: outputPipe.read, stderr: errorPipe.read)
    let timedOut = drain.run(child: child, deadline: deadline) { groups.terminateTree(child) }
    close(outputPipe.read)
    close(errorPipe.read)
    readEndsOpen = false

    // Wait for the exit without reaping: the zombie keeps the group id reserved while the rest of the group is
    // killed, so no pid reuse can redirect the kill.
    waitForExitWithoutReaping(child)
    let end = monotonicSeconds()
    var instructions: Double?
    #if canImport(Darwin)
      if countInstructions { instructions = HardwareInstructionCounter.instructions(ofExited: child) }
    #endif
    _ = killpg(child, SIGKILL)
    // A child that was killed or interrupted may have left processes in groups of their own (swift build's drivers),
    // re-parented to bench: end them too. A compile that finished on its own has none (and /proc is not read).
    if timedOut || groups.wasSignalled(child) { groups.terminateTree(child) }
    let interrupted = groups.deregister(child)

    var rawStatus: Int32 = 0
    var usage = rusage()
    while wait4(child, &rawStatus, 0, &usage) < 0 && errno == EINTR {}
    reapGroupLeftovers(child)
    #if canImport(Glibc)
      // Read after the reaping: an exited child's count is folded into the counter when it is reaped.
      instructions = counter?.finish()
    #endif

    var result = ProcessResult(
      processID: child, status: status(from: rawStatus), stdout: drain.output, stderr: drain.errorOutput,
      wallSeconds: end - start, userSeconds: seconds(usage.ru_utime), systemSeconds: seconds(usage.ru_stime),
      maxRSSBytes: maxRSSBytes(usage), timedOut: timedOut, interrupted: interrupted)
    result.instructions = instructions
    return result
  }

  /// Sends SIGINT to every running child group, then SIGKILL to those still running after `interruptGrace`;
  /// later calls to `run` throw `BenchError.interrupted`.
  public static func interruptAll() {
    ChildProcessGroups.shared.interruptAll(grace: interruptGrace)
  }

  /// Sends SIGKILL to every running child group at once; later calls to `run` throw `BenchError.interrupted`.
  public static func killAll() {
    ChildProcessGroups.shared.killAll()
  }

  /// True once `interruptAll()` or `killAll()` has run.
  public static var isInterrupted: Bool { ChildProcessGroups.shared.isInterrupted }

  // MARK: - Spawning

  private static func spawn(
    _ executable: String, _ arguments: [String], workingDirectory: URL?, environment: [String: String]?,
    stdout: Int32, stderr: Int32
  ) throws -> pid_t {
    #if canImport(Darwin)
      var attributes: posix_spawnattr_t? = nil
      var actions: posix_spawn_file_actions_t? = nil
    #else
      var attributes = posix_spawnattr_t()
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawnattr_init(&attributes)
    posix_spawn_file_actions_init(&actions)
    defer {
      posix_spawnattr_destroy(&attributes)
      posix_spawn_file_actions_destroy(&actions)
    }

    var flags = Int32(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
    #if canImport(Darwin)
      // Darwin has no pipe2: closing every descriptor not named below keeps other threads' pipes out of the child.
      flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
    #endif
    posix_spawnattr_setflags(&attributes, Int16(flags))
    // Group 0: the child becomes the leader of a new group whose id is its pid.
    posix_spawnattr_setpgroup(&attributes, 0)
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    // A SignalTrap sets SIGINT and SIGTERM to SIG_IGN here, and ignored signals survive exec: restore defaults.
    var defaulted = sigset_t()
    sigemptyset(&defaulted)
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE] { sigaddset(&defaulted, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaulted)

    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, stdout, 1)
    posix_spawn_file_actions_adddup2(&actions, stderr, 2)
    #if canImport(Glibc)
      // Descriptors other code opened without O_CLOEXEC would otherwise live as long as the child: a file being
      // written elsewhere could then not be executed (ETXTBSY), and a pipe's reader would wait for the child.
      _ = GNUExtensions.addCloseFrom(&actions, 3)
    #endif
    if let workingDirectory {
      #if canImport(Glibc)
        let code = GNUExtensions.addChdir(&actions, workingDirectory.path) ?? ENOSYS
      #else
        let code = posix_spawn_file_actions_addchdir_np(&actions, workingDirectory.path)
      #endif
      guard code == 0 else {
        throw BenchError.software(
          "cannot run \(executable) in \(workingDirectory.path): \(String(cString: strerror(code)))")
      }
    }

    let argv = ([executable] + arguments).map { strdup($0) }
    defer { for pointer in argv { free(pointer) } }
    let envp = ChildTemporaryFolder.shared.environment(for: environment).map {
      $0.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") }
    }
    defer { for pointer in envp ?? [] { free(pointer) } }

    forgetPeakResidentSize()
    var child: pid_t = 0
    var code: Int32 = 0
    for attempt in 0..<5 {
      code = (argv + [nil]).withUnsafeBufferPointer { argvPointer in
        let argvBase = UnsafeMutablePointer(mutating: argvPointer.baseAddress!)
        if let envp {
          return (envp + [nil]).withUnsafeBufferPointer { envpPointer in
            posix_spawnp(
              &child, executable, &actions, &attributes, argvBase,
              UnsafeMutablePointer(mutating: envpPointer.baseAddress!))
          }
        }
        return posix_spawnp(&child, executable, &actions, &attributes, argvBase, environ)
      }
      // A program just written is briefly held open by any child spawned meanwhile, until that child's exec
      // closes it: retry, as Go's os/exec does.
      guard code == ETXTBSY else { break }
      usleep(UInt32(1_000 << attempt))
    }
    guard code == 0 else {
      throw BenchError.software("cannot run \(executable): \(String(cString: strerror(code)))")
    }
    return child
  }

  private static func makePipe() throws -> (read: Int32, write: Int32) {
    var fds: [Int32] = [0, 0]
    #if canImport(Glibc)
      var code = GNUExtensions.closeOnExecPipe(&fds) ?? -1
    #else
      var code: Int32 = -1
    #endif
    if code != 0 {
      // Darwin (where POSIX_SPAWN_CLOEXEC_DEFAULT closes the race) and old glibc: a plain pipe, then the flag.
      code = pipe(&fds)
      if code == 0 {
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
      }
    }
    guard code == 0 else {
      throw BenchError.software("cannot create a pipe: \(String(cString: strerror(errno)))")
    }
    return (fds[0], fds[1])
  }

  /// Lowers this process's recorded peak resident size to its current one (Linux).
  ///
  /// glibc's posix_spawn runs the child on this process's memory until its exec, and Linux then records that
  /// memory's peak as the child's starting `ru_maxrss`: without this, every child would report at least bench's own
  /// peak (measured: 427 MB for a swiftc that needs 96 MB, after bench once held 400 MB). After it, the floor is
  /// bench's current resident size (about 17 MB), well below any swift-frontend's.
  private static func forgetPeakResidentSize() {
    #if os(Linux)
      let file = open("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC)
      guard file >= 0 else { return }
      _ = write(file, "5", 1)
      close(file)
    #endif
  }

  // MARK: - Waiting

  /// Makes this process the reaper of its children's orphans (Linux), so killed grandchildren do not linger as
  /// zombies when PID 1 is not a real init, which is common in containers.
  private static let enableOrphanReaping: Void = {
    #if canImport(Glibc)
      _ = GNUExtensions.becomeChildSubreaper()
    #endif
  }()

  /// True when `child` has exited (it stays a zombie: not reaped).
  static func hasExited(_ child: pid_t) -> Bool {
    var info = siginfo_t()
    while waitid(P_PID, id_t(child), &info, WEXITED | WNOWAIT | WNOHANG) < 0 {
      if errno != EINTR { return true }
    }
    #if canImport(Glibc)
      return info._sifields._sigchld.si_pid == child
    #else
      return info.si_pid == child
    #endif
  }

  private static func waitForExitWithoutReaping(_ child: pid_t) {
    var info = siginfo_t()
    while waitid(P_PID, id_t(child), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
  }

  /// Reaps what is left of the killed group (orphans handed to us as subreaper) until the group is gone.
  private static func reapGroupLeftovers(_ group: pid_t) {
    let giveUp = monotonicSeconds() + 2
    while kill(-group, 0) == 0 || errno != ESRCH {
      while waitpid(-group, nil, WNOHANG) > 0 {}
      // Members killed a moment ago may still be exiting; none can fork any more, so this ends quickly.
      if monotonicSeconds() > giveUp { return }
      usleep(1_000)
    }
  }

  private static func status(from raw: Int32) -> ProcessStatus {
    // WIFEXITED / WTERMSIG are macros Swift does not import.
    let signal = raw & 0x7f
    return signal == 0 ? .exited((raw >> 8) & 0xff) : .signaled(signal)
  }

  // MARK: - Clocks and usage

  static func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }

  private static func seconds(_ time: timeval) -> Double {
    Double(time.tv_sec) + Double(time.tv_usec) / 1e6
  }

  private static func maxRSSBytes(_ usage: rusage) -> Int {
    #if canImport(Darwin)
      Int(usage.ru_maxrss)
    #else
      Int(usage.ru_maxrss) * 1024
    #endif
  }
}
