import Foundation
import Generators

/// One compile of a corpus test: a RUN line at one N (scale tests) or the verifier's one compile.
public struct CorpusCase: Hashable, Sendable {
  public var testID: String
  /// The 0-based RUN line.
  public var run: Int
  public var n: Int?
  /// How many RUN lines the test runs (the id names the line only when there are several).
  public var runCount: Int

  public init(testID: String, run: Int, n: Int?, runCount: Int) {
    self.testID = testID
    self.run = run
    self.n = n
    self.runCount = runCount
  }

  /// `slow-foo.swift.gyb+N3`, `fast-bar.swift` (verify), `t.swift.gyb+run2+N3` for a second RUN line.
  public var id: String {
    testID + (runCount > 1 ? "+run\(run + 1)" : "") + (n.map { "+N\($0)" } ?? "")
  }

  /// This case compiled with `toolchain`.
  public func point(_ toolchain: String) -> PointKey { PointKey(caseID: id, toolchain: toolchain) }
}
