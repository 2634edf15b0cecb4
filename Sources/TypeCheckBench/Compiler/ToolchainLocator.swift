import Foundation
import TypeCheckBenchCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds the `swiftc` to measure and checks it is one before any work starts.
public enum ToolchainLocator {
  /// Seconds `swiftc --version` may take.
  static let versionTimeout = 30.0

  /// Where `locateSwiftc` looks, in order, in the words of `--swiftc`'s one help line.
  public static let lookupOrder = ["--swiftc PATH", "$SWIFTC", "swiftc on PATH", "xcrun --find swiftc"]

  /// The swiftc path to use: `explicitPath` (`--swiftc PATH`), else `$SWIFTC`, else `swiftc` on `PATH`, else (macOS)
  /// `xcrun --find swiftc`, which honours `TOOLCHAINS` and `DEVELOPER_DIR` (`lookupOrder` lists the same steps).
  /// - Throws: `BenchError.software` when none is found.
  public static func locateSwiftc(
    explicitPath: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws -> String {
    if let explicitPath { return try resolve(explicitPath, environment: environment) }
    if let fromEnvironment = environment["SWIFTC"], !fromEnvironment.isEmpty {
      return try resolve(fromEnvironment, environment: environment)
    }
    if let onPath = searchPath(for: "swiftc", environment: environment) { return onPath }
    #if canImport(Darwin)
      if let result = try? ProcessRunner.run("/usr/bin/xcrun", ["--find", "swiftc"], timeout: versionTimeout),
        result.status.isSuccess
      {
        let path = result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
        if !path.isEmpty { return path }
      }
    #endif
    throw BenchError.software("no swiftc found: pass --swiftc PATH or set SWIFTC")
  }

  /// Checks that `swiftcPath` is an executable Swift compiler and describes it.
  /// - Parameters:
  ///   - name: The name samples will refer to this configuration by.
  ///   - extraFlags: Flags added to every compile with this configuration.
  /// - Throws: `BenchError.software` with a one-line message naming the path when the file is missing, is not
  ///   executable, or does not answer `--version` like a Swift compiler.
  public static func inspect(
    swiftcPath: String, name: String = "default", extraFlags: [String] = []
  ) throws -> ToolchainInfo {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: swiftcPath, isDirectory: &isFolder) else {
      throw BenchError.software("swiftc not found: \(swiftcPath)")
    }
    guard !isFolder.boolValue, access(swiftcPath, X_OK) == 0 else {
      throw BenchError.software("swiftc is not executable: \(swiftcPath)")
    }
    // ProcessRunner's own errors already name the path ("cannot run PATH: reason").
    let result = try ProcessRunner.run(swiftcPath, ["--version"], timeout: versionTimeout)
    // Some drivers print the version on stderr; read both.
    let text = (result.stdoutText + result.stderrText).trimmingCharacters(in: .whitespacesAndNewlines)
    guard !result.timedOut, result.status.isSuccess, let version = SwiftCompilerVersion(versionText: text) else {
      // The driver refuses to start without a writable temporary folder: that is the folder's fault, not the
      // compiler's.
      if let problem = temporaryFolderProblem() { throw BenchError.io(problem) }
      let firstLine = text.split(separator: "\n").first.map(String.init) ?? ""
      let said = result.timedOut ? "timed out" : "\(result.status), printed \"\(firstLine.prefix(80))\""
      throw BenchError.software("not a Swift compiler: \(swiftcPath) --version \(said)")
    }
    let wrapped = try wrappedCompiler(swiftcPath)
    return ToolchainInfo(
      name: name, swiftcPath: swiftcPath, versionText: text, version: version.version, extraFlags: extraFlags,
      assertionsEnabled: version.assertionsEnabled, executableFingerprint: fingerprint(wrapped ?? swiftcPath),
      wrappedCompiler: wrapped, sdkSources: importedSDKSources(extraFlags))
  }

  /// The sources of the `bench sdk import` set whose modules `flags` put on the import path (`-I DIR/modules` beside
  /// DIR/manifest.json), or nil.
  static func importedSDKSources(_ flags: [String]) -> [SDKImportManifest.Source]? {
    for (index, flag) in flags.enumerated() where flag == "-I" && index + 1 < flags.count {
      let modules = URL(fileURLWithPath: flags[index + 1])
      guard modules.lastPathComponent == "modules",
        let manifest = SDKImporter.manifest(in: modules.deletingLastPathComponent())
      else { continue }
      return manifest.sources.sorted { $0.module < $1.module }
    }
    return nil
  }

  /// The environment variable a wrapper script answers by describing the compiler it runs instead of running it.
  static let wrapperQuery = "TYPECHECKBENCH_WRAPPER_INFO"

