import Foundation

@testable import TypeCheckBench

/// The committed runs of Results/, as the tests know them: in a git checkout, the folders holding a run.json that git
/// tracks (`git ls-files Results`); outside one (a source archive), the runs scripts/reference-runs.sh lists. Never
/// whatever else sits in Results/: `bench run` writes its new runs there by default (`Results/<UTC time>-nesting`,
/// which .gitignore ignores), and a newcomer who runs the README's sweep and then `swift test` must not see the tests
/// take that run for a committed one.
enum CommittedRuns {
  /// The committed runs' names under `repository`'s Results/ (`reference`, `toolchains/nesting`): the top-level
  /// ones first, each group sorted.
  /// - Throws: when git tracks nothing there and scripts/reference-runs.sh cannot list its runs.
  static func names(in repository: URL) throws -> [String] {
    let names = try trackedNames(in: repository) ?? listedNames(in: repository)
    return names.sorted { ($0.split(separator: "/").count, $0) < ($1.split(separator: "/").count, $1) }
  }

  /// The folders under Results/ (one or two levels down) whose run.json git tracks, or nil outside a git checkout.
  static func trackedNames(in repository: URL) throws -> [String]? {
    let inside = try ProcessRunner.run(
      "/usr/bin/env", ["git", "-C", repository.path, "rev-parse", "--is-inside-work-tree"])
    guard inside.status == .exited(0) else { return nil }
    let listing = try ProcessRunner.run(
      "/usr/bin/env", ["git", "-C", repository.path, "ls-files", "-z", "--", "Results"])
    guard listing.status == .exited(0) else { return nil }
    return Set(
      listing.stdoutText.split(separator: "\0").compactMap { path -> String? in
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.first == "Results", parts.last == "run.json", parts.count == 3 || parts.count == 4 else {
          return nil
        }
        return parts.dropFirst().dropLast().joined(separator: "/")
      }
    ).sorted()
  }

  /// The runs `scripts/reference-runs.sh --list` names (`name|arguments` lines).
  static func listedNames(in repository: URL) throws -> [String] {
    let listing = try ProcessRunner.run(
      "/usr/bin/env", ["bash", repository.appendingPathComponent("scripts/reference-runs.sh").path, "--list"])
    guard listing.status == .exited(0) else {
      throw ListingError(description: "scripts/reference-runs.sh --list failed: \(listing.stderrText)")
    }
    return listing.stdoutText.split(separator: "\n").compactMap { line in
      line.firstIndex(of: "|").map { String(line[..<$0]) }
    }
  }

  struct ListingError: Error, CustomStringConvertible {
    var description: String
  }
}
