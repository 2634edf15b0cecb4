import Foundation
import TestSupport
import Testing

@testable import TypeCheckBench

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct SignalTrapTests {
  @Test func aSignalSentRightAfterInstallIsCaught() {
    // Dispatch registers a signal source asynchronously: without waiting for it, a signal sent at once was lost (195
    // of 200 times). Dispatch installs its own handler only the first time a signal gets a source in a process, so
    // this test is the only one to trap SIGUSR1.
    let trap = SignalTrap.install([SIGUSR1], groups: ChildProcessGroups(), onSignal: nil)
    defer { trap.uninstall() }
    kill(getpid(), SIGUSR1)
    #expect(eventually(within: 5) { trap.caughtSignal == SIGUSR1 })
  }

  @Test func forwardsACaughtSignalToTheRunningChildren() throws {
    let folder = try TemporaryDirectory()
    let ready = folder.url.appendingPathComponent("ready").path
    let script = try folder.script("hang", "touch '\(ready)'\nexec sleep 1000")
    let groups = ChildProcessGroups()
    // SIGUSR2 stands in for SIGINT so the test process and its other tests are not disturbed.
    let trap = SignalTrap.install([SIGUSR2], groups: groups, onSignal: nil)
    defer { trap.uninstall() }
    let run = BackgroundRun(script, groups: groups)
    #expect(eventually { FileManager.default.fileExists(atPath: ready) })
    kill(getpid(), SIGUSR2)
    let result = try run.result()
    #expect(trap.caughtSignal == SIGUSR2)
    #expect(result.interrupted)
    #expect(result.status == .signaled(SIGINT))
    #expect(groups.isInterrupted)
  }
}
