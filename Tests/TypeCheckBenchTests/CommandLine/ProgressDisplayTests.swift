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
}
