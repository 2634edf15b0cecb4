import Foundation
import Testing

/// `TypeCheckBench`'s folders are its layers, as docs/architecture.md lists them (top to bottom): each folder the
/// list names exists and nothing else does, and a file uses no type a layer above its own declares.
@Suite struct LayerTests {
  static let sources = GeneratedDocs.root.appendingPathComponent("Sources/TypeCheckBench")

  /// The layers docs/architecture.md lists, top first, and the files it names at the top of the target.
  static func documentedLayers() throws -> (layers: [String], files: [String]) {
    let text = try String(
      contentsOf: GeneratedDocs.root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
    let start = try #require(text.range(of: "Within `TypeCheckBench` each folder is a layer"))
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

  @Test func theFoldersAreTheDocumentedLayers() throws {
    let (layers, files) = try Self.documentedLayers()
    #expect(layers.count >= 4, "\(layers)")
    let entries = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path)
    var isFolder: ObjCBool = false
    let folders = entries.filter {
      FileManager.default.fileExists(atPath: Self.sources.appendingPathComponent($0).path, isDirectory: &isFolder)
        && isFolder.boolValue
    }
    #expect(Set(folders) == Set(layers), "folders \(folders.sorted()), documented \(layers)")
    #expect(Set(entries).subtracting(folders) == Set(files), "\(entries.sorted())")
  }

  /// The type names each layer's files declare at their top level, and each file's text without comments and string
  /// literals, by layer.
  static func declarations(layers: [String]) throws -> (types: [String: String], files: [(String, String, String)]) {
    var types: [String: String] = [:]
    var files: [(layer: String, path: String, text: String)] = []
    let declaration = try Regex(
      #"(?m)^(?:public |private |fileprivate )?(?:final )?(?:struct|enum|class|protocol) (\w+)"#)
    for layer in layers {
      let folder = sources.appendingPathComponent(layer)
      let enumerator = try #require(FileManager.default.enumerator(atPath: folder.path))
      for case let path as String in enumerator where path.hasSuffix(".swift") {
        let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
        for match in text.matches(of: declaration) { types[String(match.output[1].substring!)] = layer }
        let code = text.replacing(try Regex(#"//[^\n]*"#), with: "").replacing(
          try Regex(#""(?:[^"\\\n]|\\.)*""#), with: "\"\"")
        files.append((layer, layer + "/" + path, code))
      }
    }
    return (types, files)
  }

  @Test func aLayerUsesNoTypeOfALayerAboveIt() throws {
    let layers = try Self.documentedLayers().layers
    let (types, files) = try Self.declarations(layers: layers)
    #expect(types["RunFolder"] != nil && types["ProcessRunner"] != nil, "\(types.count) types")
    let nested = try Regex(#"(?m)^\s+(?:public |private |fileprivate )?(?:struct|enum|class) (\w+)"#)
    var uses: [String] = []
    for (layer, path, code) in files {
      let rank = layers.firstIndex(of: layer)!
      let ownNested = Set(code.matches(of: nested).map { String($0.output[1].substring!) })
      for (name, owner) in types where layers.firstIndex(of: owner)! < rank && !ownNested.contains(name) {
        if code.contains(try Regex("\\b\(name)\\b")) { uses.append("\(path) uses \(name) (\(owner))") }
      }
    }
    #expect(uses.isEmpty, "\(uses.sorted())")
  }
}
