import Foundation
import Testing

@testable import TypeCheckBench

/// The live progress line never wraps: cut to the terminal's width, the counter and the timing kept.
@Suite struct ProgressDisplayTests {
  let counter = "[12/96] "
  let point = "nesting-per-kind-swiftui-k11-pack-d5-w1-group@default"
  let tail = " run 3/5 elapsed 1m05s ETA ~3m10s"

  @Test(arguments: [20, 40, 60, 80, 95, 200])
  func lineFitsTheWidth(_ width: Int) {
    let line = ProgressDisplay.fitted(counter: counter, point: point, tail: tail, width: width)
    #expect(line.count < width)
    #expect(line.hasPrefix(width > counter.count ? counter : String(counter.prefix(width - 1))))
  }

  @Test func wideTerminalsGetTheWholeLine() {
    #expect(
      ProgressDisplay.fitted(counter: counter, point: point, tail: tail, width: 200) == counter + point + tail)
  }

  @Test func theCaseIdLosesItsMiddleFirst() {
    let line = ProgressDisplay.fitted(counter: counter, point: point, tail: tail, width: 70)
    #expect(line.count == 69)
    #expect(line.hasSuffix(tail))
    #expect(line.contains("…"))
    #expect(line.hasPrefix(counter + "nesting-"))
    #expect(line.contains("@default"))
  }

  /// A clock the tests move by hand.
  final class Clock: @unchecked Sendable {
    var time = Date(timeIntervalSince1970: 0)
    func now() -> Date { time }
  }

  /// Piped (`bench run … | cat`) a sweep printed "Sweep: up to 96 compiles" and then nothing until it ended (six
  /// minutes): now the first compile and then one at least every 10 s get a plain line with the ETA, and a compile
  /// silent for 30 s gets a heartbeat line, so no 30 s of a log pass without a line.
  @Test func aPipedSweepPrintsALineAtLeastEveryThirtySeconds() {
    let clock = Clock()
    var lines: [(Double, String)] = []
    let display = ProgressDisplay(
      quiet: false, output: { lines.append((clock.time.timeIntervalSince1970, $0)) }, mode: .plain, now: clock.now,
      heartbeat: 30)
    display.handle(.started(plannedCompiles: 6, alreadyDone: 0))
    // Compiles of 4 s, then one of 95 s (the heartbeat polls every 5 s), then 4 s again.
    for (index, seconds) in [4.0, 4, 4, 95, 4, 4].enumerated() {
      display.handle(.compileStarted(caseID: "c\(index)", toolchain: "t", run: 1, of: 1, role: .measured))
      var left = seconds
      while left > 0 {
        let step = min(5, left)
        clock.time += step
        left -= step
        display.tick()
      }
    }
    display.handle(.finished(interrupted: false))
    display.finish()
    let times = [0] + lines.map(\.0) + [clock.time.timeIntervalSince1970]
    let gaps = zip(times.dropFirst(), times).map { $0 - $1 }
    #expect(gaps.allSatisfy { $0 <= 30 }, "\(lines)")
    #expect(
      lines.map(\.1) == [
        "Sweep: up to 6 compiles",
        "[1/6] c0@t run 1/1 elapsed 0s",
        "[4/6] c3@t run 1/1 elapsed 12s ETA ~12s",
        "[3/6 done] still measuring c3@t run 1/1; elapsed 42s ETA ~42s",
        "[3/6 done] still measuring c3@t run 1/1; elapsed 1m12s ETA ~1m12s",
        "[3/6 done] still measuring c3@t run 1/1; elapsed 1m42s ETA ~1m42s",
      ])
  }

  /// On CI every compile has its line; with --quiet nothing but results is printed, and no heartbeat either.
  @Test func ciGetsALinePerCompileAndQuietNone() {
    for (mode, expected) in [(ProgressDisplay.Mode.everyCompile, 4), (.quiet, 0)] {
      let clock = Clock()
      var lines: [String] = []
      let display = ProgressDisplay(quiet: mode == .quiet, output: { lines.append($0) }, mode: mode, now: clock.now)
      display.handle(.started(plannedCompiles: 3, alreadyDone: 0))
      for index in 0..<3 {
        display.handle(.compileStarted(caseID: "c\(index)", toolchain: "t", run: 1, of: 1, role: .measured))
        clock.time += 1
      }
      display.handle(.finished(interrupted: false))
      clock.time += 60
      display.tick()
      display.finish()
      #expect(lines.count == expected, "\(lines)")
    }
  }
}
