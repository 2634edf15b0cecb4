import Foundation
import TypeCheckBenchCore

/// How one compile ended, judged from its status and standard error alone (no timing parser needed).
public struct CompileVerdict: Hashable, Sendable {
  public var outcome: Outcome
  /// The signal name for `crash`, the first matching diagnostic line for `tooComplex` and `error`.
  public var detail: String?

  public init(outcome: Outcome, detail: String? = nil) {
    self.outcome = outcome
    self.detail = detail
  }

  /// The solver's give-up messages: Swift 4 and later, then Swift 2 and 3.
  static let tooComplexMessages = [
    "the compiler is unable to type-check this expression in reasonable time",
    "expression was too complex to be solved in reasonable time",
  ]

  /// Judges a finished compile.
  /// - Parameters:
  ///   - status: How the compiler process ended.
  ///   - timedOut: True when bench killed it at its timeout.
  ///   - stderr: The compiler's standard error.
  public init(status: ProcessStatus, timedOut: Bool, stderr: String) {
    // Our own kill arrives as SIGKILL: the timeout, not the signal, is what happened.
    if timedOut {
      self.init(outcome: .timeout)
      return
    }
    if let signal = status.signalName {
      self.init(outcome: .crash, detail: signal)
      return
    }
    let lines = stderr.split(whereSeparator: \.isNewline).map(String.init)
    // A driver that spawned the frontend reports the frontend's death as an error naming the signal.
    if let line = lines.first(where: { $0.contains("failed due to signal ") }),
      let number = line.components(separatedBy: "failed due to signal ").last?.prefix(while: \.isNumber),
      let signal = Int32(number)
    {
      self.init(outcome: .crash, detail: SignalName.name(of: signal))
      return
    }
    if let line = lines.first(where: { line in Self.tooComplexMessages.contains { line.contains($0) } }) {
      self.init(outcome: .tooComplex, detail: line)
      return
    }
    if let line = lines.first(where: { $0.contains(": error: ") || $0.hasPrefix("error: ") }) {
      self.init(outcome: .error, detail: line)
      return
    }
    if status != .exited(0) {
      self.init(outcome: .error, detail: "swiftc ended with \(status)")
      return
    }
    self.init(outcome: .ok)
  }
}
