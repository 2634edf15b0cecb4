/// The source of one miniature framework, compiled as its own module.
public struct FrameworkModule: Hashable, Sendable {
  /// The module name, a Swift identifier: the framework's surface and a hash of its source
  /// (`MiniPerKindSwiftUIPack_5e0c1f3a`), so that one name is one source in every run.
  public var name: String
  /// The module's only source file.
  public var source: String
  /// The miniature modules it imports, by name (an SDK surface's `SwiftUI` imports its `SwiftUICore`): they are
  /// built first, into the same folder.
  public var imports: [String]

  public init(name: String, source: String, imports: [String] = []) {
    self.name = name
    self.source = source
    self.imports = imports
  }

  /// The module's source file name: its name plus `.swift`.
  public var fileName: String { name + ".swift" }

  /// The flags that build the module with `swiftc`, before the toolchain's own flags: one whole-module frontend job
  /// that type-checks every declaration and writes `<outputFolder>/<name>.swiftmodule`.
  public func buildArguments(sourcePath: String, outputFolder: String) -> [String] {
    [
      "-emit-module", "-wmo", "-parse-as-library", "-module-name", name, sourcePath, "-emit-module-path",
      outputFolder + "/" + name + ".swiftmodule",
    ] + (imports.isEmpty ? [] : ["-I", outputFolder])
  }
}
