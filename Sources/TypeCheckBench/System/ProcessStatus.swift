import Foundation

/// How a child process ended.
public enum ProcessStatus: Hashable, Sendable {
  /// Exited normally with this status.
  case exited(Int32)
  /// Terminated by this signal.
  case signaled(Int32)

  /// True when the child exited with status 0.
  public var isSuccess: Bool { self == .exited(0) }

  /// `SIGSEGV`-style name of the terminating signal, or nil for a normal exit.
  public var signalName: String? {
    guard case .signaled(let signal) = self else { return nil }
    return SignalName.name(of: signal)
  }
}

extension ProcessStatus: CustomStringConvertible {
  public var description: String {
    switch self {
    case .exited(let code): "exit status \(code)"
    case .signaled(let signal): "killed by \(SignalName.name(of: signal))"
    }
  }
}
