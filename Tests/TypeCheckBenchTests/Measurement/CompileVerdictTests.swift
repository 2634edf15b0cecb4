import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct CompileVerdictTests {
  @Test func acceptsACleanCompile() {
    let log = "12.78ms\t/tmp/a.swift:41:6\tglobal function main.(file).f()@/tmp/a.swift:41:6\n"
    #expect(CompileVerdict(status: .exited(0), timedOut: false, stderr: log) == CompileVerdict(outcome: .ok))
  }

  @Test func callsOurOwnKillATimeout() {
    #expect(
      CompileVerdict(status: .signaled(SIGKILL), timedOut: true, stderr: "")
        == CompileVerdict(outcome: .timeout))
  }

  @Test func namesTheSignalOfACrash() {
    #expect(
      CompileVerdict(status: .signaled(SIGSEGV), timedOut: false, stderr: "Stack dump:\n")
        == CompileVerdict(outcome: .crash, detail: "SIGSEGV"))
  }

  @Test func readsAFrontendCrashReportedByTheDriver() {
    let stderr = "error: compile command failed due to signal 6 (use -v to see invocation)\n"
    #expect(
      CompileVerdict(status: .exited(1), timedOut: false, stderr: stderr)
        == CompileVerdict(outcome: .crash, detail: SignalName.name(of: 6)))
  }

  @Test func recognisesTheSolverGivingUp() {
    let line =
      "/tmp/a.swift:3:9: error: the compiler is unable to type-check this expression in reasonable time; "
      + "try breaking up the expression into distinct sub-expressions"
    let stderr = "0.50ms\t/tmp/a.swift:1:6\tglobal function main.(file).g()@/tmp/a.swift:1:6\n\(line)\n"
    #expect(
      CompileVerdict(status: .exited(1), timedOut: false, stderr: stderr)
        == CompileVerdict(outcome: .tooComplex, detail: line))
  }

  @Test func recognisesTheOldTooComplexMessage() {
    let line = "a.swift:3:9: error: expression was too complex to be solved in reasonable time; consider breaking up"
    #expect(CompileVerdict(status: .exited(1), timedOut: false, stderr: line).outcome == .tooComplex)
  }

  @Test func reportsTheFirstErrorLine() {
    let stderr = """
      a.swift:1:5: warning: variable 'y' was never used
      a.swift:1:25: error: cannot convert value of type 'String' to specified type 'Int'
      1 | func f() { let x: Int = "s" }
        |                         `- error: cannot convert value of type 'String' to specified type 'Int'
      a.swift:2:1: error: second
      """
    #expect(
      CompileVerdict(status: .exited(1), timedOut: false, stderr: stderr)
        == CompileVerdict(
          outcome: .error, detail: "a.swift:1:25: error: cannot convert value of type 'String' to specified type 'Int'")
    )
  }

  @Test func reportsADriverError() {
    let stderr = "error: unknown argument: '-bogus'\n"
    #expect(
      CompileVerdict(status: .exited(1), timedOut: false, stderr: stderr)
        == CompileVerdict(outcome: .error, detail: "error: unknown argument: '-bogus'"))
  }

  @Test func treatsASilentFailureAsAnError() {
    #expect(
      CompileVerdict(status: .exited(3), timedOut: false, stderr: "")
        == CompileVerdict(outcome: .error, detail: "swiftc ended with exit status 3"))
  }

  @Test func ignoresWarnings() {
    let stderr = "a.swift:1:5: warning: expression took 30ms to type-check (limit: 5ms)\n"
    #expect(CompileVerdict(status: .exited(0), timedOut: false, stderr: stderr).outcome == .ok)
  }
}
