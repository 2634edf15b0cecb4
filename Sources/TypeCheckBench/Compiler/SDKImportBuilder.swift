import Foundation
import TypeCheckBenchCore

extension SDKImporter {
  /// The build of one module set in a work folder: stubs, conditional blocks, and each module's build-and-drop rounds.
  final class Builder {
    let swiftc: String
    let target: String
    let work: URL
    var interfaces: [Interface]
    let log: (String) -> Void
    let names: Set<String>
    /// Modules the interfaces use that this compiler cannot import: each becomes a stub module of that name.
    var missingModules = Set<String>()
    /// `M.X` names that live elsewhere on Linux (`CoreFoundation.CGFloat` → `Foundation.CGFloat`) or in a stub
    /// module for a Linux module's missing names.
    var renames: [String: String] = [:]
    var stubs: [String: StubModule] = [:]
    var changes: [SDKImportManifest.Change] = []
    var counts: [String: SDKImportManifest.Counts] = [:]
    /// The compiler whose `-dump-parse` stands in when `swiftc`'s crashes: the one bench finds by default
    /// (`ToolchainLocator.locateSwiftc`) when it is another; nil when there is none.
    lazy var parserFallback: String? = {
      guard let other = try? ToolchainLocator.locateSwiftc(),
        URL(fileURLWithPath: other).resolvingSymlinksInPath() != URL(fileURLWithPath: swiftc).resolvingSymlinksInPath()
      else { return nil }
      return other
    }()
    /// The modules whose parse came from `parserFallback` (the log says so once each).
    var fallbackLogged: Set<String> = []

    init(swiftc: String, target: String, work: URL, interfaces: [Interface], log: @escaping (String) -> Void) {
      self.swiftc = swiftc
      self.target = target
      self.work = work
      self.interfaces = interfaces
      self.log = log
      self.names = Set(interfaces.map(\.module))
    }

    var modulesFolder: URL { work.appendingPathComponent("modules") }
    var probeFolder: URL { work.appendingPathComponent("probe") }

    /// Modules the first build of a module showed up (`cannot find type 'CoreGraphics' in scope` where the text says
    /// `CoreGraphics.CGColor`): the build starts over with them stubbed.
    struct DiscoveredModules: Error {
      var names: Set<String>
    }

    func build() throws -> SDKImportManifest {
      for folder in [
        modulesFolder, probeFolder, work.appendingPathComponent("stubs"), work.appendingPathComponent("interfaces"),
      ] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      }
      try resolveConditionals()
      try findMissingModules()
      while true {
        do {
          return try buildAll()
        } catch let discovered as DiscoveredModules {
          log("sdk import: stubbing \(discovered.names.sorted().joined(separator: ", ")) too, and starting over")
          missingModules.formUnion(discovered.names)
        }
      }
    }

    func buildAll() throws -> SDKImportManifest {
      (renames, stubs, changes, counts, stubsChanged) = ([:], [:], [], [:], false)
      try planStubs()
      try writeStubs()
      var rewritten = interfaces.map { rewrite($0) }
      for index in rewritten.indices {
        log("sdk import: building \(rewritten[index].module)")
        rewritten[index] = try buildModule(rewritten[index], original: rewritten[index].text)
        // A stub that changed while this module built: the modules built before it are built again from their final
        // text (a kind or conformance a later module needed).
        if stubsChanged {
          stubsChanged = false
          for earlier in 0..<index {
            rewritten[earlier] = try buildModule(rewritten[earlier], original: nil)
          }
        }
      }
      // What the solver meets for `Group { … }` in the modules as built, for the check against the miniature.
      let initializers = try rewritten.flatMap { interface in
        BuilderInitializer.find(
          in: try declarations(of: interface.text, module: interface.module), text: interface.text,
          module: interface.module)
      }
      return SDKImportManifest(
        compiler: "", target: target, origin: "", sources: interfaces.map(\.source),
        stubs: stubs.keys.sorted().map { name in
          SDKImportManifest.Stub(
            module: name,
            declarations: stubs[name]!.declarations.sorted().map {
              "\($0.kind.rawValue) \($0.name)" + ($0.genericParameters > 0 ? "<\($0.genericParameters)>" : "")
            })
        },
        modules: rewritten.map { SDKImportManifest.Module(name: $0.module, counts: counts[$0.module]!) },
        changes: changes, seconds: 0, builderInitializers: initializers.sorted())
    }

