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
    self.init(status: status, timedOut: timedOut, stderrBytes: Array(stderr.utf8))
  }

  /// Judges a finished compile from its standard error as bytes (a compiler can print megabytes: timing lines, a
  /// flood of warnings), which it searches where they are, without making a `String` or a copy of them.
  public init<Bytes: Collection<UInt8>>(status: ProcessStatus, timedOut: Bool, stderrBytes: Bytes) {
    let judged = stderrBytes.withContiguousStorageIfAvailable { Self(status: status, timedOut: timedOut, text: $0) }
    self = judged ?? Array(stderrBytes).withUnsafeBufferPointer { Self(status: status, timedOut: timedOut, text: $0) }
  }

  private init(status: ProcessStatus, timedOut: Bool, text: UnsafeBufferPointer<UInt8>) {
    // Our own kill arrives as SIGKILL: the timeout, not the signal, is what happened.
    if timedOut {
      self.init(outcome: .timeout)
      return
    }
    if let signal = status.signalName {
      self.init(outcome: .crash, detail: signal)
      return
    }
    // A driver that spawned the frontend reports the frontend's death as an error naming the signal.
    if let line = Self.firstLine(in: text, containing: ["failed due to signal "]),
      let number = line.components(separatedBy: "failed due to signal ").last?.prefix(while: \.isNumber),
      let signal = Int32(number)
    {
      self.init(outcome: .crash, detail: SignalName.name(of: signal))
      return
    }
    if let line = Self.firstLine(in: text, containing: Self.tooComplexMessages) {
      self.init(outcome: .tooComplex, detail: line)
      return
    }
    if let line = Self.firstLine(in: text, containing: [": error: "], orStartingWith: ["error: "]) {
      self.init(outcome: .error, detail: line)
      return
    }
    if status != .exited(0) {
      // No diagnostic of the compiler's: what the process printed last says why (a wrapper's shell: "…: No such file
      // or directory").
      let said = Self.lastLine(in: text).map { ": " + $0 } ?? ""
      self.init(outcome: .error, detail: "swiftc ended with \(status)\(said)")
      return
    }
    self.init(outcome: .ok)
  }

  /// The first line of `text` (UTF-8) that contains one of `needles` or starts with one of `prefixes`, without its
  /// line break.
  static func firstLine(
    in text: UnsafeBufferPointer<UInt8>, containing needles: [String], orStartingWith prefixes: [String] = []
  )
    -> String?
  {
    var earliest: Int?
    for needle in needles {
      if let found = firstOffset(of: Array(needle.utf8), in: text, before: earliest ?? text.count) { earliest = found }
    }
    for prefix in prefixes {
      if text.starts(with: prefix.utf8) {
        earliest = 0
      } else if let found = firstOffset(of: Array(("\n" + prefix).utf8), in: text, before: earliest ?? text.count) {
        earliest = found + 1
      }
    }
    guard let match = earliest else { return nil }
    var lineStart = match
    while lineStart > 0 && text[lineStart - 1] != 0x0A { lineStart -= 1 }
    var lineEnd = match
    while lineEnd < text.count && text[lineEnd] != 0x0A { lineEnd += 1 }
    if lineEnd > lineStart && text[lineEnd - 1] == 0x0D { lineEnd -= 1 }
    return String(decoding: text[lineStart..<lineEnd], as: UTF8.self)
  }

  /// The last non-empty line of `text` (UTF-8), without its line break, at most 300 bytes of it; nil when there is
  /// none.
  static func lastLine(in text: UnsafeBufferPointer<UInt8>) -> String? {
    var end = text.count
    while end > 0 && (text[end - 1] == 0x0A || text[end - 1] == 0x0D || text[end - 1] == 0x20) { end -= 1 }
    guard end > 0 else { return nil }
    var start = end
    while start > 0 && text[start - 1] != 0x0A && end - start < 300 { start -= 1 }
    return String(decoding: text[start..<end], as: UTF8.self)
  }

  /// The offset of the first occurrence of `pattern` in `bytes` that starts before `limit`.
  private static func firstOffset(
    of pattern: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, before limit: Int
  ) -> Int? {
    guard let first = pattern.first, let base = bytes.baseAddress, bytes.count >= pattern.count else { return nil }
    let end = min(limit, bytes.count - pattern.count + 1)
    var offset = 0
    // memchr finds each candidate first byte; the rest is compared in place.
    while offset < end, let found = memchr(base + offset, Int32(first), end - offset) {
      let candidate = UnsafeRawPointer(found) - UnsafeRawPointer(base)
      if pattern.withUnsafeBufferPointer({ memcmp(base + candidate, $0.baseAddress!, pattern.count) == 0 }) {
        return candidate
      }
      offset = candidate + 1
    }
    return nil
  }
}
