import Foundation
import Generators
import TypeCheckBenchCore

extension TemplateSweep {
  /// The largest template file read: a template is the pattern swept, made large by `{{#repeat}}`, not by its text
  /// (reading and scanning takes about 40 bytes of memory per byte of template).
  static let maximumTemplateBytes = 4 << 20

  /// Reads `--template` and `--param`; nil when there is no `--template`.
  /// - Throws: `BenchError.usage` for an unreadable template, a placeholder syntax error (one line naming the line and
  ///   column), a parameter without `--param` or a `--param` the template does not use, and an instance too large.
  static func read<Options: SweepCommandOptions>(_ arguments: ParsedArguments<Options>) throws -> TemplateSweep? {
    guard let path = try arguments[\.sweep.template] else {
      if arguments.has(\.sweep.param) { throw BenchError.usage("--param needs --template FILE (the file it fills in)") }
      return nil
    }
    // The size is checked before a byte is read: a huge file (or a device that never ends) is refused at once.
    if let attributes = try? FileManager.default.attributesOfItem(atPath: path) {
      if let type = attributes[.type] as? FileAttributeType, type != .typeRegular {
        throw BenchError.usage("--template: \(path) is not a regular file")
      }
      if let size = (attributes[.size] as? NSNumber)?.intValue, size > maximumTemplateBytes {
        throw BenchError.usage(
          "--template: \(path) is \(NumberFormat.compact(Double(size) / Double(1 << 20), digits: 3)) MiB, above the "
            + "\(maximumTemplateBytes >> 20) MiB a template may be: write the pattern once and let {{#repeat N}} make "
            + "it large")
      }
    }
    let text: String
    do {
      text = try String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8)
    } catch {
      throw BenchError.usage("--template: cannot read \(path): \(BenchError.reason(error))")
    }
    let template: Template
    do {
      template = try Template(text)
    } catch {
      throw BenchError.usage(error.described(file: path))
    }
    var parameters: [Parameter] = []
    for entry in try arguments.all(\.sweep.param) {
      guard let equals = entry.firstIndex(of: "="), equals != entry.startIndex else {
        throw BenchError.usage("--param: expected NAME=VALUES such as N=1...12, got '\(entry)'")
      }
      let name = String(entry[..<equals]).trimmingCharacters(in: .whitespaces)
      guard Template.isParameterName(name) else {
        throw BenchError.usage(
          "--param: '\(name)' is not a parameter name (a letter or _, then letters, digits or _; i is the index)")
      }
      guard !parameters.contains(where: { $0.name == name }) else {
        throw BenchError.usage("--param: \(name) is given twice; give all its values at once, as in \(name)=1,2,4")
      }
      let values = try ValueParsers.values(
        String(entry[entry.index(after: equals)...]), for: .templatePlaceholder(name)
      ).compactMap(\.integer)
      parameters.append(Parameter(name: name, values: values))
    }
    for name in template.parameterNames where !parameters.contains(where: { $0.name == name }) {
      let location = template.firstUse(of: name).map { ":\($0.line):\($0.column)" } ?? ""
      throw BenchError.usage("\(path)\(location): {{\(name)}} has no values: give them with --param \(name)=1...12")
    }
    for parameter in parameters where !template.parameterNames.contains(parameter.name) {
      throw BenchError.usage("--param \(parameter.name): \(path) does not use {{\(parameter.name)}}")
    }
    guard !parameters.isEmpty else {
      throw BenchError.usage("--template: \(path) has no {{NAME}} placeholder, so there is nothing to sweep")
    }
    let sweep = TemplateSweep(
      path: path, name: TemplateCase.name(fromPath: path), text: text, hash: FNV1a.hex(text), parameters: parameters,
      axis: (parameters.first { $0.values.count > 1 } ?? parameters[0]).name)
    // The largest instance is the one that can exceed the size limit: refuse it before anything is written.
    do {
      _ = try template.render(Dictionary(uniqueKeysWithValues: parameters.map { ($0.name, $0.values.last!) }))
    } catch {
      throw BenchError.usage(error.described(file: path))
    }
    return sweep
  }

  /// The models a template is measured with: both (or `--model`'s) when it imports SwiftUI or Charts, else one.
  func models(_ requested: [BuilderModel]?) throws -> [BuilderModel] {
    guard imports.any else {
      if requested != nil {
        throw BenchError.usage(
          "--model: \(path) imports neither SwiftUI nor Charts, so it has no builder model to choose")
      }
      return [.perKind]
    }
    return requested ?? BuilderModel.allCases
  }
}
