import Foundation

/// The textual rewrites that make an Apple platform's interface readable by a Linux compiler before any declaration
/// is dropped: the module flags retargeted, the module's import of itself gone, Objective-C attributes gone, names
/// the Linux modules hold elsewhere requalified, and the stub modules imported.
public enum InterfaceRewrite {
  /// The `swift-module-flags:` line for `target`, without Objective-C interop or a target variant.
  public static func flagsLine(_ line: String, target: String) -> String {
    guard line.hasPrefix("// swift-module-flags:") else { return line }
    var words = line.dropFirst("// swift-module-flags:".count).split(separator: " ").map(String.init)
    var result: [String] = []
    var index = 0
    while index < words.count {
      let word = words[index]
      // `-target-arch-variant arm64e.x1` (iOS 27.0's interfaces) refines the Apple target that goes.
      if word == "-target" || word == "-target-variant" || word == "-target-arch-variant" {
        index += 2
        continue
      }
      if word == "-enable-objc-interop" {
        index += 1
        continue
      }
      result.append(word)
      index += 1
    }
    words = ["-target", target] + result
    return "// swift-module-flags: " + words.joined(separator: " ")
  }

  /// The `swift-module-flags:` line without `flag` (one this compiler does not know) and its value, where the next
  /// word is one (it does not start with `-`).
  public static func removingFlag(_ flag: String, from line: String) -> String {
    guard line.hasPrefix("// swift-module-flags:") else { return line }
    let words = line.dropFirst("// swift-module-flags:".count).split(separator: " ").map(String.init)
    var result: [String] = []
    var index = 0
    while index < words.count {
      if words[index] == flag {
        index += index + 1 < words.count && !words[index + 1].hasPrefix("-") ? 2 : 1
        continue
      }
      result.append(words[index])
      index += 1
    }
    return "// swift-module-flags: " + result.joined(separator: " ")
  }

  /// The module named by the `swift-module-flags:` line's `-module-name`, or nil.
  public static func moduleName(_ text: InterfaceText) -> String? {
    guard let flags = text.lines.first(where: { $0.hasPrefix("// swift-module-flags:") }) else { return nil }
    let words = flags.split(separator: " ")
    guard let index = words.firstIndex(of: "-module-name"), index + 1 < words.count else { return nil }
    return String(words[index + 1])
  }

  /// The compiler version the interface was written by (`// swift-compiler-version: …`), or nil.
  public static func compilerVersion(_ text: InterfaceText) -> String? {
    text.lines.first(where: { $0.hasPrefix("// swift-compiler-version:") })
      .map { String($0.dropFirst("// swift-compiler-version:".count)).trimmingCharacters(in: .whitespaces) }
  }

  /// The modules the interface imports (`import os.log` counts as `os`), in order, once each.
  public static func imports(_ text: InterfaceText) -> [String] {
    var seen = Set<String>()
    return text.lines.compactMap(importedModule).filter { seen.insert($0).inserted }
  }

  /// The module an `import` line imports (the first component of a submodule path), or nil.
  public static func importedModule(_ line: String) -> String? {
    var words = line.split(separator: " ").map(String.init)
    while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
    guard words.first == "import", words.count >= 2 else { return nil }
    // `import struct SwiftUI.Text` names a kind before the path.
    let path = words.count >= 3 ? words[2] : words[1]
    return path.split(separator: ".").first.map(String.init)
  }

  /// The rewrites that hold for every interface of the set: flags for `target`, no import of `module` itself,
  /// `import A.B` as `import A` where `A` is stubbed, no Objective-C attributes, each `M.X` in `renames` as its value.
  public static func rewrite(
    _ text: InterfaceText, module: String, target: String, renames: [String: String], stubbed: Set<String>
  ) -> InterfaceText {
    var result = text
    var removed: [Int] = []
    for index in result.lines.indices {
      var line = result.lines[index]
      if line.hasPrefix("// swift-module-flags:") {
        result.setLine(index + 1, flagsLine(line, target: target))
        continue
      }
      if let imported = importedModule(line) {
        if imported == module {
          removed.append(index + 1)
          continue
        }
        if stubbed.contains(imported), line.contains("import \(imported).") {
          line = line.replacingOccurrences(
            of: #"import \#(imported)\.[A-Za-z0-9_.]+"#, with: "import \(imported)", options: .regularExpression)
        }
      }
      if line.contains("@objc") || line.contains("@IBAction") || line.contains("@NSManaged") {
        line = line.replacingOccurrences(
          of: #"@(objc|objcMembers|IBAction|IBOutlet|IBInspectable|NSManaged)(\([^)]*\))?\s*"#, with: "",
          options: .regularExpression)
      }
      if !renames.isEmpty { line = rename(line, renames) }
      result.setLine(index + 1, line)
    }
    for line in removed.reversed() { result.removeLines(line...line) }
    // Duplicate imports (two `import os.log` lines became `import os`) are harmless; stub modules the text uses but
    // does not import are added after the last import.
    let present = Set(imports(result))
    let needed = Set(renames.values.map { String($0.split(separator: ".").first ?? "") }).union(stubbed)
      .filter { used in result.lines.contains { $0.contains(used + ".") || $0.contains(used + "::") } }
    let lastImport = result.lines.lastIndex(where: { importedModule($0) != nil }).map { $0 + 2 } ?? 1
    for missing in needed.subtracting(present).sorted().reversed() where missing != module {
      result.insertLine("import \(missing)", before: lastImport)
    }
    return result
  }

  /// `line` with each `M.X` (or `M::X`) in `renames` replaced, where `M` stands as a word of its own.
  public static func rename(_ line: String, _ renames: [String: String]) -> String {
    let modules = Set(renames.keys.map { String($0.split(separator: ".").first ?? "") })
    let bytes = Array(line.utf8)
    let found = ForeignName.occurrences(in: bytes, modules: modules)
    guard !found.isEmpty else { return line }
    var result: [UInt8] = []
    var cursor = 0
    for (start, end, module, name) in found {
      guard let replacement = renames["\(module).\(name)"] else { continue }
      result += bytes[cursor..<start]
      result += Array(replacement.utf8)
      cursor = end
    }
    result += bytes[cursor...]
    return String(decoding: result, as: UTF8.self)
  }
}
