import Foundation
import TypeCheckBenchCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The folders bench writes into, and the rule that keeps it out of everyone else's: bench writes only into a folder
/// it created or one that holds its marker file (`.typecheckbench`, naming what the folder is). Anything else is
/// refused with one line and exit 73 before a single byte is written.
///
/// An empty folder is accepted too (a `mktemp -d`, a folder a CI step created): writing into it overwrites nothing.
/// Folders written before markers existed are recognised by what they hold: a run by a readable `run.json`, a site by
/// a readable `history.jsonl`; the marker is added on their next write.
public enum OutputFolder {
  /// What a folder holds; the marker file's content.
  public enum Kind: String, Sendable, CaseIterable {
    /// A run folder (`bench run`, `bench merge -o`): run.json, the journal, reports.
    case run
    /// A published history (`bench history`).
    case site
    /// Repro bundles (`bench compare --bundle`).
    case bundle
    /// Re-rendered reports (`bench report -o`).
    case report
    /// Generated cases (`bench generate -o`).
    case cases
    /// The compatibility matrix (`bench compat -o`).
    case compat

    var article: String { self == .run ? "a run" : "a \(self.rawValue) folder" }
  }

  /// The marker file's name.
  public static let markerName = ".typecheckbench"

  /// The marker's text for `kind`.
  static func markerText(_ kind: Kind) -> String { "TypeCheckBench \(kind.rawValue)\n" }

