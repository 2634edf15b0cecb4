import Foundation
import TypeCheckBenchCore

/// The one place that decides which flags each kind of compile gets (`CompilePass`), so that no instrument ever runs
/// inside a compile whose time is reported. docs/measurement.md gives each flag's measured cost.
///
/// - A **timed** compile gets `-debug-time-function-bodies` alone: the case's time is the sum of its bodies' lines,
///   and the flag costs nothing measurable (one line and two clock readings per body). When a point's instrumented
///   compile printed no case body (a template whose code is all top-level), its time can only come from the stats
///   timer of the whole file's type checking, so that point's timed compiles also get `-stats-output-dir`.
/// - A point's **probe**, its first compile when its series' previous point counted many constraint scopes
///   (`CompilePass.probeScopes`), gets the timed flag and `-stats-output-dir`, not the expression timer: when the solver gives
///   up on it or it times out it stands for the point, so its counters must be there and its time disturbed as little
///   as possible (the statistics cost about 7 %). It is never counted.
/// - The point's **instrumented** compile gets every instrument: `-stats-output-dir` (the counters, among them
///   `Sema.NumConstraintScopes`; measured at about +6 % instructions) and the expression timer
///   (`-debug-time-expression-type-checking`, armed by a `-warn-long-expression-type-checking` limit so high that
///   it never warns; one unbuffered line per expression, 1.5–2× the time on builder-heavy cases).
/// - With `--meter instructions` (**metered**), the timed compiles are the **counted** ones: each frontend job they
///   plan is run under the instruction source (`InstructionCounting`), with the timed flags unchanged, so that the
///   count sees the same compile the time does. They never add `-stats-output-dir`, even for a point without a case
///   body: it costs about 7 % more instructions, and a counted compile that carried every instrument differed by
///   0.014–0.02 % between two runs (unified depth 1), above the 0.01 % two counts of one compile must stay within;
///   such a point has no time in a metered run. The instrumented compile is never counted: it runs natively,
///   whatever the meter.
///   Import-only baselines are compiled as counted timed compiles too, so a case's own count is like for like.
public enum MeasurementFlags {
  /// The frontend flags of a timed compile.
  public static let timedFrontendFlags = ["-debug-time-function-bodies"]

  /// The frontend flags of an instrumented compile. Since Swift 6.2 expression timings print only while an
  /// expression timer is armed; the warning limit arms one that never fires.
  public static let instrumentedFrontendFlags = [
    "-debug-time-function-bodies", "-debug-time-expression-type-checking", "-warn-long-expression-type-checking=100000",
  ]

  /// The frontend flag that makes `-stats-output-dir` also write a trace of every event (`bench analyze`,
  /// `bench parse --stats-dir`): one row per counter that changed at each event's entry and exit.
  public static let traceFrontendFlags = ["-trace-stats-events"]

  /// The frontend flags of `pass`.
  public static func frontendFlags(_ pass: CompilePass) -> [String] {
    switch pass {
    case .timed, .probe: timedFrontendFlags
    case .instrumented: instrumentedFrontendFlags
    }
  }

  /// Whether a compile of `pass` writes statistics: always for the instrumented compile and the probe; for a timed
  /// one only when its point's time is read from the stats timer (`needsStatsTimer`) and it is not counted (`metered`).
  public static func writesStatistics(_ pass: CompilePass, needsStatsTimer: Bool, metered: Bool = false) -> Bool {
    pass == .instrumented || pass == .probe || (needsStatsTimer && !isCounted(pass, metered: metered))
  }

  /// Whether a compile of `pass` is counted in instructions: the timed compiles of a metered run
  /// (`--meter instructions`), never the instrumented one or a probe.
  public static func isCounted(_ pass: CompilePass, metered: Bool) -> Bool {
    metered && pass == .timed
  }

  /// The swiftc arguments, before the toolchain's extra flags, of a compile of `pass` of `file`.
  /// - Parameters:
  ///   - statsFolder: where `-stats-output-dir` writes, when the compile writes statistics.
  ///   - moduleFolder: the folder holding the framework modules the case imports (module form), or nil.
  public static func arguments(
    _ pass: CompilePass, file: URL, statsFolder: URL?, moduleFolder: URL? = nil
  ) -> [String] {
    ["-typecheck", file.path] + (moduleFolder.map { ["-I", $0.path] } ?? [])
      + frontendFlags(pass).flatMap { ["-Xfrontend", $0] }
      + (statsFolder.map { ["-stats-output-dir", $0.path] } ?? [])
  }

  /// A text that names the whole method (both kinds of compile and their flags), hashed into every sample's cache key
  /// so that samples measured another way are never reused.
  public static let methodDescription =
    "timed: " + timedFrontendFlags.joined(separator: " ") + " [-stats-output-dir when the point has no case body]; "
    + "instrumented: " + instrumentedFrontendFlags.joined(separator: " ") + " -stats-output-dir"

  /// `methodDescription` of a metered run: the timed compiles are counted and never write statistics.
  public static let meteredMethodDescription =
    "counted timed: " + timedFrontendFlags.joined(separator: " ") + " (frontend jobs from -###, counted); "
    + "instrumented: " + instrumentedFrontendFlags.joined(separator: " ") + " -stats-output-dir"

  /// The method description of a run, metered or not.
  public static func methodDescription(metered: Bool) -> String {
    metered ? meteredMethodDescription : methodDescription
  }
}
