import Escaping
import Foundation
import TypeCheckBenchCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Shows sweep progress: one live line on a terminal, plain lines on CI or with `--quiet`.
final class ProgressDisplay {
  private let live: Bool
  /// On CI every compile gets a plain line: there is no terminal to redraw.
  private let onCI = ProcessInfo.processInfo.environment["CI"] != nil
  private let quiet: Bool
  private let output: (String) -> Void
  private let start = Date()
  private var planned = 0
  private var completed = 0
  private var lineShown = false

  init(quiet: Bool, output: @escaping (String) -> Void) {
    self.quiet = quiet
    self.output = output
    live = !quiet && !onCI && isatty(STDERR_FILENO) == 1
  }

  func handle(_ event: SweepEvent) {
    switch event {
    case .started(let plannedCompiles, let alreadyDone):
      planned = plannedCompiles
      if !quiet {
        say(
          "Sweep: up to \(plannedCompiles) compiles"
            + (alreadyDone > 0 ? " (\(alreadyDone) samples already taken)" : ""))
      }
    case .compileStarted(let caseID, let toolchain, let run, let of, let role):
      // A probe is a compile the plan did not count: the point may still take all its planned ones.
      if role == .probe { planned += 1 }
      let elapsed = Date().timeIntervalSince(start)
      let eta =
        // From the average compile so far: deeper cases cost more, and stopped series fewer, so it is a rough guide.
        completed > 0 ? " ETA ~\(Self.duration(elapsed / Double(completed) * Double(max(0, planned - completed))))" : ""
      let counter = "[\(completed + 1)/\(planned)] "
      let point = "\(caseID)@\(toolchain)"
      let what =
        switch role {
        case .probe: "probe (solver limit)"
        case .instrumented: "instrumented (counters)"
        case .warmup: "warm-up \(run)/\(of)"
        case .measured: "run \(run)/\(of)"
        }
      let tail = " \(what) elapsed \(Self.duration(elapsed))\(eta)"
      let text = counter + point + tail
      if live {
        // A line longer than the terminal wraps, and "\r" then redraws only its last row: cut it to fit.
        let fitted = Self.fitted(counter: counter, point: point, tail: tail, width: Self.terminalWidth())
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + fitted).utf8))
        lineShown = true
      } else if !quiet && onCI {
        say(text)
      }
      completed += 1
    case .sampleRecorded(let sample):
      if sample.outcome.isFailure {
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
      break
    }
  }

  func finish() {
    if lineShown {
      FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
      lineShown = false
    }
  }

  private func say(_ text: String) {
    finish()
    output(text)
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
