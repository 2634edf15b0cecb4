import Foundation

/// Everything one finished child process produced and cost.
public struct ProcessResult: Sendable {
  /// The child's process id, which is also the id of the process group it led.
  public var processID: Int32
  public var status: ProcessStatus
  public var stdout: Data
  public var stderr: Data
  /// Monotonic wall-clock time from just before the spawn to the child's exit, seconds.
  public var wallSeconds: Double
  /// User CPU time of the child and of every descendant it waited for, seconds.
  public var userSeconds: Double
  /// System CPU time of the child and of every descendant it waited for, seconds.
  public var systemSeconds: Double
  /// Peak resident set size of the child or of its largest waited-for descendant, bytes.
  public var maxRSSBytes: Int
  /// True when the runner killed the child's group because the timeout expired.
  public var timedOut: Bool
  /// True when `ProcessRunner.interruptAll()` signalled the child's group while it ran.
  public var interrupted: Bool
  /// Instructions the child retired, by the host's hardware counter, when asked for (`countInstructions`).
  public var instructions: Double?

  public init(
    processID: Int32, status: ProcessStatus, stdout: Data, stderr: Data, wallSeconds: Double,
    userSeconds: Double, systemSeconds: Double, maxRSSBytes: Int, timedOut: Bool, interrupted: Bool
  ) {
    self.processID = processID
    self.status = status
    self.stdout = stdout
    self.stderr = stderr
    self.wallSeconds = wallSeconds
    self.userSeconds = userSeconds
    self.systemSeconds = systemSeconds
    self.maxRSSBytes = maxRSSBytes
    self.timedOut = timedOut
    self.interrupted = interrupted
  }

  /// The standard output decoded as UTF-8, with invalid bytes repaired.
  public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
  /// The standard error decoded as UTF-8, with invalid bytes repaired.
  public var stderrText: String { String(decoding: stderr, as: UTF8.self) }
}