  /// The host path of the compiler that `swiftcPath` runs when it is a wrapper script (a file starting with `#!`)
  /// that answers `TYPECHECKBENCH_WRAPPER_INFO=1` with a `typecheckbench-wrapper 1` block naming its `swiftc`, as the
  /// wrappers of `scripts/install-toolchain.sh` do; nil for a compiler binary, or a script that does not answer so.
  /// A wrapper is identified by what it runs: an upgraded root behind an unchanged script is another compiler.
  /// - Throws: `BenchError.software` when a wrapper names a compiler that is not there.
  static func wrappedCompiler(_ swiftcPath: String) throws -> String? {
    guard let handle = FileHandle(forReadingAtPath: swiftcPath) else { return nil }
    let start = handle.readData(ofLength: 2)
    try? handle.close()
    guard start == Data("#!".utf8) else { return nil }
    var environment = ProcessInfo.processInfo.environment
    environment[wrapperQuery] = "1"
    guard
      let result = try? ProcessRunner.run(
        swiftcPath, ["--version"], environment: environment, timeout: versionTimeout),
      !result.timedOut, result.status.isSuccess
    else { return nil }
    let lines = result.stdoutText.split(whereSeparator: \.isNewline).map(String.init)
    guard lines.first == "typecheckbench-wrapper 1" else { return nil }
    let fields = Dictionary(
      lines.dropFirst().compactMap { line -> (String, String)? in
        guard let space = line.firstIndex(of: " ") else { return nil }
        return (String(line[..<space]), String(line[line.index(after: space)...]))
      }, uniquingKeysWith: { first, _ in first })
    guard let compiler = fields["swiftc"] else { return nil }
    guard FileManager.default.fileExists(atPath: compiler) else {
      throw BenchError.software("\(swiftcPath) is a wrapper of \(compiler), which is missing")
    }
    return compiler
  }

  /// Why the temporary folder (`TMPDIR`, where the driver and bench's children write) cannot be written to, or nil
  /// when a file can be made in it.
  static func temporaryFolderProblem(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
    let given = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 }
    let folder = given ?? "/tmp"
    let probe = URL(fileURLWithPath: folder).appendingPathComponent(".typecheckbench-probe-\(getpid())")
    guard FileManager.default.createFile(atPath: probe.path, contents: Data()) else {
      var isFolder: ObjCBool = false
      let what =
        !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder)
        ? "does not exist" : (isFolder.boolValue ? "is not writable" : "is not a folder")
      return "the temporary folder \(folder)\(given == nil ? "" : " (TMPDIR)") \(what): the compiler cannot run "
        + "without one; set TMPDIR to a writable folder"
    }
    try? FileManager.default.removeItem(at: probe)
    return nil
  }

  /// Files up to this size (a script) are fingerprinted by their content, larger ones (a compiler binary) by their
  /// size and modification time.
  static let hashedFileLimit = 1 << 20

  /// `size@mtime` of `swiftcPath` with its symbolic links resolved, and of the `swift-frontend` beside it when there
  /// is one (the driver is often a link to a program that runs the frontend): cheap to take, and different whenever
  /// either file is replaced. A small file (a script, up to `hashedFileLimit`) is `size#hash` of its content instead,
  /// so that a byte-identical copy put back is the same compiler.
  static func fingerprint(_ swiftcPath: String) -> String? {
    let resolved = URL(fileURLWithPath: swiftcPath).resolvingSymlinksInPath()
    let frontend = resolved.deletingLastPathComponent().appendingPathComponent("swift-frontend")
    let parts = [resolved, frontend].compactMap { url -> String? in
      guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
        let size = attributes[.size] as? NSNumber, let date = attributes[.modificationDate] as? Date
      else { return nil }
      if size.intValue <= hashedFileLimit, let data = FileManager.default.contents(atPath: url.path),
        data.count == size.intValue
      {
        return "\(url.lastPathComponent):\(size.int64Value)#\(contentHash(data))"
      }
      return "\(url.lastPathComponent):\(size.int64Value)@\(Int64(date.timeIntervalSince1970 * 1000))"
    }
    return parts.isEmpty ? nil : parts.joined(separator: " ")
  }

  /// The 64-bit FNV-1a hash of `data`, as 16 hex digits.
  static func contentHash(_ data: Data) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in data {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01b3
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// `path` itself when it contains a slash, else the first executable of that name on `PATH`.
  private static func resolve(_ path: String, environment: [String: String]) throws -> String {
    if path.contains("/") { return path }
    guard let found = searchPath(for: path, environment: environment) else {
      throw BenchError.software("swiftc not found: \(path) is not on PATH")
    }
    return found
  }

  static func searchPath(for name: String, environment: [String: String]) -> String? {
    let folders = (environment["PATH"] ?? "").split(separator: ":", omittingEmptySubsequences: true)
    for folder in folders {
      let candidate = "\(folder)/\(name)"
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: candidate, isDirectory: &isFolder), !isFolder.boolValue,
        access(candidate, X_OK) == 0
      {
        return candidate
      }
    }
    return nil
  }
}
