import Foundation
import TestSupport
import Testing

@testable import TypeCheckBench

/// scripts/install-toolchain.sh and its wrapper refuse what they cannot do in one line, with the status they
/// document, without touching the network (no install happens in these tests).
@Suite struct InstallToolchainTests {
  static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts")

  static func install(_ arguments: [String], prefix: URL) throws -> ProcessResult {
    let installer = scripts.appendingPathComponent("install-toolchain.sh").path
    // A registry out of reach: no test here may download, whatever the script does.
    return try ProcessRunner.run(
      "/bin/bash", [installer] + arguments + ["--prefix", prefix.path],
      environment: ProcessInfo.processInfo.environment.merging(["DEBIAN_MIRROR": "file:///nonexistent-registry"]) {
        $1
      }, timeout: 60)
  }

  @Test func refusesBadArgumentsInOneLine() throws {
    let folder = try TemporaryDirectory()
    for (arguments, said) in [
      (["debian-5.9"], "unknown toolchain 'debian-5.9': expected one of debian-6.0 debian-6.2"),
      ([], "name a toolchain: debian-6.0 debian-6.2"),
      (["debian-6.0", "debian-6.2"], "one toolchain at a time"),
      (["--frobnicate"], "unknown option '--frobnicate'"),
    ] {
      let result = try Self.install(arguments, prefix: folder.url)
      #expect(result.status == .exited(64), "\(arguments)")
      #expect(result.stderrText.contains(said), "\(arguments): \(result.stderrText)")
      #expect(result.stderrText.split(separator: "\n").count == 1)
      #expect(result.stdoutText.isEmpty)
    }
  }

  @Test func checkOfAMissingToolchainInstallsNothing() throws {
    let folder = try TemporaryDirectory()
    let result = try Self.install(["debian-6.0", "--check"], prefix: folder.url)
    #expect(result.status == .exited(1))
    #expect(result.stderrText.contains("debian-6.0 is not installed under \(folder.url.path)"))
    let written = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
    #expect(written.isEmpty)
    let list = try Self.install(["--list"], prefix: folder.url)
    #expect(list.status == .exited(0))
    #expect(list.stdoutText.contains("debian-6.0  Swift 6.0.3  Debian trixie  not installed"))
    #expect(list.stdoutText.contains("debian-6.2  Swift 6.2.3  Debian sid     not installed"))
  }

  /// The wrapper of a root that was removed says so, names the installer, and bench reports it as no compiler.
  @Test func aWrapperWhoseRootIsGoneIsRefusedInOneLine() throws {
    let folder = try TemporaryDirectory()
    let template = try String(
      contentsOf: Self.scripts.appendingPathComponent("toolchain-wrapper.sh.in"), encoding: .utf8)
    let text = template.replacingOccurrences(of: "@ROOT@", with: folder.url.appendingPathComponent("root").path)
      .replacingOccurrences(of: "@NAME@", with: "debian-6.0").replacingOccurrences(of: "@SUITE@", with: "trixie")
      .replacingOccurrences(of: "@VERSION@", with: "6.0.3")
      .replacingOccurrences(of: "@INSTALLER@", with: "scripts/install-toolchain.sh")
    let wrapper = try folder.file("swiftc", text)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper.path)
    let result = try ProcessRunner.run(wrapper.path, ["--version"], timeout: 30)
    #expect(result.status == .exited(127))
    #expect(
      result.stderrText
        == "swiftc (debian-6.0): the toolchain root \(folder.url.path)/root is missing or incomplete "
        + "(/usr/bin/swiftc is missing); run scripts/install-toolchain.sh debian-6.0 again\n")
    do {
      _ = try ToolchainLocator.inspect(swiftcPath: wrapper.path)
      Issue.record("took a wrapper without its root for a compiler")
    } catch let error as BenchError {
      #expect(error.description.contains("not a Swift compiler"))
      #expect(error.description.contains("the toolchain root"))
      #expect(!error.description.contains("\n"))
    }
  }

  /// `--help` prints the whole header, every line of it, up to its last sentence.
  @Test func helpIsTheWholeHeader() throws {
    let folder = try TemporaryDirectory()
    let result = try Self.install(["--help"], prefix: folder.url)
    #expect(result.status == .exited(0))
    let script = try String(
      contentsOfFile: Self.scripts.appendingPathComponent("install-toolchain.sh").path, encoding: .utf8)
    let header = script.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
      .prefix { $0.hasPrefix("#") }
      .map { $0.hasPrefix("# ") ? String($0.dropFirst(2)) : String($0.dropFirst()) }
    #expect(result.stdoutText == header.joined(separator: "\n") + "\n")
    #expect(result.stdoutText.hasSuffix("run the same command again to go on.\n"))
    for status in ["0 installed", "1 --check", "64 bad arguments", "69 a requirement", "70 the install failed", "130"] {
      #expect(result.stdoutText.contains(status), "\(status)")
    }
  }

  /// A prefix inside this checkout is refused before anything is written there, however it is named.
  @Test func aPrefixInsideTheCheckoutIsRefused() throws {
    let checkout = Self.scripts.deletingLastPathComponent()
    let installer = Self.scripts.appendingPathComponent("install-toolchain.sh").path
    for (arguments, directory) in [
      (["--prefix", checkout.appendingPathComponent("Sources").path], checkout),
      (["--prefix", "."], checkout.appendingPathComponent("Results")),
      (["--prefix", "../Tests"], checkout.appendingPathComponent("Results")),
    ] {
      // A registry out of reach: were the refusal ever lost, the install would stop there, not download.
      let result = try ProcessRunner.run(
        "/bin/bash", [installer, "debian-6.0"] + arguments, workingDirectory: directory,
        environment: ProcessInfo.processInfo.environment.merging(["DEBIAN_MIRROR": "file:///nonexistent-registry"]) {
          $1
        }, timeout: 60)
      #expect(result.status == .exited(64), "\(arguments)")
      #expect(result.stderrText.contains("lies inside this checkout"), "\(arguments): \(result.stderrText)")
      #expect(result.stderrText.split(separator: "\n").count == 1)
    }
    for folder in ["Sources", "Results", "Tests", "."] {
      #expect(!FileManager.default.fileExists(atPath: checkout.appendingPathComponent("\(folder)/debian-6.0").path))
    }
  }

  /// A line break in the prefix is refused by every mode (no wrapper's answer could carry it).
  @Test func aLineBreakInThePrefixIsRefused() throws {
    let folder = try TemporaryDirectory()
    let prefix = folder.url.appendingPathComponent("a\nb")
    for arguments in [["--list"], ["debian-6.0", "--check"], ["debian-6.0"]] {
      let result = try Self.install(arguments, prefix: prefix)
      #expect(result.status == .exited(64), "\(arguments)")
      #expect(result.stderrText.contains("line break"), "\(arguments): \(result.stderrText)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
  }
}
