#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Names of POSIX signals (`SIGSEGV`), from the platform's own numbers.
public enum SignalName {
  // Built from the platform constants because the numbers differ between Linux and Darwin (SIGBUS, SIGUSR1, …).
  private static let table: [Int32: String] = [
    SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP",
    SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGUSR1: "SIGUSR1",
    SIGSEGV: "SIGSEGV", SIGUSR2: "SIGUSR2", SIGPIPE: "SIGPIPE", SIGALRM: "SIGALRM", SIGTERM: "SIGTERM",
    SIGCHLD: "SIGCHLD", SIGCONT: "SIGCONT", SIGSTOP: "SIGSTOP", SIGTSTP: "SIGTSTP", SIGTTIN: "SIGTTIN",
    SIGTTOU: "SIGTTOU", SIGURG: "SIGURG", SIGXCPU: "SIGXCPU", SIGXFSZ: "SIGXFSZ", SIGVTALRM: "SIGVTALRM",
    SIGPROF: "SIGPROF", SIGWINCH: "SIGWINCH", SIGSYS: "SIGSYS",
  ]

  /// The conventional name of `signal`, or `signal N` for a number without one.
  public static func name(of signal: Int32) -> String {
    table[signal] ?? "signal \(signal)"
  }
}