    var stubsChanged = false

    // MARK: Conditional blocks

    /// Resolves every `#if` as this compiler does (one probe compile for every distinct condition of every file).
    func resolveConditionals() throws {
      let conditions = Array(Set(interfaces.flatMap { ConditionalBlocks.conditions(in: $0.text) })).sorted()
      guard !conditions.isEmpty else { return }
      let probe = probeFolder.appendingPathComponent("conditions.swift")
      try AtomicFile.write(ConditionalBlocks.probe(conditions), to: probe)
      let result = try ProcessRunner.run(swiftc, ["-typecheck", "-parse-as-library", probe.path], timeout: 300)
      let output = String(decoding: result.stderr + result.stdout, as: UTF8.self)
      let active = Set(
        conditions.indices.filter { output.contains(ConditionalBlocks.marker($0)) }.map { conditions[$0] })
      for index in interfaces.indices {
        interfaces[index].text = ConditionalBlocks.resolve(interfaces[index].text) { active.contains($0) }
      }
    }

    // MARK: Foreign names

    /// The imported modules this compiler cannot import (one probe compile per module).
    func findMissingModules() throws {
      let imported = Set(interfaces.flatMap { InterfaceRewrite.imports($0.text) }).subtracting(names)
      for module in imported.sorted() where try !canImport(module) {
        missingModules.insert(module)
      }
    }

    func canImport(_ module: String) throws -> Bool {
      let probe = probeFolder.appendingPathComponent("import-\(module).swift")
      try AtomicFile.write("import \(module)\n", to: probe)
      let result = try ProcessRunner.run(swiftc, ["-typecheck", "-parse-as-library", probe.path], timeout: 300)
      return result.status == .exited(0)
    }

    /// For every qualified name of a module this compiler has, whether it has that name; where not, whether
    /// Foundation has it (`CGFloat`), else a stub module `TCBStubs_M` holds it. Every name of a missing module is a stub
    /// in a module of that name.
    func planStubs() throws {
      let available = Set(interfaces.flatMap { InterfaceRewrite.imports($0.text) }).subtracting(names)
        .subtracting(missingModules).union(["Foundation", "CoreFoundation"])
      let all = ForeignName.scan(interfaces.map(\.text), modules: available.union(missingModules))
      let absent = try missingNames(all.filter { available.contains($0.module) && $0.module != "Swift" })
      let homeless = absent + all.filter { missingModules.contains($0.module) }
      let notInFoundation = Set(
        try missingNames(
          homeless.filter { $0.module != "Foundation" }.map {
            ForeignName(module: "Foundation", name: $0.name, kind: $0.kind, genericParameters: 0)
          }
        ).map(\.name))
      var modules: [String: [ForeignName]] = [:]
      for name in homeless {
        if name.module != "Foundation", !notInFoundation.contains(name.name) {
          renames[name.qualified] = "Foundation.\(name.name)"
        } else if missingModules.contains(name.module) {
          modules[name.module, default: []].append(name)
        } else {
          let stubModule = "TCBStubs_\(name.module)"
          renames[name.qualified] = "\(stubModule).\(name.name)"
          var moved = name
          moved.module = stubModule
          modules[stubModule, default: []].append(moved)
        }
      }
      for module in missingModules where modules[module] == nil { modules[module] = [] }
      for (module, declarations) in modules {
        stubs[module] = StubModule(name: module, declarations: Self.merged(declarations))
      }
    }

