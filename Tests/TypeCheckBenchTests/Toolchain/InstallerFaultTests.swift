import Foundation
import TestSupport
import Testing

@testable import TypeCheckBench

/// scripts/install-toolchain.sh under faults: a path debootstrap cannot take, a registry out of reach, Ctrl-C, two
/// installs at once, bubblewrap missing. A stand-in debootstrap (which fails, or waits to be interrupted) and a
/// stand-in registry keep them off the network; each ends with a clear refusal and leaves no empty folder.
@Suite(.enabled(if: InstallerHarness.canReachTheFaults, "needs Linux, root, bubblewrap, curl and flock"))
struct InstallerFaultTests {
  /// A fresh install into a prefix holding a character debootstrap splits or evaluates is refused before anything is
  /// written or downloaded, naming the character.
  @Test(arguments: ["a&b", "a'b", "a\\b", "a|b", "a b", "a$b", "a\"b"])
  func aPathDebootstrapCannotTakeIsRefused(_ folderName: String) throws {
    let harness = try InstallerHarness()
    let prefix = harness.folder.url.appendingPathComponent("prefixes/\(folderName)/tc")
    let result = try harness.install(["debian-6.0", "--prefix", prefix.path])
    #expect(result.status == .exited(64))
    let named = folderName == "a b" ? "a space" : "'\(folderName.dropFirst().prefix(1))'"
    #expect(
      result.stderrText
        == "install-toolchain: debootstrap cannot build a root in \(prefix.path)/debian-6.0/root.partial, whose "
        + "path holds \(named): choose a --prefix of letters, digits and . _ + , : @ % = - only\n")
    #expect(result.stdoutText.isEmpty)
    #expect(harness.logged.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: harness.folder.url.appendingPathComponent("prefixes").path))
  }

  /// A registry out of reach is refused with exit 69, and the folders made for the install are removed again.
  @Test func aRefusedInstallLeavesNoEmptyFolder() throws {
    let harness = try InstallerHarness()
    let prefix = harness.folder.url.appendingPathComponent("new/prefix")
    let result = try harness.install(
      ["debian-6.0", "--prefix", prefix.path], environment: ["DEBIAN_MIRROR": "file:///nonexistent-registry"])
    #expect(result.status == .exited(69))
    #expect(result.stderrText.contains("cannot reach Debian's registry at file:///nonexistent-registry/dists/trixie"))
    #expect(!FileManager.default.fileExists(atPath: harness.folder.url.appendingPathComponent("new").path))
  }

  /// A failing debootstrap is reported as such (70), keeping what it wrote for the next run.
  @Test func aFailedDebootstrapIsReportedAndItsRootKept() throws {
    let harness = try InstallerHarness()
    let prefix = harness.folder.url.appendingPathComponent("prefix")
    let result = try harness.install(["debian-6.2", "--prefix", prefix.path])
    #expect(result.status == .exited(70))
    #expect(
      result.stderrText.hasSuffix("debootstrap sid failed (its output is above); run the same command again to retry\n")
    )
    #expect(
      InstallerHarness.contents(prefix) == [
        "debian-6.2", "debian-6.2/root.partial", "debian-6.2/root.partial/partial-file",
      ])
  }

  /// Ctrl-C (SIGINT to the install's process group) while debootstrap runs ends the install as interrupted, exit 130,
  /// keeping the partial root; the same with SIGTERM gives 143.
  @Test(arguments: [("INT", 130), ("TERM", 143)])
  func anInterruptionIsReportedAsOne(_ signal: String, _ status: Int32) throws {
    let harness = try InstallerHarness()
    let prefix = harness.folder.url.appendingPathComponent("prefix")
    // Job control gives the install a process group of its own, as a terminal does, with SIGINT not ignored.
    let result = try harness.bash(
      """
      set -m
      bash "$I" debian-6.0 --prefix '\(prefix.path)' 2>'\(harness.folder.url.path)/err' &
      install=$!
      until grep -q start '\(harness.log.path)' 2>/dev/null; do sleep 0.1; done
      kill -\(signal) -- -$install
      wait $install
      echo "status $?"
      """, environment: ["FAKE_SLEEP": "60"])
    #expect(result.stdoutText == "status \(status)\n", "\(result.stderrText)")
    let said = try String(contentsOf: harness.folder.url.appendingPathComponent("err"), encoding: .utf8)
    #expect(
      said.hasSuffix(
        "install-toolchain: interrupted by SIG\(signal) (the partial root \(prefix.path)/debian-6.0/root.partial is "
          + "kept); run the same command again to go on\n"), "\(said)")
    #expect(!said.contains("debootstrap trixie failed"))
    #expect(harness.logged.count == 1)
    #expect(InstallerHarness.contents(prefix).contains("debian-6.0/root.partial/partial-file"))
    let check = try harness.install(["debian-6.0", "--check", "--prefix", prefix.path])
    #expect(check.status == .exited(1))
    #expect(check.stderrText.contains("not installed under \(prefix.path) (an install was interrupted"))
    let list = try harness.install(["--list", "--prefix", prefix.path])
    #expect(
      list.stdoutText.contains("Debian trixie  not installed (an install was interrupted: run it again to go on)"))
  }

  /// Two installs into one prefix at once take turns: the second says it waits, and its debootstrap starts only
  /// after the first's has ended.
  @Test func twoInstallsAtOnceTakeTurns() throws {
    let harness = try InstallerHarness()
    let prefix = harness.folder.url.appendingPathComponent("prefix")
    let result = try harness.bash(
      """
      bash "$I" debian-6.0 --prefix '\(prefix.path)' 2>/dev/null &
      first=$!
      until grep -q start '\(harness.log.path)' 2>/dev/null; do sleep 0.1; done
      FAKE_SLEEP=0 bash "$I" debian-6.0 --prefix '\(prefix.path)' 2>'\(harness.folder.url.path)/second'
      echo "second $?"
      wait $first
      echo "first $?"
      """, environment: ["FAKE_SLEEP": "3"])
    #expect(result.stdoutText == "second 70\nfirst 70\n", "\(result.stderrText)")
    let second = try String(contentsOf: harness.folder.url.appendingPathComponent("second"), encoding: .utf8)
    #expect(
      second.hasPrefix("install-toolchain: another install into \(prefix.path) is running; waiting for it to end\n"))
    #expect(harness.logged.map { $0.split(separator: " ")[0] } == ["start", "end", "start", "end"])
  }

  /// Without bubblewrap, as root, the installer installs it with apt-get and goes on; as another user it names the
  /// command. (A PATH of links to every command but bwrap stands for a machine without it; the stand-in apt-get links
  /// the real one in when asked for bubblewrap.)
  @Test func missingBubblewrapIsInstalledAsRootAndNamedOtherwise() throws {
    let harness = try InstallerHarness()
    let bwrap = try #require(InstallerHarness.which("bwrap"))
    let bin = harness.folder.url.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    for folder in ["/usr/local/bin", "/usr/bin", "/bin", "/usr/sbin", "/sbin"] {
      for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      where name != "bwrap" && !FileManager.default.fileExists(atPath: bin.appendingPathComponent(name).path) {
        try? FileManager.default.createSymbolicLink(
          atPath: bin.appendingPathComponent(name).path, withDestinationPath: "\(folder)/\(name)")
      }
    }
    try? FileManager.default.removeItem(at: bin.appendingPathComponent("apt-get"))
    try harness.tool(
      "apt-get",
      """
      echo "apt-get $*" >>'\(harness.folder.url.path)/apt.log'
      case "$*" in *bubblewrap*) ln -s '\(bwrap)' '\(bin.path)/bwrap' ;; esac
      """)
    let path = "\(harness.tools.path):\(bin.path)"
    let prefix = harness.folder.url.appendingPathComponent("prefix")
    let other = try harness.bash(
      "setpriv --reuid=65534 --regid=65534 --clear-groups bash \"$I\" debian-6.0 --prefix /tmp/never-\(UUID().uuidString)",
      environment: ["PATH": path])
    #expect(other.status == .exited(69))
    #expect(
      other.stderrText
        == "install-toolchain: bubblewrap is missing: install it (sudo apt-get install bubblewrap) and run this again\n"
    )
    let result = try harness.install(["debian-6.0", "--prefix", prefix.path], environment: ["PATH": path])
    let apt = try String(contentsOf: harness.folder.url.appendingPathComponent("apt.log"), encoding: .utf8)
    #expect(apt == "apt-get install -y -qq bubblewrap\n")
    #expect(result.stderrText.hasPrefix("install-toolchain: installing bubblewrap (apt-get install bubblewrap)\n"))
    // It went on past every requirement to debootstrap (the stand-in, which fails).
    #expect(result.status == .exited(70), "\(result.stderrText)")
    #expect(harness.logged.count == 2)
  }
}
