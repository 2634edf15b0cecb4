import Dispatch
import Escaping
import Foundation
import TypeCheckBenchCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Shows a run's progress, a sweep's or a corpus's (the events of any `MeasurementPlan`): one live line on a terminal;
/// elsewhere (a pipe, a CI log) plain lines, a line per compile on CI and one at least every `plainInterval` seconds
/// otherwise, and on both a heartbeat line when a compile has printed nothing for `heartbeat` seconds, so that a log
/// never goes 30 s without a line; nothing but results with `--quiet`.
final class ProgressDisplay: @unchecked Sendable {
  /// How progress is shown.
  enum Mode {
    /// A terminal: one line redrawn in place.
    case live
    /// CI (`CI` set): a plain line per compile.
    case everyCompile
    /// A pipe or a file: a plain line at most every `plainInterval` seconds.
    case plain
    /// `--quiet`: no progress at all.
    case quiet
  }

  private let mode: Mode
  private let kind: any RunKindWords
  private let output: (String) -> Void
  private let now: () -> Date
  private let plainInterval: TimeInterval
  private let heartbeat: TimeInterval
  private let start: Date
  private let lock = NSLock()
  private var planned = 0
  private var completed = 0
  private var lineShown = false
  /// When a line was last printed, and the compile running (for the heartbeat).
  private var lastLine: Date
  private var current: String?
  private var timer: DispatchSourceTimer?

  init(
    quiet: Bool, kind: any RunKindWords = SweepKind(), output: @escaping (String) -> Void, mode: Mode? = nil,
    now: @escaping () -> Date = Date.init,
    plainInterval: TimeInterval = 10, heartbeat: TimeInterval = 25
  ) {
    self.kind = kind
    self.output = output
    self.now = now
    self.plainInterval = plainInterval
    self.heartbeat = heartbeat
    start = now()
    lastLine = start
    self.mode =
      mode
      ?? (quiet
        ? .quiet
        : (ProcessInfo.processInfo.environment["CI"] != nil
          ? .everyCompile : (isatty(STDERR_FILENO) == 1 ? .live : .plain)))
  }

  deinit { timer?.cancel() }

  func handle(_ event: SweepEvent) {
    lock.lock()
    defer { lock.unlock() }
    switch event {
    case .started(let plannedCompiles, let alreadyDone):
      planned = plannedCompiles
      if mode != .quiet, let line = kind.plannedLine(planned: plannedCompiles, alreadyDone: alreadyDone) {
        say(line)
      }
      if mode == .plain || mode == .everyCompile { startHeartbeat() }
    case .compileStarted(let caseID, let toolchain, let run, let of, let role):
      // A probe is a compile the plan did not count: the point may still take all its planned ones.
      if role == .probe { planned += 1 }
      let counter = "[\(completed + 1)/\(planned)] "
      let point = "\(caseID)@\(toolchain)"
      let what =
        switch role {
        case .probe: "probe (solver limit)"
        case .instrumented: "instrumented (counters)"
        case .warmup: "warm-up \(run)/\(of)"
        case .measured: "run \(run)/\(of)"
        case .single: "compile"
        }
      let tail = " \(what) \(timing(finished: completed))"
      current = point + " " + what
      switch mode {
      case .live:
        // A line longer than the terminal wraps, and "\r" then redraws only its last row: cut it to fit.
        let fitted = Self.fitted(counter: counter, point: point, tail: tail, width: Self.terminalWidth())
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + fitted).utf8))
        lineShown = true
      case .everyCompile:
        say(counter + point + tail)
      case .plain:
        if completed == 0 || now().timeIntervalSince(lastLine) >= plainInterval { say(counter + point + tail) }
      case .quiet:
        break
      }
      completed += 1
    case .sampleRecorded(let sample):
      if sample.outcome.isFailure, kind.saysFailedCompiles {
        // The detail is the compiler's own text: printed escaped.
        let detail = Escaping.terminalText(sample.detail ?? "")
        say("\(sample.caseID)@\(sample.toolchain): \(sample.outcome.rawValue): \(detail)")
      }
    case .seriesStopped(let seriesID, let toolchain, let axis, let axisValue, let outcome, let expected):
      let note = expected ? "" : " (unexpected for this model: worth a look)"
      say(
        "\(seriesID)@\(toolchain): \(outcome.rawValue) at \(axis) \(axisValue); "
          + "higher \(axis) values of this series are skipped\(note)")
    case .finished:
      current = nil
    }
  }

  /// `elapsed 1m05s ETA ~3m10s`: the ETA from the average compile so far (deeper cases cost more, and stopped
  /// series fewer, so it is a rough guide).
  /// - Parameter finished: the compiles finished so far.
  private func timing(finished: Int) -> String {
    let elapsed = now().timeIntervalSince(start)
    let eta =
      finished > 0 ? " ETA ~\(Self.duration(elapsed / Double(finished) * Double(max(0, planned - finished))))" : ""
    return "elapsed \(Self.duration(elapsed))\(eta)"
  }

  /// Prints the heartbeat line when nothing was printed for `heartbeat` seconds while a compile runs (the timer calls
  /// it every few seconds).
  func tick() {
    lock.lock()
    defer { lock.unlock() }
    guard mode == .plain || mode == .everyCompile, let current, now().timeIntervalSince(lastLine) >= heartbeat else {
      return
    }
    say("[\(completed - 1)/\(planned) done] still measuring \(current); \(timing(finished: completed - 1))")
  }

  private func startHeartbeat() {
    guard timer == nil else { return }
    let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "TypeCheckBench.ProgressDisplay"))
    // Polled every second: a line at most `heartbeat` + 1 seconds after the last, well within 30.
    let period = min(1, heartbeat / 6)
    timer.schedule(deadline: .now() + period, repeating: period)
    timer.setEventHandler { [weak self] in self?.tick() }
    timer.resume()
    self.timer = timer
  }

  /// Clears the live line and stops the heartbeat.
  func finish() {
    lock.lock()
    defer { lock.unlock() }
    timer?.cancel()
    timer = nil
    current = nil
    clearLine()
  }

  private func clearLine() {
    if lineShown {
      FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
      lineShown = false
    }
  }

  /// Prints `text` as a line of its own; the caller holds the lock.
  private func say(_ text: String) {
    clearLine()
    output(text)
    lastLine = now()
  }

  /// The live line cut to fewer than `width` columns: the case id loses its middle first (`nesting-per…d5-w1-group`),
  /// then the tail its end; the counter stays.
  static func fitted(counter: String, point: String, tail: String, width: Int) -> String {
    let limit = max(1, width - 1)
    if counter.count + point.count + tail.count <= limit { return counter + point + tail }
    let room = limit - counter.count - tail.count
    if room >= 12 {
      let head = (room - 1) / 2
      return counter + point.prefix(head) + "…" + point.suffix(room - 1 - head) + tail
    }
    return String((counter + point + tail).prefix(limit))
  }

  /// The terminal's width in columns: the terminal's own, else `$COLUMNS`, else 80.
  static func terminalWidth() -> Int {
    var size = winsize()
    if ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
    if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
    return 80
  }

  static func duration(_ seconds: Double) -> String {
    let total = Int(seconds.rounded())
    return total >= 3600
      ? "\(total / 3600)h\(String(format: "%02d", total % 3600 / 60))m"
      : (total >= 60 ? "\(total / 60)m\(String(format: "%02d", total % 60))s" : "\(total)s")
  }
}