    /// One declaration per name, the strongest kind its uses imply (protocol over class over struct).
    static func merged(_ names: [ForeignName]) -> [ForeignName] {
      var byName: [String: ForeignName] = [:]
      for name in names {
        guard var known = byName[name.name] else {
          byName[name.name] = name
          continue
        }
        known.genericParameters = max(known.genericParameters, name.genericParameters)
        if name.kind == .protocol || (name.kind == .class && known.kind == .struct) { known.kind = name.kind }
        byName[name.name] = known
      }
      return byName.values.sorted()
    }

    /// The names of `candidates` that their module does not have here (one probe compile).
    func missingNames(_ candidates: [ForeignName]) throws -> [ForeignName] {
      guard !candidates.isEmpty else { return [] }
      let modules = Set(candidates.map(\.module)).sorted()
      let lines =
        modules.map { "import \($0)" }
        + candidates.enumerated().map { "typealias _Probe\($0.offset) = \($0.element.qualified)" }
      let probe = probeFolder.appendingPathComponent("names.swift")
      try AtomicFile.write(lines.joined(separator: "\n") + "\n", to: probe)
      let result = try ProcessRunner.run(swiftc, ["-typecheck", "-parse-as-library", probe.path], timeout: 300)
      let output = String(decoding: result.stderr + result.stdout, as: UTF8.self)
      let missingLines = Set(
        ImportDiagnostic.errors(in: output).filter { $0.message.hasPrefix("no type named") }.map(\.position.line))
      return candidates.enumerated().filter { missingLines.contains($0.offset + modules.count + 1) }.map(\.element)
    }

    /// Builds each stub module into the modules folder.
    func writeStubs() throws {
      for name in stubs.keys.sorted() {
        let source = work.appendingPathComponent("stubs/\(name).swift")
        try AtomicFile.write(stubs[name]!.source, to: source)
        let result = try ProcessRunner.run(
          swiftc,
          [
            "-emit-module", "-parse-as-library", "-module-name", name, "-swift-version", "5",
            "-enable-library-evolution", source.path, "-o",
            modulesFolder.appendingPathComponent("\(name).swiftmodule").path,
          ], timeout: 600)
        guard result.status == .exited(0) else {
          let output = String(decoding: result.stderr, as: UTF8.self)
          throw BenchError.software(
            "sdk import: the stub module \(name) does not build: "
              + (ImportDiagnostic.errors(in: output).first?.message ?? output.split(separator: "\n").first.map(
                String.init) ?? ""))
        }
      }
    }

    func rewrite(_ interface: Interface) -> Interface {
      var result = interface
      result.text = InterfaceRewrite.rewrite(
        interface.text, module: interface.module, target: target, renames: renames, stubbed: missingModules)
      return result
    }

    // MARK: Build and drop