  /// The kind named by the marker in `folder`, or nil when there is no readable marker.
  public static func marker(in folder: URL) -> Kind? {
    guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(markerName).path) else {
      return nil
    }
    let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard text.hasPrefix("TypeCheckBench ") else { return nil }
    return Kind(rawValue: String(text.dropFirst("TypeCheckBench ".count)))
  }

  /// Refuses `-` and the empty path, which name no folder (exit 64).
  public static func checkPath(_ path: String, flag: String) throws {
    guard !path.isEmpty else { throw BenchError.usage("\(flag): the path is empty") }
    guard path != "-" else {
      throw BenchError.usage("\(flag): bench writes a folder, not standard output; '-' is not accepted")
    }
  }

  /// What `folder` is, read without writing anything.
  public enum State: Equatable, Sendable {
    case missing
    case empty
    case marked(Kind)
    /// A run or site written before markers existed.
    case legacy(Kind)
    case notAFolder
    case foreign
    /// A symbolic link that leads nowhere: to a path that does not exist, or round a loop of links.
    case brokenLink(String)
  }

  static func state(of folder: URL) -> State {
    // A symbolic link whose target does not exist is no folder, though the name is taken: `mkdir` would fail with
    // EEXIST for ever. A link to a folder is followed.
    var link = stat()
    if lstat(folder.path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK {
      var target = stat()
      if stat(folder.path, &target) != 0 {
        let reason = errno == ELOOP ? "a loop of symbolic links" : "a symbolic link to a path that does not exist"
        let destination = (try? FileManager.default.destinationOfSymbolicLink(atPath: folder.path)).map {
          " (\($0))"
        }
        return .brokenLink(reason + (destination ?? ""))
      }
    }
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) else { return .missing }
    guard isFolder.boolValue else { return .notAFolder }
    if let kind = marker(in: folder) { return .marked(kind) }
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return .foreign }
    // A lock file alone is what a refused or killed bench leaves: still nothing of anyone else's. Nor is a fresh
    // git checkout's `.git` alone (the workflow publishes into an emptied gh-pages worktree): no file to overwrite.
    if names.allSatisfy({ $0 == ".lock" || $0 == markerName || $0 == ".git" }) { return .empty }
    if names.contains("run.json"), holdsUnmarkedRun(folder) { return .legacy(.run) }
    if names.contains("history.jsonl"),
      let data = FileManager.default.contents(atPath: folder.appendingPathComponent("history.jsonl").path),
      (try? History(jsonLines: String(decoding: data, as: UTF8.self))) != nil
    {
      return .legacy(.site)
    }
    return .foreign
  }

  /// Makes `folder` ready for bench to write into as `kind`: creates it (and its parents) with its marker, or checks
  /// that the existing folder is empty or already bench's, of one of the `accepted` kinds.
  /// - Parameter flag: How the user named the folder, for messages (`--output`, `SITE_DIR`).
  /// - Returns: True when this call created the folder.
  /// - Throws: `BenchError.cannotCreate` (exit 73) for a folder that is not bench's, or not a folder;
  ///   `BenchError.usage` for an empty path or `-`; `BenchError.io` when it cannot be created.
  @discardableResult
  public static func claim(_ folder: URL, as kind: Kind, accepting accepted: Set<Kind> = [], flag: String) throws
    -> Bool
  {
    let accepted = accepted.union([kind])
    let state = try check(folder, as: kind, accepting: accepted, flag: flag)
    switch state {
    case .missing:
      // mkdir is atomic: if another bench created it meanwhile, judge what it holds like any existing folder (once:
      // a name that mkdir finds taken but that is still missing is refused, never retried without end).
      guard try makeDirectory(folder) else {
        guard Self.state(of: folder) != .missing else {
          throw BenchError.cannotCreate("\(flag): cannot create \(folder.path): the name is taken but is no folder")
        }
        return try claim(folder, as: kind, accepting: accepted, flag: flag)
      }
      try writeMarker(kind, in: folder)
      return true
    case .empty:
      try writeMarker(kind, in: folder)
      return false
    case .marked:
      return false
    case .legacy(let found):
      try writeMarker(found, in: folder)
      return false
    case .notAFolder, .foreign, .brokenLink:
      return false  // `check` refused these
    }
  }

  /// Checks, writing nothing, that `claim` would accept `folder` (for commands that check before long work).
  /// - Returns: what the folder is.
  /// - Throws: as `claim`.
  @discardableResult
  public static func check(_ folder: URL, as kind: Kind, accepting accepted: Set<Kind> = [], flag: String) throws
    -> State
  {
    let accepted = accepted.union([kind])
    let state = state(of: folder)
    switch state {
    case .missing, .empty:
      break
    case .marked(let found), .legacy(let found):
      guard accepted.contains(found) else {
        throw BenchError.cannotCreate(
          "\(flag): \(folder.path) holds \(found.article), not \(kind.article); bench writes \(kind.article) only "
            + "into a new or empty folder or one of its own")
      }
    case .notAFolder:
      throw BenchError.cannotCreate("\(flag): \(folder.path) exists and is not a folder")
    case .brokenLink(let what):
      throw BenchError.cannotCreate(
        "\(flag): \(folder.path) is \(what); give a folder, or a link to one that exists")
    case .foreign:
      throw BenchError.cannotCreate(
        "\(flag): \(folder.path) is not empty and was not written by bench; refusing to write into it (give a new "
          + "or empty folder)")
    }
    return state
  }

  /// Creates `folder` (and its missing parents) with one atomic `mkdir` for the folder itself.
  /// - Returns: true when this call created it, false when it existed already.
  /// - Throws: `BenchError.io` with the system's reason (for example `Not a directory` below a file).
  static func makeDirectory(_ folder: URL) throws -> Bool {
    if mkdir(folder.path, 0o755) == 0 { return true }
    if errno == ENOENT {
      try? FileManager.default.createDirectory(
        at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
      if mkdir(folder.path, 0o755) == 0 { return true }
    }
    if errno == EEXIST { return false }
    throw BenchError.io("cannot create \(folder.path): \(String(cString: strerror(errno)))")
  }

  /// Writes the marker in place, not by a temporary file and a rename: another bench that looks meanwhile must see
  /// the marker (perhaps still empty), never a temporary file that would make the new folder look foreign.
  static func writeMarker(_ kind: Kind, in folder: URL) throws {
    let path = folder.appendingPathComponent(markerName).path
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw BenchError.io("cannot write \(path): \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    let text = markerText(kind)
    let written = text.withCString { write(descriptor, $0, strlen($0)) }
    guard written == text.utf8.count else {
      throw BenchError.io("cannot write \(path): \(String(cString: strerror(errno)))")
    }
  }

  /// Whether `folder` holds a run from before run folders had markers: its run.json names no kind (a sweep, the only
  /// kind of run then) and decodes as a record this bench reads.
  private static func holdsUnmarkedRun(_ folder: URL) -> Bool {
    guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent("run.json").path) else {
      return false
    }
    return RecordHeader.kindName(in: data) == nil && (try? RecordValidation.decodeRecord(data)) != nil
  }
}
