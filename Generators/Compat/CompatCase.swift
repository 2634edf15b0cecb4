/// One source incompatibility of TN3211 as a minimal reproducer: the code as written, and the documented fix.
public struct CompatCase: Hashable, Sendable {
  /// A stable, file-name-safe identifier, for example `module-color-clear`.
  public var id: String
  /// The technote section the case reproduces.
  public var title: String
  /// The diagnostic as the technote prints it.
  public var technoteDiagnostic: String
  /// The text the unified variant's error must contain: the diagnostic observed with the miniature (Swift 6.3.1).
  public var expectedDiagnostic: String
  /// Where the miniature departs from the technote, or nil.
  public var note: String?
  /// Extra declarations written after the miniature builders.
  public var declarations: [CompatDeclarations]
  /// A module besides the framework that the case imports; when set, the framework is built as its own module
  /// `MiniSwiftUI` too, so that two modules each declare a type.
  public var otherModule: CompatModule?
  /// The case's code against the per-kind framework.
  public var perKindCode: String
  /// The case's code against the unified framework (usually the same code).
  public var unifiedCode: String
  /// The technote's remedy, against the unified framework.
  public var fixCode: String

  /// The name of the module holding the miniature framework when `otherModule` is set.
  public static let frameworkModuleName = "MiniSwiftUI"

  public init(
    id: String, title: String, technoteDiagnostic: String, expectedDiagnostic: String, note: String? = nil,
    declarations: [CompatDeclarations], otherModule: CompatModule? = nil, code: String, unifiedCode: String? = nil,
    fixCode: String
  ) {
    self.id = id
    self.title = title
    self.technoteDiagnostic = technoteDiagnostic
    self.expectedDiagnostic = expectedDiagnostic
    self.note = note
    self.declarations = declarations
    self.otherModule = otherModule
    self.perKindCode = code
    self.unifiedCode = unifiedCode ?? code
    self.fixCode = fixCode
  }

  /// The three reproducers: per-kind and fix expected to compile, unified expected to fail.
  public var reproducers: [CompatReproducer] { CompatVariant.allCases.map(reproducer) }

  /// The reproducer of one variant.
  public func reproducer(_ variant: CompatVariant) -> CompatReproducer {
    let code: String
    let expectation: CompatExpectation
    switch variant {
    case .perKind: (code, expectation) = (perKindCode, .compiles)
    case .unified: (code, expectation) = (unifiedCode, .diagnostic(expectedDiagnostic))
    case .fix: (code, expectation) = (fixCode, .compiles)
    }
    let framework = Self.framework(model: variant.model, declarations: declarations)
    var out = SourceWriter()
    out.line("// Compatibility reproducer \(id) (\(variant.rawValue)): \(title)")
    var modules: [CompatModule] = []
    if let otherModule {
      modules = [CompatModule(name: Self.frameworkModuleName, source: framework), otherModule]
      for module in modules { out.line("import \(module.name)") }
      out.line()
    } else {
      out.line()
      out.lines(framework.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init))
      out.line("// MARK: - Case")
    }
    out.lines(code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    return CompatReproducer(
      caseID: id, variant: variant, modules: modules, source: out.text, expectation: expectation)
  }

  /// The miniature framework of `model` (minimal preset: views and toolbar content) plus `declarations`.
  static func framework(model: BuilderModel, declarations: [CompatDeclarations]) -> String {
    var out = SourceWriter()
    FrameworkEmitter(surface: FrameworkSurface(spec: CaseSpec(model: model, preset: .minimal))).emit(into: &out)
    for declaration in declarations { declaration.emit(model: model, into: &out) }
    return out.text
  }
}
