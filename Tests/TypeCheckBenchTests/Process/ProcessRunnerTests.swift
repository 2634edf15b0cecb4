import Foundation
import TestSupport
import Testing

@testable import TypeCheckBench

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct ProcessRunnerTests {
  /// True when no process of the group `group` exists any more.
  private func groupIsGone(_ group: Int32) -> Bool {
    kill(-group, 0) == -1 && errno == ESRCH
  }

  @Test func drainsBothPipesWhileTheChildWritesToEach() throws {
    let folder = try TemporaryDirectory()
    // Alternating 1 MiB to stderr and 100 kB to stdout deadlocks a runner that reads one pipe to its end first.
    let script = try folder.script(
      "chatty",
      """
      i=0
      while [ $i -lt 10 ]; do
        head -c 1048576 /dev/zero >&2
        head -c 100000 /dev/zero
        i=$((i + 1))
      done
      """)
    let result = try ProcessRunner.run(script, [], timeout: 60)
    #expect(result.status == .exited(0))
    #expect(result.stderr.count == 10 * 1_048_576)
    #expect(result.stdout.count == 10 * 100_000)
    #expect(!result.timedOut)
  }

  @Test func collectsFiftyMegabytesOfStandardError() throws {
    let folder = try TemporaryDirectory()
    let script = try folder.script("loud", "echo start\nhead -c 52428800 /dev/zero >&2\necho end")
    let result = try ProcessRunner.run(script, [], timeout: 60)
    #expect(result.status == .exited(0))
    #expect(result.stderr.count == 52_428_800)
    #expect(result.stdoutText == "start\nend\n")
  }

  @Test func killsAHangingChildAtTheTimeout() throws {
    let folder = try TemporaryDirectory()
    let script = try folder.script("hang", "sleep 1000")
    let result = try ProcessRunner.run(script, [], timeout: 1)
    #expect(result.timedOut)
    #expect(result.status == .signaled(SIGKILL))
    #expect(groupIsGone(result.processID))
  }

  @Test func killsABackgroundGrandchildWithItsParent() throws {
    let folder = try TemporaryDirectory()
    let script = try folder.script("parent", "sleep 1000 &\nwait")
    let result = try ProcessRunner.run(script, [], timeout: 1)
    #expect(result.timedOut)
    #expect(groupIsGone(result.processID))
  }

  @Test func endsAGrandchildThatOutlivesItsParentHoldingThePipes() throws {
    let folder = try TemporaryDirectory()
    let script = try folder.script("leaver", "sleep 1000 &\necho left")
    let result = try ProcessRunner.run(script, [], timeout: 30)
    #expect(!result.timedOut)
    #expect(result.status == .exited(0))
    #expect(result.stdoutText == "left\n")
    #expect(groupIsGone(result.processID))
  }

  @Test func endsAGrandchildThatOutlivesItsParentDetachedFromThePipes() throws {
    let folder = try TemporaryDirectory()
    let script = try folder.script("detacher", "sleep 1000 >/dev/null 2>&1 &\nexit 3")
    let result = try ProcessRunner.run(script, [], timeout: 30)
    #expect(result.status == .exited(3))
    #expect(groupIsGone(result.processID))
  }

  @Test func reportsTheSignalThatKilledTheChild() throws {
    let folder = try TemporaryDirectory()
    let script = try folder.script("segv", "echo dying >&2\nkill -SEGV $$")
    let result = try ProcessRunner.run(script, [])
    #expect(result.status == .signaled(SIGSEGV))
    #expect(result.status.signalName == "SIGSEGV")
    #expect(result.stderrText == "dying\n")
  }

  @Test func passesArgumentsVerbatimWithoutAShell() throws {
    let folder = try TemporaryDirectory()
    let script = try folder.script("args", #"for a in "$@"; do printf '[%s]\n' "$a"; done"#)
    let result = try ProcessRunner.run(script, ["a b", "$HOME", "*", ""])
    #expect(result.stdoutText == "[a b]\n[$HOME]\n[*]\n[]\n")
  }

  @Test func usesTheGivenWorkingDirectoryAndEnvironment() throws {
    let folder = try TemporaryDirectory()
    let script = try folder.script("where", "pwd\necho \"$BENCH_PROBE\"")
    let result = try ProcessRunner.run(
      script, [], workingDirectory: folder.url, environment: ["BENCH_PROBE": "probe value", "PATH": "/bin:/usr/bin"])
    let expected = folder.url.resolvingSymlinksInPath().path + "\nprobe value\n"
    #expect(result.stdoutText == expected)
  }

  @Test func givesTheChildAnEmptyStandardInput() throws {
    let result = try ProcessRunner.run("cat", [], timeout: 10)
    #expect(result.status == .exited(0))
    #expect(result.stdout.isEmpty)
    #expect(!result.timedOut)
  }

  @Test func recordsCostOfTheChild() throws {
    let result = try ProcessRunner.run("true", [])
    #expect(result.wallSeconds > 0)
    #expect(result.maxRSSBytes > 0)
  }

  @Test func failsToStartAMissingProgram() throws {
    #expect(throws: BenchError.self) {
      try ProcessRunner.run("/nonexistent/TypeCheckBench-no-such-program", [])
    }
  }

  @Test func namesSignals() {
    #expect(SignalName.name(of: SIGSEGV) == "SIGSEGV")
    #expect(SignalName.name(of: SIGABRT) == "SIGABRT")
    #expect(SignalName.name(of: SIGKILL) == "SIGKILL")
    #expect(SignalName.name(of: 250) == "signal 250")
  }
}