    /// Builds `interface` from its text, dropping what fails, round by round. `original` is the text before any
    /// drop, whose declarations are counted (nil when rebuilding a module whose counts are known).
    func buildModule(_ interface: Interface, original: InterfaceText?) throws -> Interface {
      var current = interface
      let file = work.appendingPathComponent("interfaces/\(interface.module).swiftinterface")
      let declared = try original.map { try declarations(of: $0, module: interface.module) }
      var moduleCounts = startingCounts(of: interface.module, declared: declared)
      defer { counts[interface.module] = moduleCounts }
      // Macros whose plugins are absent here (`#Preview`, SwiftUI 27's `@State`) cannot expand: they go, with a note.
      if let declared {
        let macros = DropPlanner.externalMacros(in: declared, text: current.text)
        for edit in macros { record(edit, module: interface.module, text: current.text, counts: &moduleCounts) }
        current.text = DropPlanner.apply(macros, to: current.text)
      }
      var stubRounds = 0
      for round in 1...SDKImporter.maximumRounds {
        moduleCounts.rounds += 1
        try AtomicFile.write(current.text.text, to: file)
        let result = try ProcessRunner.run(
          swiftc,
          [
            "-frontend", "-compile-module-from-interface", file.path, "-module-name", interface.module,
            "-o", modulesFolder.appendingPathComponent("\(interface.module).swiftmodule").path,
            "-I", modulesFolder.path, "-diagnostic-style", "llvm",
          ], timeout: 1800)
        if result.status == .exited(0) {
          log("sdk import: \(interface.module) builds after \(round) round\(round == 1 ? "" : "s")")
          return current
        }
        let output = String(decoding: result.stderr + result.stdout, as: UTF8.self)
        if ProcessInfo.processInfo.environment["TYPECHECKBENCH_SDK_KEEP_WORK"] != nil {
          try? AtomicFile.write(
            output, to: probeFolder.appendingPathComponent("\(interface.module)-round-\(round).log"))
          try? AtomicFile.write(
            current.text.text,
            to: probeFolder.appendingPathComponent("\(interface.module)-round-\(round).swiftinterface"))
        }
        if removeUnknownFlag(named: output, from: &current) { continue }
        // The closing "failed to build module" line says nothing of where.
        let errors = ImportDiagnostic.errors(in: output).filter {
          $0.file.hasSuffix("\(interface.module).swiftinterface") && !$0.message.hasPrefix("failed to build module")
        }
        let modules = try undeclaredModules(in: errors, text: current.text)
        if !modules.isEmpty { throw DiscoveredModules(names: Set(modules)) }
        guard !errors.isEmpty else {
          throw BenchError.software(
            "sdk import: \(interface.module) does not build, and swiftc says nowhere why: "
              + (ImportDiagnostic.firstUnlocated(in: output) ?? "exit \(result.status)"))
        }
        // The stubs first: a conformance or kind the compiler asked of a stub, while that helps.
        if stubRounds < 4, try refineStubs(errors) {
          stubRounds += 1
          continue
        }
        let parsed = try declarations(of: current.text, module: interface.module)
        let edits = DropPlanner.edits(for: errors, in: parsed, text: current.text, module: interface.module)
        guard !edits.isEmpty else {
          throw BenchError.software(
            "sdk import: \(interface.module) still fails and nothing can be dropped: \(errors[0].message) (line "
              + "\(current.text.origin(of: min(errors[0].position.line, current.text.lines.count))))")
        }
        for edit in edits { record(edit, module: interface.module, text: current.text, counts: &moduleCounts) }
        log("sdk import: \(interface.module) round \(round): \(errors.count) errors, \(edits.count) changes")
        if ProcessInfo.processInfo.environment["TYPECHECKBENCH_SDK_KEEP_WORK"] != nil {
          for error in errors.prefix(5) { log("  \(error.position.line):\(error.position.column): \(error.message)") }
        }
        current.text = DropPlanner.apply(edits, to: current.text)
      }
      throw BenchError.software(
        "sdk import: \(interface.module) still fails after \(SDKImporter.maximumRounds) rounds of drops")
    }

    /// The counts a module's build starts from: those of an earlier build of it, with `declared` (the declarations
    /// of its text before any drop) counted as declared and, until something is dropped, kept.
    func startingCounts(of module: String, declared: [ParsedDeclaration]?) -> SDKImportManifest.Counts {
      var moduleCounts =
        counts[module]
        ?? SDKImportManifest.Counts(
          declared: [:], kept: [:], publicDeclared: 0, publicKept: 0, bodiesStripped: 0, conformancesRemoved: 0,
          rounds: 0)
      if let declared {
        moduleCounts.declared = Self.tally(declared, publicOnly: false)
        moduleCounts.kept = moduleCounts.declared
        moduleCounts.publicDeclared = Self.tally(declared, publicOnly: true).values.reduce(0, +)
        moduleCounts.publicKept = moduleCounts.publicDeclared
      }
      return moduleCounts
    }

