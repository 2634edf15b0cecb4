/// `--template FILE` with its `--param NAME=VALUES`: a user's template swept over the grid of its parameters.
public struct TemplateSweep: Sendable, Equatable {
  /// One `--param`: a parameter name and its values, ascending.
  public struct Parameter: Sendable, Equatable {
    public var name: String
    public var values: [Int]

    public init(name: String, values: [Int]) {
      self.name = name
      self.values = values
    }
  }

  public var path: String
  public var name: String
  public var text: String
  public var hash: String
  /// In the order given on the command line.
  public var parameters: [Parameter]
  /// The parameter on the x axis: the first `--param` with several values (else the first).
  public var axis: String
  public var imports: TemplateImports

  public init(path: String, name: String, text: String, hash: String, parameters: [Parameter], axis: String) {
    self.path = path
    self.name = name
    self.text = text
    self.hash = hash
    self.parameters = parameters
    self.axis = axis
    imports = TemplateImports(text)
  }

  /// The template's family: its placeholders are its parameters.
  public var family: CaseFamily {
    CaseFamily(.template(name: name, text: text, hash: hash, parameters: parameters.map(\.name), axis: axis))
  }

  /// `sweep` with the template's family as its only family and each `--param`'s values.
  public func applied(to sweep: CaseSweep) -> CaseSweep {
    var sweep = sweep
    let family = family
    sweep.families = [family]
    for placeholder in family.descriptor.valueParameters {
      if let parameter = parameters.first(where: { $0.name == placeholder.label }) {
        sweep[placeholder] = parameter.values.map(ParameterValue.integer)
      }
    }
    return sweep
  }
}

extension CaseSpec {
  /// The template instance of a template's case (its text and placeholder values), or nil for a built-in family's.
  public var template: TemplateCase? { TemplateCase(self) }
}
