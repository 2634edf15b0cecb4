import Foundation
import TestSupport
import Testing

@testable import TypeCheckBench

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct ProcessRunnerInterruptTests {
  @Test func interruptsTheRunningChildWithSIGINT() throws {
    let folder = try TemporaryDirectory()
    let ready = folder.url.appendingPathComponent("ready").path
    // The marker says the shell is past its start-up, where a signal can get lost.
    let script = try folder.script("hang", "touch '\(ready)'\nexec sleep 1000")
    let groups = ChildProcessGroups()
    let run = BackgroundRun(script, groups: groups)
    #expect(eventually { FileManager.default.fileExists(atPath: ready) })
    groups.interruptAll(grace: 30)
    let result = try run.result()
    #expect(result.interrupted)
    #expect(!result.timedOut)
    #expect(result.status == .signaled(SIGINT))
    #expect(kill(-result.processID, 0) == -1 && errno == ESRCH)
  }

  @Test func killsAChildThatIgnoresSIGINTAfterTheGrace() throws {
    let folder = try TemporaryDirectory()
    // The ignored disposition is inherited by sleep, so only the SIGKILL after the grace ends them.
    let ready = folder.url.appendingPathComponent("ready").path
    let script = try folder.script("stubborn", "trap '' INT\ntouch '\(ready)'\nexec sleep 1000")
    let groups = ChildProcessGroups()
    let run = BackgroundRun(script, groups: groups)
    #expect(eventually { FileManager.default.fileExists(atPath: ready) })
    groups.interruptAll(grace: 0.2)
    let result = try run.result()
    #expect(result.interrupted)
    #expect(result.status == .signaled(SIGKILL))
    #expect(kill(-result.processID, 0) == -1 && errno == ESRCH)
  }

  @Test func refusesToStartAChildAfterAnInterrupt() throws {
    let groups = ChildProcessGroups()
    groups.interruptAll(grace: 1)
    #expect(throws: BenchError.interrupted("interrupted")) {
      try ProcessRunner.run("true", [], workingDirectory: nil, environment: nil, timeout: nil, groups: groups)
    }
  }
}
