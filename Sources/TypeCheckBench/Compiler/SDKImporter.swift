import Foundation
import TypeCheckBenchCore

/// `bench sdk import`: builds SwiftUI's interface files into modules the installed swiftc can import on Linux. It
/// retargets each interface, writes stub modules for the Apple-only modules it imports, resolves conditional blocks
/// as the compiler does, then builds each module from its interface, dropping what still fails (a body before its
/// function, a conformance before its type, a member before its type) until the build is clean. The module set is
/// written to a folder of its own, with a manifest of every source, stub and change; nothing is half-written.
struct SDKImporter {
  /// The modules an import builds, in the order they depend on each other, when the source holds them.
  static let frameworkModules = ["SwiftUICore", "SwiftUI", "Charts", "_MapKit_SwiftUI"]
  /// Modules of the imported family are never stubbed: a missing one is an incomplete source.
  static func isFrameworkModule(_ name: String) -> Bool { name.contains("SwiftUI") || name == "Charts" }
  /// The `swift-interface-format-version` major version the compilers bench supports read.
  static let readableFormat = 1
  /// Rounds of build-and-drop a module may take before the import gives up.
  static let maximumRounds = 60

  var swiftc: String
  var output: URL
  var log: (String) -> Void

  struct Interface {
    var module: String
    var path: URL
    var original: InterfaceText
    var text: InterfaceText
    var source: SDKImportManifest.Source
  }

