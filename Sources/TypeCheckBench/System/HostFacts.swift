import Foundation
import Generators
import TypeCheckBenchCore

/// Facts about the machine and checkout, recorded as a run's provenance.
enum HostFacts {
  /// This bench's version (`bench --version`, every record's provenance).
  static let benchVersion = "0.1.0"

  /// ISO 8601 UTC time with seconds, for example `2026-11-22T07:15:00Z`.
  static func timestamp(_ date: Date = Date()) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter.string(from: date)
  }

  static var operatingSystem: String {
    if let release = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8),
      let line = release.split(separator: "\n").first(where: { $0.hasPrefix("PRETTY_NAME=") })
    {
      return line.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
    }
    return ProcessInfo.processInfo.operatingSystemVersionString
  }

  static var cpuModel: String {
    if let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
      let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
      let colon = line.firstIndex(of: ":")
    {
      return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    if let result = try? ProcessRunner.run("/usr/sbin/sysctl", ["-n", "machdep.cpu.brand_string"], timeout: 5),
      result.status.isSuccess
    {
      return result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    return "unknown"
  }

  /// The revision of bench's own source: the git checkout that holds the package bench was built from, found from
  /// this file's build-time path (`#filePath`), not from the current directory. `-modified` is appended when the
  /// package's sources differ from that commit; `unknown` when bench was not built from a git checkout, or the
  /// checkout is gone (a copied binary).
  ///
  /// Plain `swift build` has no clean way to embed a value at build time (a generated source file needs a build-tool
  /// plugin; `-D` flags cannot carry a string), so the checkout named at build time is read at run time.
  static func gitRevision(sourceFile: String = #filePath) -> String {
    guard let root = packageRoot(containing: sourceFile),
      let git = ["/usr/bin/git", "/usr/local/bin/git", "/opt/homebrew/bin/git"].first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      }),
      let result = try? ProcessRunner.run(git, ["-C", root.path, "rev-parse", "--short=12", "HEAD"], timeout: 5),
      result.status.isSuccess
    else { return "unknown" }
    let revision = result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !revision.isEmpty else { return "unknown" }
    let status = try? ProcessRunner.run(
      git,
      [
        "-C", root.path, "status", "--porcelain", "--untracked-files=no", "--", "Package.swift", "Sources",
        "Generators",
      ],
      timeout: 5)
    let modified = status.map { $0.status.isSuccess && !$0.stdoutText.isEmpty } ?? false
    return revision + (modified ? "-modified" : "")
  }

  /// The nearest folder above `file` that holds a Package.swift, or nil.
  static func packageRoot(containing file: String) -> URL? {
    var folder = URL(fileURLWithPath: file).deletingLastPathComponent()
    while folder.path != "/" && !folder.path.isEmpty {
      if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder }
      folder = folder.deletingLastPathComponent()
    }
    return nil
  }
}
