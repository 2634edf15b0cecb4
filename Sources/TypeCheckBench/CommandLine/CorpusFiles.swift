import Escaping
import Foundation
import Generators
import TypeCheckBenchCore

/// The test files under the paths `bench corpus` is given.
enum CorpusFiles {
  struct File {
    var url: URL
    /// As reports show it: the file's path below the folder given, led by that folder's name
    /// (`type_checker_perf/fast/x.swift`); a file given by itself is led by its folder's name (`slow/y.swift`).
    var path: String
  }

  /// The machine's CPU as lit names it (`x86_64`, `aarch64`/`arm64`).
  static var machine: String {
    var info = utsname()
    uname(&info)
    return withUnsafeBytes(of: &info.machine) { bytes in
      String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
  }

  /// Every `*.swift` and `*.gyb` file under `paths` (folders searched recursively, `Inputs/` folders skipped, as lit
  /// does), sorted by path, each once however often it is given (a path twice, or a file inside a folder given).
  /// - Parameter warn: told of each test file whose name is not UTF-8, which bench cannot name and skips.
  /// - Throws: `BenchError.usage` for a path that does not exist or is not UTF-8.
  static func find(_ paths: [String], warn: (String) -> Void = { _ in }) throws -> [File] {
    var files: [File] = []
    var seen: Set<String> = []
    func add(_ file: File) {
      if seen.insert(file.url.path).inserted { files.append(file) }
    }
    for path in paths {
      // An argument that is not UTF-8 reaches bench with U+FFFD in place of its bytes: no such file.
      if path.contains("\u{FFFD}") {
        throw BenchError.usage(
          "corpus: \(Escaping.terminalText(path)): the path is not UTF-8, which bench cannot name; rename it")
      }
      var isFolder: ObjCBool = false
      guard !path.isEmpty, FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
        throw BenchError.usage("corpus: \(path.isEmpty ? "an empty path" : path) does not exist")
      }
      let url = URL(fileURLWithPath: path).standardizedFileURL
      guard isFolder.boolValue else {
        add(File(url: url, path: url.deletingLastPathComponent().lastPathComponent + "/" + url.lastPathComponent))
        continue
      }
      for name in nonUTF8TestFiles(under: url.path) where seen.insert(url.path + "/" + name).inserted {
        warn(
          "warning: corpus: skipped \(url.lastPathComponent)/\(name): its name is not UTF-8, which bench cannot name; "
            + "rename it to run it")
      }
      let root = url.path
      guard let enumerator = FileManager.default.enumerator(atPath: root) else {
        throw BenchError.io("\(root): cannot list the folder")
      }
      var found: [String] = []
      while let relative = enumerator.nextObject() as? String {
        let components = relative.split(separator: "/")
        if components.contains("Inputs") || components.contains(where: { $0.hasPrefix(".") }) { continue }
        if relative.hasSuffix(".swift") || relative.hasSuffix(".gyb") { found.append(relative) }
      }
      for relative in found.sorted() {
        let fileURL = url.appendingPathComponent(relative)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: fileURL.path, isDirectory: &isDirectory), !isDirectory.boolValue
        else { continue }
        add(File(url: fileURL, path: url.lastPathComponent + "/" + relative))
      }
    }
    return files
  }

  /// The test files (`*.swift`, `*.gyb`) under `root` whose names are not UTF-8, relative to it with each byte
  /// outside UTF-8 written `\xHH`: Foundation's listing leaves them out without a word.
  static func nonUTF8TestFiles(under root: String) -> [String] {
    var found: [String] = []
    func walk(_ folder: [UInt8], _ relative: String) {
      guard let directory = opendir(folder.map { CChar(bitPattern: $0) } + [0]) else { return }
      defer { closedir(directory) }
      while let entry = readdir(directory) {
        let bytes = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
        guard bytes != Array(".".utf8), bytes != Array("..".utf8), bytes.first != UInt8(ascii: ".") else { continue }
        let decoded = String(decoding: bytes, as: UTF8.self)
        let valid = Array(decoded.utf8) == bytes
        let shown =
          valid
          ? decoded
          : bytes.map { $0 < 0x80 ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16, uppercase: true) }
            .joined()
        let path = folder + [UInt8(ascii: "/")] + bytes
        var status = stat()
        guard lstat(path.map { CChar(bitPattern: $0) } + [0], &status) == 0 else { continue }
        if (status.st_mode & S_IFMT) == S_IFDIR {
          if bytes != Array("Inputs".utf8) { walk(path, relative + shown + "/") }
        } else if !valid, shown.hasSuffix(".swift") || shown.hasSuffix(".gyb") {
          found.append(relative + shown)
        }
      }
    }
    walk(Array(root.utf8), "")
    return found.sorted()
  }
}
