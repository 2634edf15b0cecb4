import Foundation
import Testing

/// Every target's folders are its layers, as docs/architecture.md lists them (top to bottom): each folder a list
/// names exists and nothing else does, every source file lives in one of them (none at the target's top, where no
/// layer would check it), a file uses no type a layer above its own declares, and no two folders of any target use
/// each other. `Escaping` and `TestSupport` are flat (no folders); their check is that they stay so.
@Suite struct LayerTests {
  /// Each target with folders, and the sentence of docs/architecture.md that opens its list of layers.
  static let layered = [
    ("Sources/TypeCheckBench", "Within `TypeCheckBench` each folder is a layer"),
    ("Sources/TypeCheckBenchCore", "Within `TypeCheckBenchCore` each folder is a layer"),
    ("Generators", "Within `Generators` each folder is a layer"),
  ]
  /// The targets with no folders.
  static let flat = ["Sources/Escaping", "Tests/TestSupport"]

  static func folder(_ target: String) -> URL { GeneratedDocs.root.appendingPathComponent(target) }

  /// The layers docs/architecture.md lists after `heading`, top first, and any file it names at the top of the target
  /// (there should be none).
  static func documentedLayers(after heading: String) throws -> (layers: [String], files: [String]) {
    let text = try String(
      contentsOf: GeneratedDocs.root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
    let start = try #require(text.range(of: heading))
    let block = try #require(text[start.upperBound...].split(separator: "```", maxSplits: 2).dropFirst().first)
    var layers: [String] = []
    var files: [String] = []
    for line in block.split(separator: "\n") {
      guard let word = line.split(separator: " ").first, !line.hasPrefix(" ") else { continue }
      if word.hasSuffix("/") { layers.append(String(word.dropLast())) }
      if word.hasSuffix(".swift") { files.append(String(word)) }
    }
    return (layers, files)
  }

  static func entries(_ target: String) throws -> (folders: [String], files: [String]) {
    let entries = try FileManager.default.contentsOfDirectory(atPath: folder(target).path)
    var isFolder: ObjCBool = false
    let folders = entries.filter {
      FileManager.default.fileExists(atPath: folder(target).appendingPathComponent($0).path, isDirectory: &isFolder)
        && isFolder.boolValue
    }
    return (folders, entries.filter { !folders.contains($0) && !$0.hasPrefix(".") })
  }

  @Test func theFoldersAreTheDocumentedLayers() throws {
    for (target, heading) in Self.layered {
      let (layers, files) = try Self.documentedLayers(after: heading)
      #expect(layers.count >= 4, "\(target): \(layers)")
      let (folders, topFiles) = try Self.entries(target)
      #expect(Set(folders) == Set(layers), "\(target): folders \(folders.sorted()), documented \(layers)")
      // Only a layer's files are checked against the others: a file at the target's top would use and be used
      // unchecked, so there is none, and the list names none.
      #expect(topFiles.isEmpty, "\(target): files outside every layer: \(topFiles.sorted())")
      #expect(files.isEmpty, "\(target): docs/architecture.md lists top-level files \(files)")
    }
    for target in Self.flat { #expect(try Self.entries(target).folders.isEmpty, "\(target) has folders") }
  }

  /// The type names each layer's files declare (at their top level, and as `Parent.Name` in their top-level
  /// extensions), and each file's text without comments and string literals, by layer.
  static func declarations(
    in target: String, layers: [String]
  ) throws -> (types: [String: String], files: [(String, String, String)]) {
    var types: [String: String] = [:]
    var files: [(layer: String, path: String, text: String)] = []
    let declaration = try Regex(
      #"(?m)^(?:public |private |fileprivate )?(?:final )?(?:struct|enum|class|protocol) (\w+)"#)
    let extensionBlock = try Regex(#"(?ms)^(?:public )?extension ([\w.]+)[^\n]*\{\n(.*?)^\}"#)
    let member = try Regex(#"(?m)^  (?:public |private |fileprivate )?(?:final )?(?:struct|enum|class|protocol) (\w+)"#)
    for layer in layers {
      let folder = folder(target).appendingPathComponent(layer)
      let enumerator = try #require(FileManager.default.enumerator(atPath: folder.path))
      for case let path as String in enumerator where path.hasSuffix(".swift") {
        let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
        for match in text.matches(of: declaration) { types[String(match.output[1].substring!)] = layer }
        for block in text.matches(of: extensionBlock) {
          let parent = String(block.output[1].substring!)
          for match in String(block.output[2].substring!).matches(of: member) {
            types[parent + "." + String(match.output[1].substring!)] = layer
          }
        }
        let code = text.replacing(try Regex(#"//[^\n]*"#), with: "").replacing(
          try Regex(#""(?:[^"\\\n]|\\.)*""#), with: "\"\"")
        files.append((layer, layer + "/" + path, code))
      }
    }
    return (types, files)
  }

  /// Each use of a type another folder declares: (user's folder, owner's folder) → "file uses Type".
  static func uses(in target: String, layers: [String]) throws -> [[String]: [String]] {
    let (types, files) = try declarations(in: target, layers: layers)
    let nested = try Regex(#"(?m)^\s+(?:public |private |fileprivate )?(?:struct|enum|class) (\w+)"#)
    var uses: [[String]: [String]] = [:]
    for (layer, path, code) in files {
      let ownNested = Set(code.matches(of: nested).map { String($0.output[1].substring!) })
      let words = Set(code.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
      for (name, owner) in types where owner != layer && !ownNested.contains(name) {
        guard words.contains(String(name.split(separator: ".").last!)) else { continue }
        let pattern = name.split(separator: ".").joined(separator: "\\.")
        if code.contains(try Regex("\\b\(pattern)\\b").wordBoundaryKind(.simple)) {
          uses[[layer, owner], default: []].append("\(path) uses \(name)")
        }
      }
    }
    return uses
  }

  @Test func aLayerUsesNoTypeOfALayerAboveIt() throws {
    for (target, heading) in Self.layered {
      let layers = try Self.documentedLayers(after: heading).layers
      let uses = try Self.uses(in: target, layers: layers)
      #expect(!uses.isEmpty, "\(target): no use found across folders")
      let upward = uses.filter { layers.firstIndex(of: $0.key[1])! < layers.firstIndex(of: $0.key[0])! }
      #expect(upward.isEmpty, "\(target): \(upward.values.flatMap { $0 }.sorted())")
    }
  }

  /// Independent of the documented order: no two folders of a target use each other, directly.
  @Test func noTwoFoldersUseEachOther() throws {
    for (target, _) in Self.layered {
      let uses = try Self.uses(in: target, layers: try Self.entries(target).folders)
      for (pair, forward) in uses where pair[0] < pair[1] {
        guard let backward = uses[[pair[1], pair[0]]] else { continue }
        Issue.record(
          "\(target): \(pair[0]) and \(pair[1]) use each other: \(forward.sorted()); \(backward.sorted())")
      }
    }
  }
}