  /// The interface files of `source`: a folder of `.swiftinterface` files, or an SDK whose frameworks hold them.
  static func interfaceFiles(in source: URL) throws -> [URL] {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: source.path, isDirectory: &isFolder) else {
      throw BenchError.usage("sdk import: \(source.path) does not exist")
    }
    guard isFolder.boolValue else {
      guard source.pathExtension == "swiftinterface" else {
        throw BenchError.usage("sdk import: \(source.path) is neither a folder nor a .swiftinterface file")
      }
      return [source]
    }
    let direct = (try? FileManager.default.contentsOfDirectory(at: source, includingPropertiesForKeys: nil)) ?? []
    let plain = direct.filter { isPublicInterface($0) }.sorted { $0.path < $1.path }
    if !plain.isEmpty { return plain }
    // An SDK: each framework's module folder, preferring the arm64e iOS interface.
    var found: [URL] = []
    for module in frameworkModules {
      let folder = source.appendingPathComponent(
        "System/Library/Frameworks/\(module).framework/Modules/\(module).swiftmodule")
      let files = ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
        .filter { isPublicInterface($0) }.sorted { $0.lastPathComponent < $1.lastPathComponent }
      let preferred = ["arm64e-apple-ios.swiftinterface", "arm64-apple-ios.swiftinterface"]
      if let pick = preferred.lazy.compactMap({ name in files.first { $0.lastPathComponent == name } }).first
        ?? files.first
      {
        found.append(pick)
      }
    }
    guard !found.isEmpty else {
      throw BenchError.usage(
        "sdk import: no .swiftinterface file in \(source.path) (give a folder of interfaces or an SDK holding "
          + "SwiftUI.framework)")
    }
    return found
  }

  static func isPublicInterface(_ url: URL) -> Bool {
    url.pathExtension == "swiftinterface" && !url.lastPathComponent.contains(".private.")
      && !url.lastPathComponent.contains(".package.")
  }

  /// The compiler's `--version` first line and its major and minor version.
  func compilerVersion() throws -> (line: String, version: [Int]) {
    let result = try ProcessRunner.run(swiftc, ["--version"], timeout: 60)
    let text = String(decoding: result.stdout + result.stderr, as: UTF8.self)
    guard result.status == .exited(0),
      let line = text.split(separator: "\n").first(where: { $0.contains("Swift version") })
    else { throw BenchError.software("sdk import: \(swiftc) --version failed") }
    return (String(line), Self.version(in: String(line)))
  }

  /// The numbers after "Swift version " (`6.2.3` → [6, 2, 3]).
  static func version(in line: String) -> [Int] {
    guard let found = line.range(of: "Swift version ") else { return [] }
    return line[found.upperBound...].prefix(while: { $0.isNumber || $0 == "." }).split(separator: ".")
      .compactMap { Int($0) }
  }

  /// The host's target triple, as the compiler reports it.
  func hostTarget() throws -> String {
    let result = try ProcessRunner.run(swiftc, ["-print-target-info"], timeout: 60)
    let text = String(decoding: result.stdout, as: UTF8.self)
    guard let found = text.range(of: "\"triple\": \"") else {
      throw BenchError.software("sdk import: \(swiftc) -print-target-info gave no triple")
    }
    return String(text[found.upperBound...].prefix(while: { $0 != "\"" }))
  }

  /// Imports `source` into `output`, or reuses the module set there when its manifest has the same reuse key.
  func run(source: URL) throws -> (manifest: SDKImportManifest, reused: Bool) {
    let started = ProcessRunner.monotonicSeconds()
    let files = try Self.interfaceFiles(in: source)
    let compiler = try compilerVersion()
    let target = try hostTarget()
    var interfaces: [Interface] = []
    for file in files {
      guard let data = FileManager.default.contents(atPath: file.path) else {
        throw BenchError.io("sdk import: cannot read \(file.path)")
      }
      let content = String(decoding: data, as: UTF8.self)
      let text = InterfaceText(content)
      guard text.lines.first?.hasPrefix("// swift-interface-format-version:") == true,
        let module = InterfaceRewrite.moduleName(text)
      else {
        throw BenchError.data(
          "sdk import: \(file.path) is not a Swift interface (no swift-interface-format-version and -module-name)")
      }
      let writtenBy = InterfaceRewrite.compilerVersion(text)
      // The format version is what a compiler can read; a later compiler's declarations are dropped where they fail.
      let format = text.lines[0].dropFirst("// swift-interface-format-version:".count)
        .trimmingCharacters(in: .whitespaces)
      if let major = format.split(separator: ".").first.flatMap({ Int($0) }), major > Self.readableFormat {
        throw BenchError.data(
          "sdk import: \(file.lastPathComponent) has interface format \(format), newer than this compiler reads "
            + "(\(Self.readableFormat).x; \(compiler.line)); import it with a newer --swiftc")
      }
      let source = SDKImportManifest.Source(
        module: module, path: file.path, sha256: SHA256.hex(data), bytes: data.count, writtenBy: writtenBy)
      interfaces.append(Interface(module: module, path: file, original: text, text: text, source: source))
    }
    let key = SDKImportManifest.reuseKey(compiler: compiler.line, target: target, sources: interfaces.map(\.source))
    let lockFolder = output.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: lockFolder, withIntermediateDirectories: true)
    let lock = try FolderLock.take(lockFolder)
    defer { lock.release() }
    if let existing = Self.manifest(in: output), existing.reuseKey == key,
      existing.modules.allSatisfy({
        FileManager.default.fileExists(atPath: output.appendingPathComponent("modules/\($0.name).swiftmodule").path)
      })
    {
      return (existing, true)
    }
    interfaces = try Self.dependencyOrder(interfaces)
    let work = lockFolder.appendingPathComponent(".\(output.lastPathComponent).partial-\(getpid())")
    // Under the lock, a partial set of this name is a killed import's: it goes.
    let prefix = ".\(output.lastPathComponent).partial-"
    for stale in (try? FileManager.default.contentsOfDirectory(atPath: lockFolder.path)) ?? []
    where stale.hasPrefix(prefix) {
      try? FileManager.default.removeItem(at: lockFolder.appendingPathComponent(stale))
    }
    // A failed import leaves nothing behind, unless TYPECHECKBENCH_SDK_KEEP_WORK asks to see where it stopped.
    defer {
      if ProcessInfo.processInfo.environment["TYPECHECKBENCH_SDK_KEEP_WORK"] == nil {
        try? FileManager.default.removeItem(at: work)
      }
    }
    let builder = Builder(
      swiftc: swiftc, target: target, work: work, interfaces: interfaces, log: log)
    var result = try builder.build()
    result.compiler = compiler.line
    result.origin = source.path
    result.seconds = (ProcessRunner.monotonicSeconds() - started).rounded(toPlaces: 1)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try AtomicFile.write(try encoder.encode(result), to: work.appendingPathComponent("manifest.json"))
    try? FileManager.default.removeItem(at: work.appendingPathComponent("probe"))
    // The finished set replaces the folder in one rename; an earlier set there goes first.
    if FileManager.default.fileExists(atPath: output.path) { try FileManager.default.removeItem(at: output) }
    try FileManager.default.moveItem(at: work, to: output)
    return (result, false)
  }

  /// The manifest of the module set at `folder`, or nil.
  static func manifest(in folder: URL) -> SDKImportManifest? {
    guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent("manifest.json").path) else {
      return nil
    }
    return try? JSONDecoder().decode(SDKImportManifest.self, from: data)
  }

  /// The interfaces ordered so that each comes after those it imports; a framework module imported but not given
  /// is refused.
  static func dependencyOrder(_ interfaces: [Interface]) throws -> [Interface] {
    let names = Set(interfaces.map(\.module))
    var ordered: [Interface] = []
    var remaining = interfaces
    while !remaining.isEmpty {
      guard
        let next = remaining.firstIndex(where: { interface in
          InterfaceRewrite.imports(interface.text).filter { names.contains($0) && $0 != interface.module }
            .allSatisfy { dependency in ordered.contains { $0.module == dependency } }
        })
      else { throw BenchError.data("sdk import: the interfaces import each other in a cycle") }
      ordered.append(remaining.remove(at: next))
    }
    for interface in ordered {
      for dependency in InterfaceRewrite.imports(interface.text)
      where isFrameworkModule(dependency) && dependency != interface.module && !names.contains(dependency) {
        throw BenchError.data(
          "sdk import: \(interface.path.lastPathComponent) imports \(dependency), whose interface is not in the "
            + "source; add \(dependency)'s .swiftinterface")
      }
    }
    return ordered
  }
}

extension Double {
  fileprivate func rounded(toPlaces places: Int) -> Double {
    let scale = pow(10, Double(places))
    return (self * scale).rounded() / scale
  }
}