    /// A flag of a later compiler's (`unknown argument: '-x'` in `output`) goes from `interface`'s flags line, as a
    /// recorded change; true when one went (the build goes on).
    func removeUnknownFlag(named output: String, from interface: inout Interface) -> Bool {
      guard let flag = DropPlanner.quoted(after: "unknown argument: ", in: output),
        let index = interface.text.lines.firstIndex(where: {
          $0.hasPrefix("// swift-module-flags:") && $0.contains(flag)
        })
      else { return false }
      interface.text.setLine(index + 1, InterfaceRewrite.removingFlag(flag, from: interface.text.lines[index]))
      changes.append(
        SDKImportManifest.Change(
          module: interface.module, line: interface.text.origin(of: index + 1), action: "flag removed",
          kind: "flag", name: flag, reason: "unknown argument: '\(flag)'"))
      return true
    }

    /// The modules `errors` name as types they cannot find (`cannot find type 'UIKit'` where the text names
    /// `UIKit.X`), sorted. A name this compiler imports as a module (Foundation), one Foundation declares (CGFloat,
    /// named in a body as `CGFloat.pi`), or a generic parameter (`<T`, `T : P`) is no missing module.
    func undeclaredModules(in errors: [ImportDiagnostic], text: InterfaceText) throws -> [String] {
      let discovered = Set(
        errors.compactMap { DropPlanner.quoted(after: "cannot find type ", in: $0.message) }.filter { word in
          !missingModules.contains(word) && !names.contains(word) && word.first?.isUppercase == true
            && !ForeignName.scan([text], modules: [word]).isEmpty
        })
      var modules: [String] = []
      for word in discovered.sorted() {
        if text.lines.contains(where: { $0.contains("<\(word)") || $0.contains(" \(word) : ") }) { continue }
        if try canImport(word) { continue }
        let foundation = ForeignName(module: "Foundation", name: word, kind: .struct, genericParameters: 0)
        if try missingNames([foundation]).isEmpty { continue }
        modules.append(word)
      }
      return modules
    }

    /// Applies what `errors` ask of the stubs; true when a stub changed (and the stub modules were rebuilt).
    func refineStubs(_ errors: [ImportDiagnostic]) throws -> Bool {
      var changed = false
      for error in errors {
        for (module, stub) in stubs {
          guard let request = StubModule.request(for: error.message, stubs: Set(stub.declarations.map(\.name))) else {
            continue
          }
          var updated = stub
          switch request {
          case .conformance(let name, let protocolName):
            updated.conformances[name, default: []].insert(protocolName)
          case .kind(let name, let kind):
            if let index = updated.declarations.firstIndex(where: { $0.name == name }) {
              updated.declarations[index].kind = kind
            }
          }
          if updated != stub {
            stubs[module] = updated
            changed = true
          }
        }
      }
      if changed {
        stubsChanged = true
        try writeStubs()
      }
      return changed
    }

    /// The declarations of `text` as the compiler parses it. Where the importing compiler's `-dump-parse` fails on
    /// what another compiler parses cleanly (Swift 6.2.3's crashes on SwiftUICore's interface, and on SwiftUI's finds
    /// no type `Swift`), that compiler's parse (`parserFallback`) says where declarations are, and the log says so;
    /// the modules are still built by `swiftc`. A crash with no fallback stops the import: a dump cut short would hide
    /// every declaration after it.
    func declarations(of text: InterfaceText, module: String) throws -> [ParsedDeclaration] {
      let name = "\(module).swiftinterface"
      let file = probeFolder.appendingPathComponent(name)
      try AtomicFile.write(text.text, to: file)
      let arguments = ["-frontend", "-dump-parse", file.path, "-module-name", module]
      var result = try ProcessRunner.run(swiftc, arguments, workingDirectory: probeFolder, timeout: 600)
      let own = result
      // What the importing compiler's failed parse said, for the log or the error.
      var failure: String {
        "\(swiftc) -dump-parse of \(module)'s interface ended with \(own.status)"
          + (ImportDiagnostic.errors(in: own.stderrText).first.map { " (\($0.message))" } ?? "")
      }
      if !result.status.isSuccess, let fallback = parserFallback {
        let other = try ProcessRunner.run(fallback, arguments, workingDirectory: probeFolder, timeout: 600)
        if other.status.isSuccess {
          if fallbackLogged.insert(module).inserted {
            log("sdk import: \(failure); \(fallback) -dump-parse says where declarations are")
          }
          result = other
        }
      }
      let errors = ImportDiagnostic.errors(in: result.stderrText)
      if !result.status.isSuccess, errors.isEmpty {
        throw BenchError.software("sdk import: \(failure), so bench cannot tell where its declarations are")
      }
      if let first = errors.first {
        throw BenchError.data(
          "sdk import: \(module)'s interface does not parse (line \(text.origin(of: min(first.position.line, text.lines.count)))): "
            + "\(first.message); is it truncated?")
      }
      let dump = String(decoding: result.stdout, as: UTF8.self)
      let pathInDump = dump.contains("range=[\(file.path):") ? file.path : name
      return ParseDump.declarations(dump, file: pathInDump)
    }

    /// Declarations counted by keyword (accessors and imports left out).
    static func tally(_ declarations: [ParsedDeclaration], publicOnly: Bool) -> [String: Int] {
      var result: [String: Int] = [:]
      func visit(_ declaration: ParsedDeclaration) {
        if counted(declaration), !publicOnly || ["public", "open"].contains(declaration.access ?? "") {
          result[declaration.keyword, default: 0] += 1
        }
        declaration.members.forEach(visit)
      }
      declarations.forEach(visit)
      return result
    }

    static func counted(_ declaration: ParsedDeclaration) -> Bool {
      !["accessor_decl", "import_decl"].contains(declaration.kind)
    }

    /// Adds `edit` to the changes and takes what it drops off the kept counts.
    func record(_ edit: DropPlanner.Edit, module: String, text: InterfaceText, counts: inout SDKImportManifest.Counts) {
      let path = (edit.owners + [edit.declaration?.name ?? ""]).filter { !$0.isEmpty }.joined(separator: ".")
      let line = edit.declaration.map { text.origin(of: $0.start.line) } ?? 0
      let kind = edit.declaration?.keyword ?? "line"
      switch edit.action {
      case .drop:
        changes.append(
          .init(module: module, line: line, action: "dropped", kind: kind, name: path, reason: edit.reason))
        guard let declaration = edit.declaration else { return }
        for (keyword, count) in Self.tally([declaration], publicOnly: false) {
          counts.kept[keyword, default: 0] -= count
        }
        counts.publicKept -= Self.tally([declaration], publicOnly: true).values.reduce(0, +)
      case .stripBody:
        counts.bodiesStripped += 1
        changes.append(
          .init(module: module, line: line, action: "body stripped", kind: kind, name: path, reason: edit.reason))
      case .removeConformance(let name, let headerLine):
        counts.conformancesRemoved += 1
        changes.append(
          .init(
            module: module, line: text.origin(of: headerLine), action: "conformance removed", kind: kind,
            name: "\(path): \(name)", reason: edit.reason))
      case .insertLine(let inserted, let after):
        changes.append(
          .init(
            module: module, line: text.origin(of: after), action: "typealias added", kind: kind,
            name: "\(path): \(inserted.trimmingCharacters(in: .whitespaces))", reason: edit.reason))
      case .removeAttribute(let position):
        changes.append(
          .init(
            module: module, line: text.origin(of: position.line), action: "attribute removed", kind: kind,
            name: path, reason: edit.reason))
      case .dropLine(let dropped):
        changes.append(
          .init(
            module: module, line: text.origin(of: dropped), action: "line dropped", kind: "line",
            name: text.line(dropped).trimmingCharacters(in: .whitespaces), reason: edit.reason))
      }
    }
  }
}
